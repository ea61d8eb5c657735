import type { Watchlist } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { showWatchlists } from './get-watchlists';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** POST /api/portfolio/watchlists/delete (bearer) with {id}: delete one of the user’s watchlists; answers the rest. */
export const deleteWatchlist = async (id: string, signal?: AbortSignal): Promise<Watchlist[]> => {
  const answer = await apiPost(
    PORTFOLIO_PATHS.portfolioDeleteWatchlist,
    { id },
    { parse: parseWith((c) => c.WatchlistsSchema), signal, timeoutMs: 15_000 },
  );
  return answer.watchlists;
};

export const deleteWatchlistMutationOptions = () =>
  mutationOptions({
    mutationKey: ['portfolio', 'delete-watchlist'] as const,
    mutationFn: (id: string) => deleteWatchlist(id),
  });

/** Deletes, then shows the list the server answered. */
export const useDeleteWatchlist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteWatchlistMutationOptions(),
    onSuccess: (watchlists) => showWatchlists(queryClient, watchlists),
  });
};
