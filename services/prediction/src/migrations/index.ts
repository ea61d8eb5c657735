import { CreateSchema1763776800000 } from './1763776800000-create-schema';
import { CreateEvaluations1764547200000 } from './1764547200000-create-evaluations';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'prediction';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [CreateSchema1763776800000, CreateEvaluations1764547200000];
