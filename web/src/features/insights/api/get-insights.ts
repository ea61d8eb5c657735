import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MARKET_STALE_MS, getMarket } from '../../../lib/market/market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

/** GET /api/market/insights: horizons, drawdown history, seasonality, correlation and volume profile of one stock. */
export const insightsQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: ['market', 'insights', symbol] as const,
    queryFn: ({ signal }) => getMarket(MARKET_PATHS.marketInsights, { symbol }, (c) => c.MarketInsightsSchema, signal),
    staleTime: MARKET_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useInsights = (symbol: string) => useQuery(insightsQueryOptions(symbol));
