import type { Watchlist } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { showWatchlists } from './get-watchlists';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** Which watchlist, and which stock. */
export type WatchlistSymbol = { id: string; symbol: string };

/** POST /api/portfolio/watchlists/add (bearer) with {id, symbol}: add a stock (at most 50 a list); answers them all. */
export const addToWatchlist = async (body: WatchlistSymbol, signal?: AbortSignal): Promise<Watchlist[]> => {
  const answer = await apiPost(PORTFOLIO_PATHS.portfolioAddToWatchlist, body, {
    parse: parseWith((c) => c.WatchlistsSchema),
    signal,
    timeoutMs: 15_000,
  });
  return answer.watchlists;
};

export const addToWatchlistMutationOptions = () =>
  mutationOptions({
    mutationKey: ['portfolio', 'add-to-watchlist'] as const,
    mutationFn: (body: WatchlistSymbol) => addToWatchlist(body),
  });

/** Adds, then shows the list the server answered, the new stock with its prices. */
export const useAddToWatchlist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...addToWatchlistMutationOptions(),
    onSuccess: (watchlists) => showWatchlists(queryClient, watchlists),
  });
};
