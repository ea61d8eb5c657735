import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { ANALYTICS_PATHS } from '@nivesh/proto/values';

/** GET /api/analytics/dashboard/basic-stats (administrators only): counts of all time and of today. */
export const getBasicStats = (signal?: AbortSignal) =>
  apiGet(ANALYTICS_PATHS.analyticsBasicStats, { parse: parseWith((c) => c.AnalyticsBasicStatsResponseSchema), signal });

export const basicStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['analytics', 'basic-stats'] as const,
    queryFn: ({ signal }) => getBasicStats(signal),
    staleTime: 60_000,
  });

export const useBasicStats = () => useQuery(basicStatsQueryOptions());
