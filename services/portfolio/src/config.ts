import { BaseConfigSchema, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/platform';
import { z } from 'zod';

/** Settings of the portfolio service; the only reader of process.env. */
export const ConfigSchema = ServiceConfigSchema.extend({
  /** The safety-net evaluation of price alerts, besides the one after every market import. */
  PORTFOLIO_ALERTS_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
});
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
