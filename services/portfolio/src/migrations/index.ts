import { createSchemaMigration } from '@nivesh/platform';
import { CreateTransactions1796342400000 } from './1796342400000-create-transactions';
import { CreateWatchlists1796428800000 } from './1796428800000-create-watchlists';
import { CreateAlerts1796515200000 } from './1796515200000-create-alerts';
import { CreateRevisions1796601600000 } from './1796601600000-create-revisions';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'portfolio';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [createSchemaMigration(SCHEMA, 1763776800000), CreateTransactions1796342400000, CreateWatchlists1796428800000, CreateAlerts1796515200000, CreateRevisions1796601600000];
