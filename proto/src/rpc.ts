import { z } from 'zod';
import type { SERVICE_NAMES } from './values/services';
export { SERVICE_NAMES } from './values/services';

export type ServiceName = (typeof SERVICE_NAMES)[number];

/** A feature as people call it, for sentences such as 'Price forecasts are not available yet.' */
export type Feature = { readonly name: string; readonly plural?: boolean };

/** What each service's features are called in texts people read; a pattern may name its own feature. */
export const SERVICE_FEATURES: Readonly<Record<ServiceName, Feature>> = {
  auth: { name: 'Accounts and sign-in', plural: true },
  premium: { name: 'Premium subscriptions', plural: true },
  chat: { name: 'Warren AI chat' },
  prediction: { name: 'Price forecasts', plural: true },
  tracking: { name: 'Usage analytics' },
  market: { name: 'Market data' },
  portfolio: { name: 'The portfolio' },
  content: { name: 'The blog' },
};

export type RpcDefinition<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> = {
  readonly service: ServiceName;
  readonly pattern: string;
  /** The feature this pattern serves, named for people (errors say it, never the pattern). */
  readonly feature: Feature;
  readonly payload: P;
  readonly result: R;
  /** Default deadline for a call, in milliseconds. */
  readonly deadlineMs: number;
  /** Running the handler twice would be noticed (mail sent, row written): the transport runs it at most once per request. */
  readonly sideEffects: boolean;
};

export const DEFAULT_RPC_DEADLINE_MS = 5_000;

/** How a pattern is called; a plain number is the deadline alone. */
export type RpcOptions = {
  deadlineMs?: number;
  /** Default false: the handler only reads, or is idempotent, so a request taken over after a crash may run again. */
  sideEffects?: boolean;
  /** The feature as people call it; the service's (SERVICE_FEATURES) unless the pattern serves another. */
  feature?: Feature;
};

/** Named for a service outside SERVICE_FEATURES (test services). */
const UNNAMED_FEATURE: Feature = { name: 'This feature' };

/** Declares one RPC pattern with its payload and result schemas. */
export const defineRpc = <P extends z.ZodType, R extends z.ZodType>(
  service: ServiceName,
  name: string,
  payload: P,
  result: R,
  options: number | RpcOptions = {},
): RpcDefinition<P, R> => {
  const { deadlineMs = DEFAULT_RPC_DEADLINE_MS, sideEffects = false, feature } = typeof options === 'number' ? { deadlineMs: options } : options;
  return {
    service,
    pattern: `${service}.${name}`,
    feature: feature ?? (SERVICE_FEATURES[service] as Feature | undefined) ?? UNNAMED_FEATURE,
    payload,
    result,
    deadlineMs,
    sideEffects,
  };
};

/** The service that owns a pattern ("auth.me" belongs to "auth"). */
export const serviceOfPattern = (pattern: string): string => pattern.slice(0, pattern.indexOf('.'));

/** The identity of the caller, added by the gateway to payloads of authenticated calls. */
export const CallerSchema = z.object({
  user_id: z.string(),
  session_id: z.string(),
  is_admin: z.boolean(),
  /** The session's username (the gateway adds it; services that show it need not ask auth). */
  username: z.string().optional(),
});
export type Caller = z.infer<typeof CallerSchema>;

export const EmptySchema = z.object({}).strict();

export const HealthResultSchema = z.object({
  service: z.string(),
  status: z.enum(['ok', 'degraded']),
  instance: z.string(),
  uptime_s: z.number(),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
  /** The service's feature patterns that answer not_implemented (501) because they are not built yet. */
  not_built: z.array(z.string()).optional(),
});
export type HealthResult = z.infer<typeof HealthResultSchema>;

export const PingResultSchema = z.object({ pong: z.literal(true), service: z.string(), instance: z.string() });
export type PingResult = z.infer<typeof PingResultSchema>;

/** Every service answers these two patterns. */
export const systemPatterns = (service: ServiceName) => ({
  health: defineRpc(service, 'health', EmptySchema, HealthResultSchema, 2_000),
  ping: defineRpc(service, 'ping', EmptySchema, PingResultSchema, 2_000),
});

/** Whether a pattern is one of the system patterns (health, ping) rather than a feature. */
export const isFeaturePattern = (def: RpcDefinition): boolean => !/\.(health|ping)$/.test(def.pattern);
