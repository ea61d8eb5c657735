import { CreateSchema1763776800000 } from './1763776800000-create-schema';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'auth';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [CreateSchema1763776800000];
