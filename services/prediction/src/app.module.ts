import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { auditTrailProvider, ServicePlatformModule } from '@nivesh/platform';
import type { Config } from './config';
import { BacktestOriginEntity } from './forecasts/backtest-origin.entity';
import { BacktestOriginsRepository } from './forecasts/backtest-origins.repository';
import { AuditRetentionProcessor } from './forecasts/audit-retention.processor';
import { BacktestProcessor } from './forecasts/backtest.processor';
import { EvaluationEntity } from './forecasts/evaluation.entity';
import { EvaluationsRepository } from './forecasts/evaluations.repository';
import { ForecastRecordEntity } from './forecasts/forecast-record.entity';
import { ForecastRecordsRepository } from './forecasts/forecast-records.repository';
import { ForecastHandler } from './forecasts/forecast.handler';
import { ForecastService } from './forecasts/forecast.service';
import { LiveRecordService } from './forecasts/live-record.service';
import { MarketDataClient } from './forecasts/market-data.client';
import { MIGRATIONS, SCHEMA } from './migrations';

const ENTITIES = [EvaluationEntity, ForecastRecordEntity, BacktestOriginEntity];

@Module({})
export class AppModule {
  static register(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forService({ service: 'prediction', config, database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES } }),
        TypeOrmModule.forFeature(ENTITIES),
      ],
      controllers: [ForecastHandler],
      providers: [MarketDataClient, EvaluationsRepository, BacktestOriginsRepository, ForecastRecordsRepository, LiveRecordService, ForecastService, BacktestProcessor, AuditRetentionProcessor, auditTrailProvider(SCHEMA)],
    };
  }
}
