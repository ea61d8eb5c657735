import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMarket, MARKET_STALE_MS } from './market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

/** GET /api/market/quote: last close, change, 52-week range and volume of one symbol. */
export const quoteQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: ['market', 'quote', symbol] as const,
    queryFn: ({ signal }) => getMarket(MARKET_PATHS.marketQuote, { symbol }, (c) => c.MarketQuoteSchema, signal),
    staleTime: MARKET_STALE_MS,
  });

export const useQuote = (symbol: string) => useQuery(quoteQueryOptions(symbol));
