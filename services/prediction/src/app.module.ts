import { auditTrailProvider, serviceRoot } from '@nivesh/platform';
import type { Config } from './config';
import { ENTITIES } from './entities';
import { BacktestOriginsRepository } from './forecasts/backtest-origins.repository';
import { AuditRetentionProcessor } from './forecasts/audit-retention.processor';
import { BacktestProcessor } from './forecasts/backtest.processor';
import { EvaluationsRepository } from './forecasts/evaluations.repository';
import { ForecastRecordsRepository } from './forecasts/forecast-records.repository';
import { ForecastHandler } from './forecasts/forecast.handler';
import { ForecastService } from './forecasts/forecast.service';
import { LiveRecordService } from './forecasts/live-record.service';
import { MarketDataClient } from './forecasts/market-data.client';
import { MIGRATIONS, SCHEMA } from './migrations';

/** The prediction service: TrendVision's forecasts, their back-tests and their live record. */
export const AppModule = serviceRoot<Config>({
  service: 'prediction',
  database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
  controllers: [ForecastHandler],
  providers: [
    MarketDataClient, EvaluationsRepository, BacktestOriginsRepository, ForecastRecordsRepository, LiveRecordService,
    ForecastService, BacktestProcessor,
    auditTrailProvider(SCHEMA), AuditRetentionProcessor,
  ],
});
