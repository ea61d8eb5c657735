import { type DynamicModule, Module } from '@nestjs/common';
import { ServicePlatformModule } from '@nivesh/proto/node';
import type { Config } from './config';
import { CsvImporter } from './import/csv-importer';
import { MIGRATIONS, SCHEMA } from './migrations';
import { IndicatorsService } from './quotes/indicators.service';
import { MarketHandler } from './quotes/market.handler';
import { MarketService } from './quotes/market.service';
import { BarStore } from './store/bar-store';
import { MarketCache } from './store/market-cache';

@Module({})
export class AppModule {
  static register(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [ServicePlatformModule.forService({ service: 'market', config, database: { schema: SCHEMA, migrations: MIGRATIONS } })],
      controllers: [MarketHandler],
      providers: [BarStore, MarketCache, MarketService, IndicatorsService, CsvImporter],
    };
  }
}
