import path from 'node:path';
import { BaseConfigSchema, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/proto/node';
import { z } from 'zod';

/** Settings of the market service; the only reader of process.env. */
export const ConfigSchema = ServiceConfigSchema.extend({
  /** Directory of per-symbol NSE CSV files loaded when the database is empty. */
  MARKET_DATA_DIR: z.string().default(path.resolve(__dirname, '../../../../shared/data/nse')),
  /** How long analysis answers stay in the Redis cache; 0 turns the cache off (bench:market measures both). */
  MARKET_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(7 * 24 * 3600).default(6 * 60 * 60),
});
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
