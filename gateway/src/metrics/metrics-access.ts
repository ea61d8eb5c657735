import { createHash, timingSafeEqual } from 'node:crypto';
import { isLoopback } from '../http/loopback';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends it as a bearer token (compared in constant
 * time); without it, only clients on this machine. Route-level counts and latencies are for the monitoring
 * system, not for the public.
 */
export const metricsAccess = (ip: string, authorization: string | undefined, token: string | undefined): 'ok' | 'unauthorized' | 'forbidden' => {
  if (token === undefined) return isLoopback(ip) ? 'ok' : 'forbidden';
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  if (!match) return 'unauthorized';
  return timingSafeEqual(digest(match[1]!), digest(token)) ? 'ok' : 'unauthorized';
};
