import { BaseConfigSchema, envFlag, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/proto/node';
import { z } from 'zod';

/** Settings of the prediction service; the only reader of process.env. */
export const ConfigSchema = ServiceConfigSchema.extend({
  /** Back-test every symbol when the market data changes (the `prediction-backtest` job); tests turn it off. */
  PREDICTION_BACKTEST: envFlag('true'),
  /** Worker threads that fit models, so the service's event loop stays free. */
  PREDICTION_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
});
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
