import type { Watchlist } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { WatchlistSymbol } from './add-to-watchlist';
import { showWatchlists } from './get-watchlists';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** POST /api/portfolio/watchlists/remove (bearer) with {id, symbol}: take a stock off a watchlist; answers them all. */
export const removeFromWatchlist = async (body: WatchlistSymbol, signal?: AbortSignal): Promise<Watchlist[]> => {
  const answer = await apiPost(PORTFOLIO_PATHS.portfolioRemoveFromWatchlist, body, {
    parse: parseWith((c) => c.WatchlistsSchema),
    signal,
    timeoutMs: 15_000,
  });
  return answer.watchlists;
};

export const removeFromWatchlistMutationOptions = () =>
  mutationOptions({
    mutationKey: ['portfolio', 'remove-from-watchlist'] as const,
    mutationFn: (body: WatchlistSymbol) => removeFromWatchlist(body),
  });

/** Removes, then shows the list the server answered. */
export const useRemoveFromWatchlist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...removeFromWatchlistMutationOptions(),
    onSuccess: (watchlists) => showWatchlists(queryClient, watchlists),
  });
};
