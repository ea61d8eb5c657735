import type { ValueBacktest } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MARKET_STALE_MS, getMarket } from '../../../lib/market/market-query';
import { retryUnlessRefused } from './retry';
import { MARKET_PATHS } from '@nivesh/proto/values';

/** GET /api/fundamentals/backtest (bearer): yearly earnings-yield quintiles and their next twelve months against NIFTY 50, with the caveats. */
export const getValueBacktest = (signal?: AbortSignal): Promise<ValueBacktest> =>
  getMarket(MARKET_PATHS.fundamentalsBacktest, {}, (c) => c.ValueBacktestSchema, signal);

export const valueBacktestQueryOptions = () =>
  queryOptions({
    queryKey: ['fundamentals', 'backtest'] as const,
    queryFn: ({ signal }) => getValueBacktest(signal),
    staleTime: MARKET_STALE_MS,
    retry: retryUnlessRefused,
  });

export const useValueBacktest = () => useQuery(valueBacktestQueryOptions());
