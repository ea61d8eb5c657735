import type { QueryClient } from '@tanstack/react-query';
import { PORTFOLIO_SUMMARY_KEY } from './get-portfolio';
import { TRANSACTIONS_KEY } from './get-transactions';
import { WHAT_IF_KEY } from './get-what-if';

/**
 * After a change to the transactions: the list and everything worked out from it (holdings, XIRR, gains, the
 * what-if) again.
 */
export const refreshPortfolio = (queryClient: QueryClient): Promise<unknown> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
    queryClient.invalidateQueries({ queryKey: PORTFOLIO_SUMMARY_KEY }),
    queryClient.invalidateQueries({ queryKey: WHAT_IF_KEY }),
  ]);
