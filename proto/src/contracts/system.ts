import { z } from 'zod';
import { SERVICE_NAMES } from '../rpc';

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
