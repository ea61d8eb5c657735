import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMarket, MARKET_STALE_MS } from '../../../lib/market/market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

/** GET /api/market/summary: trend, momentum and volatility readings with their meaning, support and resistance. */
export const summaryQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: ['market', 'summary', symbol] as const,
    queryFn: ({ signal }) => getMarket(MARKET_PATHS.marketSummary, { symbol }, (c) => c.MarketTechnicalSummarySchema, signal),
    staleTime: MARKET_STALE_MS,
  });

export const useSummary = (symbol: string) => useQuery(summaryQueryOptions(symbol));
