// `npm run migrate`: creates the database if needed and applies every service's TypeORM migrations.
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, ensureDatabase, ensureInfrastructure, migrate } from './lib/common.mjs';

const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || DEFAULT_DATABASE_URL, REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL };
await ensureInfrastructure(env);
await ensureDatabase(env.DATABASE_URL);
migrate(env);
