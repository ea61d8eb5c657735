import type { PortfolioTransaction } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { retryUnlessRefused } from './retry';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** Every query of the user's transactions starts with this key. */
export const TRANSACTIONS_KEY = ['portfolio', 'transactions'] as const;

/** GET /api/portfolio/transactions (bearer): the user's transactions, newest first. */
export const getTransactions = async (signal?: AbortSignal): Promise<PortfolioTransaction[]> => {
  const answer = await apiGet(PORTFOLIO_PATHS.portfolioTransactions, {
    parse: parseWith((c) => c.TransactionListSchema),
    signal,
    timeoutMs: 20_000,
  });
  return answer.transactions;
};

export const transactionsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...TRANSACTIONS_KEY, userId] as const,
    queryFn: ({ signal }) => getTransactions(signal),
    retry: retryUnlessRefused,
  });

export const useTransactions = () => {
  const { user } = useSession();
  return useQuery(transactionsQueryOptions(user?.user_id ?? null));
};
