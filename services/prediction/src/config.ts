import { BaseConfigSchema, COMPLIANCE_CONFIG, checkComplianceConfig, envFlag, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/platform';
import { z } from 'zod';

/** Settings of the prediction service; the only reader of process.env. */
export const ConfigSchema = ServiceConfigSchema.extend({
  /** Back-test every symbol when the market data changes (the `prediction-backtest` job); tests turn it off. */
  PREDICTION_BACKTEST: envFlag('true'),
  /**
   * A market of at most this many symbols is back-tested whole after every import; a larger one (MARKET_UNIVERSE nifty500
   * or all) only the symbols whose back-test is stored, i.e. that someone asked TrendVision about: a first question
   * computes a symbol's back-test on demand (seconds), and from then on it is kept current each evening.
   */
  PREDICTION_BACKTEST_ALL_UP_TO: z.coerce.number().int().min(0).max(10_000).default(60),
  /** Worker threads that fit models, so the service's event loop stays free. */
  PREDICTION_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
  /** `education` (default): forecasts use prices at least 30 days old and come with their outcome (README "Compliance profiles"). */
  ...COMPLIANCE_CONFIG,
}).superRefine(checkComplianceConfig);
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
