import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMarket } from './market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

/** How often an open page asks again: a session's file can arrive while a page is open in the evening. */
const FRESHNESS_REFRESH_MS = 5 * 60_000;

/** GET /api/market/freshness: whether the prices are current against NSE's trading calendar, and why not in one sentence. */
export const marketFreshnessQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'freshness'] as const,
    queryFn: ({ signal }) => getMarket(MARKET_PATHS.marketFreshness, {}, (c) => c.MarketFreshnessSchema, signal),
    staleTime: FRESHNESS_REFRESH_MS,
    refetchInterval: FRESHNESS_REFRESH_MS,
  });

export const useMarketFreshness = () => useQuery(marketFreshnessQueryOptions());
