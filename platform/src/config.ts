import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A 'true'/'false' setting read as a boolean, `fallback` when unset. */
export const envFlag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');

/** Settings every Node process of Nivesh reads. */
export const BaseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/nivesh'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key, stream and queue, so several deployments (or test runs) share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[a-z0-9_-]{1,32}$/).default('nivesh'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** OpenTelemetry collector (OTLP over HTTP, e.g. http://otel-collector:4318); unset, no span leaves the process. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The collector's traces address in full, when it is not OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** OpenTelemetry's own switch: true, no spans at all (no trace ids in logs); for measuring what tracing costs. */
  OTEL_SDK_DISABLED: envFlag('false'),
  /** The share (0–1) of traces started by this process that are recorded and exported; a caller's choice is followed. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
});
export type BaseConfig = z.infer<typeof BaseConfigSchema>;

/** Settings of a service process (an RPC server). */
export const ServiceConfigSchema = BaseConfigSchema.extend({
  /** Requests one instance runs at the same time. */
  RPC_CONCURRENCY: z.coerce.number().int().min(1).max(4_096).default(256),
  /** Port of this instance's Prometheus /metrics (0: any free port); unset, none is served. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** Address /metrics listens on: this machine only unless told otherwise (0.0.0.0 in a pod, for the scraper). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});
export type ServiceConfig = z.infer<typeof ServiceConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment with a schema. Every problem names its variable; empty strings count as unset
 * so `FOO=` in a compose file falls back to the default.
 */
export const parseConfig = <S extends z.ZodObject>(schema: S, env: Record<string, string | undefined>): z.output<S> => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const unset = issue.code === 'invalid_type' && !(String(issue.path[0]) in cleaned);
      return `${issue.path.join('.') || '(root)'}: ${unset ? 'is required but not set' : issue.message}`;
    }),
  );
};

/** Loads config at process start: on error prints the variables at fault and exits. */
export const loadConfigOrExit = <S extends z.ZodObject>(schema: S, env: Record<string, string | undefined>): z.output<S> => {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
};
