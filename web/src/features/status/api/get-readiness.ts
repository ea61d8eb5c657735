import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /readyz: the gateway's readiness and the state of each dependency it checks. */
export type Readiness = {
  status: 'ready' | 'not_ready';
  checks: Record<string, string>;
};

// TODO: parse with the readiness schema from @nivesh/proto once proto exports one.
export const parseReadiness = (body: unknown): Readiness | null => {
  if (typeof body !== 'object' || body === null) return null;
  const { status, checks } = body as { status?: unknown; checks?: unknown };
  if (status !== 'ready' && status !== 'not_ready') return null;
  if (typeof checks !== 'object' || checks === null || Array.isArray(checks)) return null;
  const entries = Object.entries(checks);
  if (!entries.every(([, value]) => typeof value === 'string')) return null;
  return { status, checks: Object.fromEntries(entries) as Record<string, string> };
};

export const getReadiness = (signal?: AbortSignal): Promise<Readiness> =>
  // A gateway that is not ready answers 503 with the same body; that is an answer, not a failure.
  apiGet('/readyz', { parse: parseReadiness, signal, acceptStatuses: [503] });

export const readinessQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'readiness'] as const,
    queryFn: ({ signal }) => getReadiness(signal),
    refetchInterval: 30_000,
  });

export const useReadiness = () => useQuery(readinessQueryOptions());
