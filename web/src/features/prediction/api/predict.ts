import type { PredictResponse } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiPost, parseWith } from '../../../lib/api-client';
import { MARKET_STALE_MS } from '../../../lib/market/market-query';
import { ROUTE_PATHS } from '../../../lib/proto-values';
import { PREDICTION_TEXTS } from '../texts';

/** POST /predict with the ticker in upper case (bearer token optional): a TrendVision forecast. */
export const predict = (ticker: string, signal?: AbortSignal): Promise<PredictResponse> =>
  apiPost(ROUTE_PATHS.predict, { ticker: ticker.trim().toUpperCase() }, { parse: parseWith((c) => c.PredictResponseSchema), signal });

/**
 * The forecast of one ticker, kept like a market answer: forecasts change only with new end-of-day prices, so going
 * back to a stock shows its forecast again without asking. A failure is shown at once, never retried behind the
 * visitor's back (a 404 or 422 answers the same every time); pressing Predict again asks again.
 */
export const predictQueryOptions = (ticker: string) =>
  queryOptions({
    queryKey: ['prediction', 'predict', ticker] as const,
    queryFn: ({ signal }) => predict(ticker, signal),
    staleTime: MARKET_STALE_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The forecast of `ticker`, or nothing while no ticker is asked for. */
export const usePredict = (ticker: string | null) => useQuery({ ...predictQueryOptions(ticker ?? ''), enabled: ticker !== null });

/** Section 8: the server's detail, else 'Prediction failed'; no answer at all gives the fetch error text. */
export const predictionErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.kind === 'http') {
    return error.fromServer ? error.message : PREDICTION_TEXTS.predictionFailed;
  }
  return PREDICTION_TEXTS.requestFailed;
};
