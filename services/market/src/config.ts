import path from 'node:path';
import { BaseConfigSchema, envFlag, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/platform';
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
  /** A universe of at most this many stocks is warmed whole; a larger one only its most-asked stocks, this many. */
  MARKET_WARM_SYMBOLS: z.coerce.number().int().min(0).max(5_000).default(60),
  /** How long a live provider (Yahoo Finance) answer is reused, per symbol and period. */
  MARKET_PROVIDER_CACHE_SECONDS: z.coerce.number().int().min(0).max(7 * 24 * 3600).default(6 * 60 * 60),
  /** Provider requests allowed per window, shared by every market instance and the import CLI (through Redis). */
  MARKET_PROVIDER_RATE_POINTS: z.coerce.number().int().min(1).max(10_000).default(30),
  MARKET_PROVIDER_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Longest wait for a free request slot before an import fails (its job is then retried). */
  MARKET_PROVIDER_MAX_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** Deadline of one provider request. */
  MARKET_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Fetch each trading evening's files from NSE (the `market-daily` job scheduler). Off by default: a machine without
   * NSE (a laptop offline, CI) serves the shared dataset and says its prices end there; deployments turn it on.
   */
  MARKET_DAILY: envFlag('false'),
  /**
   * When the daily job runs (cron, India time): every 20 minutes through the evening; the trading calendar decides what
   * is due. 'manual': no schedule, runs only when queued (tests, the demo's replay).
   */
  MARKET_DAILY_CRON: z.union([z.literal('manual'), z.string().min(9).max(100)]).default('*/20 18-23 * * *'),
  /** After this India time ('HH:MM') on a trading day, a day NSE has not published is filled from the provider until NSE's file arrives. */
  NSE_PUBLISH_DEADLINE: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).default('21:30'),
  /** NSE's archive host (bhavcopies, index files); tests and demos point it at the local stand-in. */
  NSE_ARCHIVE_URL: z.url().default('https://nsearchives.nseindia.com'),
  /** NSE's website (the corporate-actions API). */
  NSE_WEB_URL: z.url().default('https://www.nseindia.com'),
  /** The first day NSE's archive serves in the layout read here (UDiFF bhavcopies began on 8 Jul 2024); earlier gaps go to the provider. */
  NSE_ARCHIVE_FROM: z.iso.date().default('2024-07-08'),
  /**
   * Which stocks the daily files add to the universe: `dataset` (the 48 of the shared dataset, none added), `nifty500`
   * (members of the NIFTY 500, from NSE's list), `all` (every EQ-series stock of the bhavcopy, about 2,000).
   */
  MARKET_UNIVERSE: z.enum(['dataset', 'nifty500', 'all']).default('dataset'),
  /** New stocks whose history is fetched from the provider per run (its rate limit is shared; the rest wait for later runs). */
  MARKET_HISTORY_PER_RUN: z.coerce.number().int().min(0).max(500).default(20),
  /** At most this many missed days are fetched from NSE per run (an outage is caught up over several runs). */
  MARKET_BACKFILL_DAYS_PER_RUN: z.coerce.number().int().min(1).max(250).default(20),
  /** Requests per second to NSE's hosts (it blocks clients that ask faster). */
  NSE_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(3).default(3),
  NSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Retries of a timed-out or 5xx request, waiting NSE_RETRY_MIN_MS, then twice as long each time. */
  NSE_RETRIES: z.coerce.number().int().min(0).max(8).default(3),
  NSE_RETRY_MIN_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
});
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What the import CLI reads: the service's settings (database, Redis, provider), all with defaults. */
export const loadImportConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
