import { BaseConfigSchema, envFlag, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/platform';
import { z } from 'zod';

/** Settings of the tracking service; the only reader of process.env. An empty variable (compose passes `${X:-}`) counts as unset. */
export const ConfigSchema = ServiceConfigSchema.extend({
  /** Visitor events written in one INSERT at most (fewer when the worker cannot hold this many jobs at once). */
  TRACKING_BATCH_SIZE: z.coerce.number().int().min(1).max(5_000).default(200),
  /** How long the first event of a batch waits for others before the batch is written anyway. */
  TRACKING_BATCH_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(100),
  /** Visitor-event jobs one instance holds at once (each waits in the batch until its row is committed). */
  TRACKING_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(4_096).default(256),
  /**
   * Raw visitor events are deleted this many days after their day, once the day is rolled up (daily rollups are kept for
   * good), and opt-in analytics sessions this many days after their last use.
   */
  TRACKING_RAW_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  /** Schedule the rollup (hourly) and retention (daily) jobs; tests call them directly. */
  TRACKING_JOBS: envFlag('true'),
  /** The address people open Nivesh at: a referrer on this host is the site itself, counted as direct. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
});
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
