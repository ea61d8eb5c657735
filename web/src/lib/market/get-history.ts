import type { HistoryRange } from '@nivesh/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getMarket, MARKET_STALE_MS } from './market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

/** GET /api/market/history: daily bars of one symbol, adjusted for splits and bonus issues unless `adjusted` is false. */
export const historyQueryOptions = (symbol: string, range: HistoryRange, adjusted: boolean) =>
  queryOptions({
    queryKey: ['market', 'history', symbol, range, adjusted] as const,
    queryFn: ({ signal }) => getMarket(MARKET_PATHS.marketHistory, { symbol, range, adjusted }, (c) => c.MarketHistorySchema, signal),
    staleTime: MARKET_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useHistory = (symbol: string, range: HistoryRange, adjusted = true) => useQuery(historyQueryOptions(symbol, range, adjusted));
