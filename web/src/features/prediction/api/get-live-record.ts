import type { ForecastLiveRecord } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { MARKET_STALE_MS } from '../../../lib/market/market-query';
import { PREDICTION_PATHS } from '@nivesh/proto/values';

/** GET /api/predictions/live-record: every forecast served, scored against the closes that arrived after it. */
export const getLiveRecord = (signal?: AbortSignal): Promise<ForecastLiveRecord> =>
  apiGet(PREDICTION_PATHS.predictionLiveRecord, { parse: parseWith((c) => c.ForecastLiveRecordSchema), signal, timeoutMs: 20_000 });

export const liveRecordQueryOptions = () =>
  queryOptions({
    queryKey: ['prediction', 'live-record'] as const,
    queryFn: ({ signal }) => getLiveRecord(signal),
    staleTime: MARKET_STALE_MS,
  });

export const useLiveRecord = () => useQuery(liveRecordQueryOptions());
