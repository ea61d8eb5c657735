import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMarket, MARKET_STALE_MS } from './market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

/** GET /api/market/overview: NIFTY 50, breadth, top gainers, losers and most active, and sectors on the latest day. */
export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'overview'] as const,
    queryFn: ({ signal }) => getMarket(MARKET_PATHS.marketOverview, {}, (c) => c.MarketOverviewSchema, signal),
    staleTime: MARKET_STALE_MS,
  });

export const useOverview = () => useQuery(overviewQueryOptions());
