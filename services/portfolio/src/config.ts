import { BaseConfigSchema, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/proto/node';
import type { z } from 'zod';

/** Settings of the portfolio service; the only reader of process.env. */
export const ConfigSchema = ServiceConfigSchema;
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
