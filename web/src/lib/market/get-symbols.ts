import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMarket } from './market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

/** GET /api/market/symbols: every stock of the universe, for the symbol picker. */
export const symbolsQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'symbols'] as const,
    queryFn: ({ signal }) => getMarket(MARKET_PATHS.marketSymbols, {}, (c) => c.MarketSymbolsSchema, signal),
    staleTime: 60 * 60_000,
  });

export const useSymbols = () => useQuery(symbolsQueryOptions());

/** True once the list of stocks has loaded and `symbol` is not in it, e.g. a mistyped `?symbol=` in the address. */
export const useIsUnknownSymbol = (symbol: string): boolean => {
  const { data } = useSymbols();
  return data !== undefined && !data.some((entry) => entry.symbol === symbol);
};
