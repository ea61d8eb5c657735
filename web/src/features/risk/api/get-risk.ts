import type { RiskQuery } from '@nivesh/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MARKET_STALE_MS, getMarket } from '../../../lib/market/market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

export type RiskRange = RiskQuery['range'];

/** GET /api/market/risk: volatility, drawdown, beta, VaR, the risk level and unusual-trading flags of one stock. */
export const riskQueryOptions = (symbol: string, range: RiskRange) =>
  queryOptions({
    queryKey: ['market', 'risk', symbol, range] as const,
    queryFn: ({ signal }) => getMarket(MARKET_PATHS.marketRisk, { symbol, range }, (c) => c.MarketRiskSchema, signal),
    staleTime: MARKET_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useRisk = (symbol: string, range: RiskRange) => useQuery(riskQueryOptions(symbol, range));
