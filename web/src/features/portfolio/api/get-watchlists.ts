import type { Watchlist } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { retryUnlessRefused } from './retry';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** Every query of the user's watchlists starts with this key. */
export const WATCHLISTS_KEY = ['portfolio', 'watchlists'] as const;

/** GET /api/portfolio/watchlists (bearer): the user's watchlists, each stock with its close, day's change and range. */
export const getWatchlists = async (signal?: AbortSignal): Promise<Watchlist[]> => {
  const answer = await apiGet(PORTFOLIO_PATHS.portfolioWatchlists, {
    parse: parseWith((c) => c.WatchlistsSchema),
    signal,
    timeoutMs: 15_000,
  });
  return answer.watchlists;
};

/** Keyed by the user, so one account's watchlists never show in another's session in the same tab. */
export const watchlistsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...WATCHLISTS_KEY, userId] as const,
    queryFn: ({ signal }) => getWatchlists(signal),
    retry: retryUnlessRefused,
  });

export const useWatchlists = () => {
  const { user } = useSession();
  return useQuery(watchlistsQueryOptions(user?.user_id ?? null));
};

/** Every change answers the whole list after it: shown at once, with no second request. */
export const showWatchlists = (queryClient: QueryClient, watchlists: Watchlist[]): void => {
  queryClient.setQueriesData({ queryKey: WATCHLISTS_KEY }, watchlists);
};
