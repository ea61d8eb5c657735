import { createSchemaMigration } from '@nivesh/platform';
import { CreateVisitorEvents1796083200000 } from './1796083200000-create-visitor-events';
import { CreateDailyRollups1796083201000 } from './1796083201000-create-daily-rollups';
import { CreateAnalytics1796083202000 } from './1796083202000-create-analytics';
import { CleanStoredPages1796083203000 } from './1796083203000-clean-stored-pages';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'tracking';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [createSchemaMigration(SCHEMA, 1763776800000), CreateVisitorEvents1796083200000, CreateDailyRollups1796083201000, CreateAnalytics1796083202000, CleanStoredPages1796083203000];
