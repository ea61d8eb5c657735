import type { PortfolioSummary } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { MARKET_STALE_MS } from '../../../lib/market/market-query';
import { retryUnlessRefused } from './retry';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** GET /api/portfolio/example (open): a fixed example portfolio, ten stocks bought on one day, read-only. */
export const getExamplePortfolio = (signal?: AbortSignal): Promise<PortfolioSummary> =>
  apiGet(PORTFOLIO_PATHS.portfolioExample, {
    parse: parseWith((c) => c.PortfolioSummarySchema),
    signal,
    timeoutMs: 25_000,
  });

/** The example changes only with new end-of-day prices, so it is kept like a market answer. */
export const examplePortfolioQueryOptions = () =>
  queryOptions({
    queryKey: ['portfolio', 'example'] as const,
    queryFn: ({ signal }) => getExamplePortfolio(signal),
    staleTime: MARKET_STALE_MS,
    retry: retryUnlessRefused,
  });

export const useExamplePortfolio = () => useQuery(examplePortfolioQueryOptions());
