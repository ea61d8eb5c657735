import { CreateSchema1763776800000 } from './1763776800000-create-schema';
import { CreateAccounts1763863200000 } from './1763863200000-create-accounts';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'auth';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [CreateSchema1763776800000, CreateAccounts1763863200000];
