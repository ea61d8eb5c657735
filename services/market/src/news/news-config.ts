import { envFlag } from '@nivesh/platform';
import { z } from 'zod';

/** One feed address: http or https only. */
const FeedUrlSchema = z.url({ protocol: /^https?$/, error: 'NEWS_FEEDS must list http(s) addresses of RSS or Atom feeds, separated by commas' });

/**
 * The settings of AI News's press feeds, as fields of the market service's ConfigSchema (src/config.ts spreads them in,
 * so they are validated at boot with the rest).
 */
export const NEWS_CONFIG = {
  /** RSS or Atom feeds to read, comma-separated; empty: AI News shows only what Nivesh generates from its own data. */
  NEWS_FEEDS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(FeedUrlSchema).max(100)),
  /** How often the `news-feeds` job looks for feeds that are due. */
  NEWS_FEEDS_EVERY_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** Deadline of one feed request. */
  NEWS_FEED_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** Schedule the `news-feeds` job (tests call the ingestion directly). */
  NEWS_JOBS: envFlag('true'),
};

export const NewsConfigSchema = z.object(NEWS_CONFIG);
export type NewsConfig = z.infer<typeof NewsConfigSchema>;

/**
 * The news settings out of the service's parsed config; the defaults where the config does not carry them (a config
 * parsed without these fields: AI News then reads no feeds).
 */
export const newsConfigOf = (config: object): NewsConfig => {
  const given = config as Partial<Record<keyof NewsConfig, unknown>>;
  const raw = Object.fromEntries(
    Object.keys(NEWS_CONFIG).map((key) => {
      const value = given[key as keyof NewsConfig];
      // Already parsed by ConfigSchema: turned back into the env form so one schema reads both.
      return [key, Array.isArray(value) ? value.join(',') : typeof value === 'boolean' ? String(value) : value];
    }),
  );
  return NewsConfigSchema.parse(raw);
};
