import type { PredictResponse } from '@nivesh/proto';
import { DEVICE_FINGERPRINT_HEADER } from '@nivesh/proto/premium-tools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiPost, parseWith } from '../../../lib/api-client';
import { deviceFingerprint } from '../../../lib/device-fingerprint';
import { MARKET_STALE_MS } from '../../../lib/market/market-query';
import { FORECAST_HORIZON_DAYS, FREE_FORECAST_HORIZON_DAYS, PREDICTION_TEXTS } from '../texts';
import { PREDICTION_PATHS } from '@nivesh/proto/values';

/**
 * POST /predict with the ticker in upper case (bearer token optional): a TrendVision forecast. The default horizon
 * sends the ticker alone, as the specification's client does; beyond the free horizon the forecast is a premium tool,
 * which the gateway checks against this device, so its fingerprint goes along.
 */
export const predict = (ticker: string, horizonDays: number = FORECAST_HORIZON_DAYS, signal?: AbortSignal): Promise<PredictResponse> => {
  const body = { ticker: ticker.trim().toUpperCase(), ...(horizonDays === FORECAST_HORIZON_DAYS ? {} : { horizon_days: horizonDays }) };
  const headers = horizonDays > FREE_FORECAST_HORIZON_DAYS ? { [DEVICE_FINGERPRINT_HEADER]: deviceFingerprint() } : undefined;
  return apiPost(PREDICTION_PATHS.predict, body, { parse: parseWith((c) => c.PredictResponseSchema), signal, headers });
};

/**
 * The forecast of one ticker at one horizon, kept like a market answer: forecasts change only with new end-of-day
 * prices, so going back to a stock shows its forecast again without asking. A failure is shown at once, never retried
 * behind the visitor's back (a 404, 422 or 403 answers the same every time); pressing Predict again asks again.
 */
export const predictQueryOptions = (ticker: string, horizonDays: number = FORECAST_HORIZON_DAYS) =>
  queryOptions({
    queryKey: ['prediction', 'predict', ticker, horizonDays] as const,
    queryFn: ({ signal }) => predict(ticker, horizonDays, signal),
    staleTime: MARKET_STALE_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The forecast of `ticker` at `horizonDays`, or nothing while no ticker is asked for. */
export const usePredict = (ticker: string | null, horizonDays: number = FORECAST_HORIZON_DAYS) =>
  useQuery({ ...predictQueryOptions(ticker ?? '', horizonDays), enabled: ticker !== null });

/** Section 8: the server's detail, else 'Prediction failed'; no answer at all gives the fetch error text. */
export const predictionErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.kind === 'http') {
    return error.fromServer ? error.message : PREDICTION_TEXTS.predictionFailed;
  }
  return PREDICTION_TEXTS.requestFailed;
};
