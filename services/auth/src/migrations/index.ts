import { createSchemaMigration } from '@nivesh/platform';
import { CreateAccounts1763863200000 } from './1763863200000-create-accounts';
import { AddAccountAdministration1796083200000 } from './1796083200000-add-account-administration';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'auth';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [createSchemaMigration(SCHEMA, 1763776800000), CreateAccounts1763863200000, AddAccountAdministration1796083200000];
