import { MarketSymbolsSchema, ROUTES } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMarket } from './market-query';

/** GET /api/market/symbols: every stock of the universe, for the symbol picker. */
export const symbolsQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'symbols'] as const,
    queryFn: ({ signal }) => getMarket(ROUTES.marketSymbols.path, {}, MarketSymbolsSchema, signal),
    staleTime: 60 * 60_000,
  });

export const useSymbols = () => useQuery(symbolsQueryOptions());
