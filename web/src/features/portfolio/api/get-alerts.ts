import type { Alerts } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { retryUnlessRefused } from './retry';
import { ALERTS_PATHS } from '@nivesh/proto/values';

/** Every query of the user's alerts starts with this key. */
export const ALERTS_KEY = ['portfolio', 'alerts'] as const;

/** GET /api/portfolio/alerts (bearer): the user's alerts, how many the account may keep and whether it is premium. */
export const getAlerts = (signal?: AbortSignal): Promise<Alerts> =>
  apiGet(ALERTS_PATHS.portfolioAlerts, { parse: parseWith((c) => c.AlertsSchema), signal, timeoutMs: 15_000 });

/** Keyed by the user, so one account's alerts never show in another's session in the same tab. */
export const alertsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...ALERTS_KEY, userId] as const,
    queryFn: ({ signal }) => getAlerts(signal),
    retry: retryUnlessRefused,
  });

export const useAlerts = () => {
  const { user } = useSession();
  return useQuery(alertsQueryOptions(user?.user_id ?? null));
};

/** Every change answers the whole list after it: shown at once, with no second request. */
export const showAlerts = (queryClient: QueryClient, alerts: Alerts): void => {
  queryClient.setQueriesData({ queryKey: ALERTS_KEY }, alerts);
};
