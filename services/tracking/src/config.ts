import { loadConfigOrExit, ServiceConfigSchema } from '@nivesh/proto/node';
import { z } from 'zod';

/** Settings of the tracking service; the only reader of process.env. */
export const ConfigSchema = ServiceConfigSchema;
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);
