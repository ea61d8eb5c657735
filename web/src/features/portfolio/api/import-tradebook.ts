import type { TradebookImportResponse } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { refreshPortfolio } from './refresh';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/**
 * POST /api/portfolio/import (bearer) with the file's text: a Zerodha Console tradebook or an Upstox trade report.
 * One malformed row refuses the whole file with 400 {detail} naming the line; trades imported before are not stored
 * again. The server takes up to 30 s for a large book.
 */
export const importTradebook = (csv: string, signal?: AbortSignal): Promise<TradebookImportResponse> =>
  apiPost(
    PORTFOLIO_PATHS.portfolioImport,
    { csv },
    { parse: parseWith((c) => c.TradebookImportResponseSchema), signal, timeoutMs: 40_000 },
  );

export const importTradebookMutationOptions = () =>
  mutationOptions({
    mutationKey: ['portfolio', 'import'] as const,
    mutationFn: (csv: string) => importTradebook(csv),
  });

/** Imports, then refreshes the transactions and everything worked out from them. */
export const useImportTradebook = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...importTradebookMutationOptions(), onSuccess: () => refreshPortfolio(queryClient) });
};
