import type { ForecastTrackRecord } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { MARKET_STALE_MS } from '../../../lib/market/market-query';
import { PREDICTION_PATHS } from '@nivesh/proto/values';

/** GET /api/predictions/accuracy: every stock's chosen model and its accuracy on a test period it was not chosen on. */
export const getTrackRecord = (signal?: AbortSignal): Promise<ForecastTrackRecord> =>
  apiGet(PREDICTION_PATHS.predictionAccuracy, { parse: parseWith((c) => c.ForecastTrackRecordSchema), signal, timeoutMs: 20_000 });

export const trackRecordQueryOptions = () =>
  queryOptions({
    queryKey: ['prediction', 'track-record'] as const,
    queryFn: ({ signal }) => getTrackRecord(signal),
    staleTime: MARKET_STALE_MS,
  });

export const useTrackRecord = () => useQuery(trackRecordQueryOptions());
