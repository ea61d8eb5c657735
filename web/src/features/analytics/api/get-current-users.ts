import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { ANALYTICS_PATHS } from '@nivesh/proto/values';

/** How often the live figures are asked again. */
export const LIVE_REFRESH_MS = 30_000;

/** GET /api/analytics/dashboard/current-users (administrators only): visitors and users seen in the last minutes. */
export const getCurrentUsers = (signal?: AbortSignal) =>
  apiGet(ANALYTICS_PATHS.analyticsCurrentUsers, { parse: parseWith((c) => c.AnalyticsCurrentUsersResponseSchema), signal });

export const currentUsersQueryOptions = () =>
  queryOptions({
    queryKey: ['analytics', 'current-users'] as const,
    queryFn: ({ signal }) => getCurrentUsers(signal),
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useCurrentUsers = () => useQuery(currentUsersQueryOptions());
