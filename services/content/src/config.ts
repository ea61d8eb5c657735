import { BaseConfigSchema, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/platform';
import type { z } from 'zod';

/** Settings of the content service (the blog); the only reader of process.env. */
export const ConfigSchema = ServiceConfigSchema;
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` and the posts loader need: the database only, no secrets. */
export const loadDatabaseConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
