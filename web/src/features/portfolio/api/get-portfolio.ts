import type { PortfolioSummary } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { retryUnlessRefused } from './retry';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** Every query of the logged-in user's summary starts with this key; a change to the transactions refreshes it. */
export const PORTFOLIO_SUMMARY_KEY = ['portfolio', 'summary'] as const;

/**
 * GET /api/portfolio (bearer): the user's holdings at the latest close, realised gains by fiscal year, XIRR against
 * the same cash flows in NIFTY 50, allocation by sector and the weekly value.
 */
export const getPortfolio = (signal?: AbortSignal): Promise<PortfolioSummary> =>
  apiGet(PORTFOLIO_PATHS.portfolioSummary, {
    parse: parseWith((c) => c.PortfolioSummarySchema),
    signal,
    timeoutMs: 25_000,
  });

/** Keyed by the user, so one account's portfolio never shows in another's session in the same tab. */
export const portfolioQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...PORTFOLIO_SUMMARY_KEY, userId] as const,
    queryFn: ({ signal }) => getPortfolio(signal),
    retry: retryUnlessRefused,
  });

export const usePortfolio = () => {
  const { user } = useSession();
  return useQuery(portfolioQueryOptions(user?.user_id ?? null));
};
