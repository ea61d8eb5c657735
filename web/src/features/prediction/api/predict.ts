import type { PredictResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { ApiError, apiPost, parseWith } from '../../../lib/api-client';
import { PREDICTION_TEXTS } from '../texts';
import { ROUTE_PATHS } from '../../../lib/proto-values';

/** POST /predict with the ticker in upper case (bearer token optional): a TrendVision forecast. */
export const predict = (ticker: string, signal?: AbortSignal): Promise<PredictResponse> =>
  apiPost(ROUTE_PATHS.predict, { ticker: ticker.trim().toUpperCase() }, { parse: parseWith((c) => c.PredictResponseSchema), signal });

export const predictMutationOptions = () =>
  mutationOptions({
    mutationKey: ['prediction', 'predict'] as const,
    mutationFn: (ticker: string) => predict(ticker),
  });

export const usePredict = () => useMutation(predictMutationOptions());

/** Section 8: the server's detail, else 'Prediction failed'; no answer at all gives the fetch error text. */
export const predictionErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.kind === 'http') {
    return error.fromServer ? error.message : PREDICTION_TEXTS.predictionFailed;
  }
  return PREDICTION_TEXTS.requestFailed;
};
