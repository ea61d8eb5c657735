import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { ANALYTICS_PATHS } from '@nivesh/proto/values';

/** GET /api/analytics/dashboard/overview?days=N (administrators only): both dashboards draw from this one answer. */
export const getAnalyticsOverview = (days: number, signal?: AbortSignal) =>
  apiGet(`${ANALYTICS_PATHS.analyticsOverview}?days=${days}`, { parse: parseWith((c) => c.AnalyticsOverviewResponseSchema), signal });

export const analyticsOverviewQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['analytics', 'overview', days] as const,
    queryFn: ({ signal }) => getAnalyticsOverview(days, signal),
    staleTime: 60_000,
    // Another period keeps the figures in view, marked as updating, until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useAnalyticsOverview = (days: number) => useQuery(analyticsOverviewQueryOptions(days));
