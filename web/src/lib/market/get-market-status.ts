import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMarket, MARKET_STALE_MS } from './market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

/** GET /api/market/status: the date of the latest stored bar ("prices as of"). */
export const marketStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'status'] as const,
    queryFn: ({ signal }) => getMarket(MARKET_PATHS.marketStatus, {}, (c) => c.MarketStatusSchema, signal),
    staleTime: MARKET_STALE_MS,
  });

export const useMarketStatus = () => useQuery(marketStatusQueryOptions());
