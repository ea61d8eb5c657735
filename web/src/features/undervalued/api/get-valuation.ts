import type { StockValuation } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MARKET_STALE_MS, getMarket } from '../../../lib/market/market-query';
import { retryUnlessRefused } from './retry';
import { MARKET_PATHS } from '@nivesh/proto/values';

/**
 * GET /api/fundamentals/stock?symbol= (bearer): one stock's measures today, its weekly P/E and P/B, and every filing
 * counted with its EPS as filed and in today's shares. An unknown symbol answers 404 {detail}.
 */
export const getValuation = (symbol: string, signal?: AbortSignal): Promise<StockValuation> =>
  getMarket(MARKET_PATHS.fundamentalsValuation, { symbol }, (c) => c.StockValuationSchema, signal);

export const valuationQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: ['fundamentals', 'valuation', symbol] as const,
    queryFn: ({ signal }) => getValuation(symbol, signal),
    staleTime: MARKET_STALE_MS,
    retry: retryUnlessRefused,
  });

export const useValuation = (symbol: string) => useQuery(valuationQueryOptions(symbol));
