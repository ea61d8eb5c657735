import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { SYSTEM_PATHS } from '@nivesh/proto/values';

/** GET /api/system/status (administrators only): PostgreSQL, Redis and each service, with how many features it has built. */
export const getSystemStatus = (signal?: AbortSignal) =>
  apiGet(SYSTEM_PATHS.systemStatus, { parse: parseWith((c) => c.SystemStatusResponseSchema), signal });

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'status'] as const,
    queryFn: ({ signal }) => getSystemStatus(signal),
    refetchInterval: 30_000,
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());
