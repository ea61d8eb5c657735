import { createSchemaMigration } from '@nivesh/platform';
import { CreatePosts1795651260000 } from './1795651260000-create-posts';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'content';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [createSchemaMigration(SCHEMA, 1795651200000), CreatePosts1795651260000];
