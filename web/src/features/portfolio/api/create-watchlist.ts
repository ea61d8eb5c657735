import type { Watchlist } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { showWatchlists } from './get-watchlists';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** POST /api/portfolio/watchlists (bearer) with {name}: create a watchlist (at most 20); answers them all. */
export const createWatchlist = async (name: string, signal?: AbortSignal): Promise<Watchlist[]> => {
  const answer = await apiPost(
    PORTFOLIO_PATHS.portfolioCreateWatchlist,
    { name },
    { parse: parseWith((c) => c.WatchlistsSchema), signal, timeoutMs: 15_000 },
  );
  return answer.watchlists;
};

export const createWatchlistMutationOptions = () =>
  mutationOptions({
    mutationKey: ['portfolio', 'create-watchlist'] as const,
    mutationFn: (name: string) => createWatchlist(name),
  });

/** Creates, then shows the list the server answered. */
export const useCreateWatchlist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...createWatchlistMutationOptions(),
    onSuccess: (watchlists) => showWatchlists(queryClient, watchlists),
  });
};
