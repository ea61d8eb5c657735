import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServicePlatformModule } from '@nivesh/platform';
import type { Config } from './config';
import { MIGRATIONS, SCHEMA } from './migrations';
import { MarketDataClient } from './portfolio/market-data.client';
import { PortfolioHandler } from './portfolio/portfolio.handler';
import { PortfolioService } from './portfolio/portfolio.service';
import { WatchlistsService } from './portfolio/watchlists.service';
import { AlertsEvaluator } from './notify/alerts.evaluator';
import { AlertsHandler } from './notify/alerts.handler';
import { AlertsProcessor } from './notify/alerts.processor';
import { AlertsService } from './notify/alerts.service';
import { PremiumClient } from './notify/premium.client';
import { AlertsRepository } from './store/alerts.repository';
import { ENTITIES } from './store/transaction.entity';
import { TransactionsRepository } from './store/transactions.repository';
import { WatchlistsRepository } from './store/watchlists.repository';

@Module({})
export class AppModule {
  static register(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forService({ service: 'portfolio', config, database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES } }),
        TypeOrmModule.forFeature(ENTITIES),
      ],
      controllers: [PortfolioHandler, AlertsHandler],
      providers: [
        TransactionsRepository,
        WatchlistsRepository,
        AlertsRepository,
        MarketDataClient,
        PremiumClient,
        PortfolioService,
        WatchlistsService,
        AlertsService,
        AlertsEvaluator,
        AlertsProcessor,
      ],
    };
  }
}
