import type { HistoryRange } from '@nivesh/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { loadContracts } from '../contracts';
import { getMarket, MARKET_STALE_MS } from './market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

/** GET /api/market/indicators: SMA, EMA, RSI, MACD, Bollinger, ATR, ADX, stochastic, OBV and VWAP series, as dated points. */
export const indicatorsQueryOptions = (symbol: string, range: HistoryRange) =>
  queryOptions({
    queryKey: ['market', 'indicators', symbol, range] as const,
    // The answer travels as columns aligned to its dates (a quarter of the bytes); charts want dated points.
    queryFn: async ({ signal }) => {
      const [answer, { indicatorPoints }] = await Promise.all([
        getMarket(MARKET_PATHS.marketIndicators, { symbol, range }, (c) => c.MarketIndicatorsSchema, signal),
        loadContracts(),
      ]);
      return indicatorPoints(answer);
    },
    staleTime: MARKET_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useIndicators = (symbol: string, range: HistoryRange) => useQuery(indicatorsQueryOptions(symbol, range));
