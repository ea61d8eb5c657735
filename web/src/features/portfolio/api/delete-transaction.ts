import type { PortfolioTransaction } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { PORTFOLIO_SUMMARY_KEY } from './get-portfolio';
import { TRANSACTIONS_KEY } from './get-transactions';
import { WHAT_IF_KEY } from './get-what-if';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** POST /api/portfolio/transactions/delete (bearer): delete one of the user's transactions; answers the list left. */
export const deleteTransaction = async (id: string, signal?: AbortSignal): Promise<PortfolioTransaction[]> => {
  const answer = await apiPost(
    PORTFOLIO_PATHS.portfolioDeleteTransaction,
    { id },
    { parse: parseWith((c) => c.TransactionListSchema), signal, timeoutMs: 20_000 },
  );
  return answer.transactions;
};

export const deleteTransactionMutationOptions = () =>
  mutationOptions({
    mutationKey: ['portfolio', 'delete-transaction'] as const,
    mutationFn: (id: string) => deleteTransaction(id),
  });

/** Deletes, shows the list the server answered at once, and works out the summary and the what-if again. */
export const useDeleteTransaction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteTransactionMutationOptions(),
    onSuccess: (left) => {
      queryClient.setQueriesData({ queryKey: TRANSACTIONS_KEY }, left);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: PORTFOLIO_SUMMARY_KEY }),
        queryClient.invalidateQueries({ queryKey: WHAT_IF_KEY }),
      ]);
    },
  });
};
