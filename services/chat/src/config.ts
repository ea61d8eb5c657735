import { BaseConfigSchema, COMPLIANCE_CONFIG, checkComplianceConfig, envFlag, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/platform';
import { z } from 'zod';

/** Settings of the chat service; the only reader of process.env. An empty variable (compose passes `${X:-}`) counts as unset. */
export const ConfigSchema = ServiceConfigSchema.extend({
  /** OpenAI-compatible chat completions endpoint; without it the built-in educational engine answers (`offline_mode`). */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** How long a language-model answer may take before the built-in engine answers instead. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(20_000),
  /** A chat can be continued this long after its last message; then it has ended (404) and a new one starts. */
  CHAT_CONTEXT_IDLE_HOURS: z.coerce.number().positive().max(24 * 30).default(24),
  /** Conversations are deleted this many days after their last message, by the `chat-retention` job. */
  CHAT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Run the retention job (every hour); tests call it directly. */
  CHAT_RETENTION_JOB: envFlag('true'),
  /** Under `registered` Warren AI's opening message names the research analyst who runs this deployment. */
  ...COMPLIANCE_CONFIG,
}).superRefine(checkComplianceConfig);
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
