import { BaseConfigSchema, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/proto/node';
import { z } from 'zod';

/** Settings of the chat service; the only reader of process.env. */
export const ConfigSchema = ServiceConfigSchema.extend({
  /** OpenAI-compatible chat completions endpoint; without it the built-in educational engine answers. */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
});
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
