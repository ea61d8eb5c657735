import { createSchemaMigration } from '@nivesh/platform';
import { CreateEvaluations1764547200000 } from './1764547200000-create-evaluations';
import { CreateForecastRecords1795996800000 } from './1795996800000-create-forecast-records';
import { CreateBacktestOrigins1796083200000 } from './1796083200000-create-backtest-origins';
import { CreateAuditRecords1798200000000 } from './1798200000000-create-audit-records';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'prediction';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [createSchemaMigration(SCHEMA, 1763776800000), CreateEvaluations1764547200000, CreateForecastRecords1795996800000, CreateBacktestOrigins1796083200000, CreateAuditRecords1798200000000];
