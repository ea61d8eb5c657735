import { z } from 'zod';
import { SERVICE_NAMES } from '../rpc';
import { ComplianceSchema } from './compliance';
import { MarketFreshnessSchema, MarketIngestRunsSchema } from './market';
import { PaymentDeadLettersSchema } from './premium';

/** GET /healthz: the gateway process is alive. */
export const LivenessResponseSchema = z.object({
  status: z.literal('ok'),
  uptime_s: z.number().nonnegative(),
});
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>;

/** GET /readyz: PostgreSQL, Redis and every service answer; 503 with the failing checks named when not. */
export const ReadinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
  detail: z.string().optional(),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;

/** GET /api/system/ping?service=...: round-trip through one service's RPC stream. */
export const SystemPingQuerySchema = z.object({
  service: z.enum(SERVICE_NAMES).default('tracking'),
});
export type SystemPingQuery = z.infer<typeof SystemPingQuerySchema>;

const CheckSchema = z.enum(['ok', 'failed']);

/** One service as an administrator sees it: does it answer, and how many of its features are built. */
export const ServiceStatusSchema = z.object({
  service: z.enum(SERVICE_NAMES),
  /** What people call the service's features, e.g. 'Warren AI chat'. */
  name: z.string(),
  /** running: it answers and reaches its database and Redis; degraded: it answers but cannot; down: no answer. */
  state: z.enum(['running', 'degraded', 'down']),
  /** The instance that answered, or null when none did. */
  instance: z.string().nullable(),
  features_total: z.number().int().nonnegative(),
  /** Features that answer 501 because they are not built yet; null when the service did not say. */
  features_not_built: z.number().int().nonnegative().nullable(),
});
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;

/**
 * GET /api/system/status (administrators only): PostgreSQL, Redis and every service, with what each can do, and
 * the payment webhooks set aside unapplied (null when the premium service could not be asked), and the daily market
 * data: how current it is and the pipeline's last runs (null when the market service could not be asked), and the
 * compliance profile.
 */
export const SystemStatusResponseSchema = z.object({
  checked_at: z.iso.datetime(),
  dependencies: z.object({ postgres: CheckSchema, redis: CheckSchema }),
  services: z.array(ServiceStatusSchema),
  payment_dead_letters: PaymentDeadLettersSchema.nullable(),
  market_data: z.object({ freshness: MarketFreshnessSchema, runs: MarketIngestRunsSchema.shape.runs }).nullable(),
  /** The compliance profile this deployment runs under, as GET /api/system/compliance answers it. */
  compliance: ComplianceSchema,
});
export type SystemStatusResponse = z.infer<typeof SystemStatusResponseSchema>;

/** One message the development SMTP sink received (scripts/dev-smtp.mjs). */
export const DevMailSchema = z.object({
  id: z.string(),
  received_at: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type DevMail = z.infer<typeof DevMailSchema>;

/** GET /dev/mailbox (never served when NODE_ENV=production): newest first, optionally for one address. */
export const DevMailboxQuerySchema = z.object({ to: z.string().max(254).optional() });
export const DevMailboxResponseSchema = z.object({ messages: z.array(DevMailSchema) });
export type DevMailboxResponse = z.infer<typeof DevMailboxResponseSchema>;

/** Redis list the development SMTP sink writes and /dev/mailbox reads. */
export const devMailboxKey = (prefix: string): string => `${prefix}:dev:mailbox`;
