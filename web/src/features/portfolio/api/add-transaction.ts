import type { PortfolioTransaction, TransactionInput } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { refreshPortfolio } from './refresh';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** POST /api/portfolio/transactions (bearer): record a buy, sell or dividend by hand; answers it as stored (201). */
export const addTransaction = (body: TransactionInput, signal?: AbortSignal): Promise<PortfolioTransaction> =>
  apiPost(PORTFOLIO_PATHS.portfolioAddTransaction, body, {
    parse: parseWith((c) => c.PortfolioTransactionSchema),
    signal,
    timeoutMs: 20_000,
  });

export const addTransactionMutationOptions = () =>
  mutationOptions({
    mutationKey: ['portfolio', 'add-transaction'] as const,
    mutationFn: (body: TransactionInput) => addTransaction(body),
  });

/** Adds the transaction, then refreshes the transactions and everything worked out from them. */
export const useAddTransaction = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...addTransactionMutationOptions(), onSuccess: () => refreshPortfolio(queryClient) });
};
