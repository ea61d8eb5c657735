import path from 'node:path';
import { BaseConfigSchema, envFlag, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/proto/node';
import { z } from 'zod';
import { NEWS_CONFIG } from './news/news-config';

/** Settings of the market service; the only reader of process.env. */
export const ConfigSchema = ServiceConfigSchema.extend({
  ...NEWS_CONFIG,
  /** Directory of per-symbol NSE CSV files loaded when the database is empty. */
  MARKET_DATA_DIR: z.string().default(path.resolve(__dirname, '../../../../shared/data/nse')),
  /** Directory of NSE financial-results filings (XBRL, one folder per symbol) loaded when market.filings is empty. */
  FUNDAMENTALS_DATA_DIR: z.string().default(path.resolve(__dirname, '../../../../shared/data/fundamentals/xbrl')),
  /** How long analysis answers stay in the Redis cache; 0 turns the cache off (bench:market measures both). */
  MARKET_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(7 * 24 * 3600).default(6 * 60 * 60),
  /** Compute the common answers of every new data version ahead of users (the `market-warm` job); tests turn it off. */
  MARKET_WARM: envFlag('true'),
  /** How long a live provider (Yahoo Finance) answer is reused, per symbol and period. */
  MARKET_PROVIDER_CACHE_SECONDS: z.coerce.number().int().min(0).max(7 * 24 * 3600).default(6 * 60 * 60),
  /** Provider requests allowed per window, shared by every market instance and the import CLI (through Redis). */
  MARKET_PROVIDER_RATE_POINTS: z.coerce.number().int().min(1).max(10_000).default(30),
  MARKET_PROVIDER_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Longest wait for a free request slot before an import fails (its job is then retried). */
  MARKET_PROVIDER_MAX_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** Deadline of one provider request. */
  MARKET_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What the import CLI reads: the service's settings (database, Redis, provider), all with defaults. */
export const loadImportConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
