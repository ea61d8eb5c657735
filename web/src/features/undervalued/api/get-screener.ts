import type { ScreenerResponse } from '@nivesh/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MARKET_STALE_MS, getMarket } from '../../../lib/market/market-query';
import { filterEntries } from '../filters';
import type { ScreenerFilters } from '../filters';
import { retryUnlessRefused } from './retry';
import { MARKET_PATHS } from '@nivesh/proto/values';

/**
 * GET /api/fundamentals/screener (bearer): every stock's measures from the filings published by the latest close,
 * those passing `filters`, and those that could not be judged with the reason. An impossible range answers 400 {detail}.
 */
export const getScreener = (filters: ScreenerFilters, signal?: AbortSignal): Promise<ScreenerResponse> =>
  getMarket(
    MARKET_PATHS.fundamentalsScreener,
    Object.fromEntries(filterEntries(filters)),
    (c) => c.ScreenerResponseSchema,
    signal,
  );

export const screenerQueryOptions = (filters: ScreenerFilters) =>
  queryOptions({
    queryKey: ['fundamentals', 'screener', Object.fromEntries(filterEntries(filters))] as const,
    queryFn: ({ signal }) => getScreener(filters, signal),
    staleTime: MARKET_STALE_MS,
    retry: retryUnlessRefused,
    // The last results stay while new filters load, marked busy, so the table does not jump away and back.
    placeholderData: keepPreviousData,
  });

export const useScreener = (filters: ScreenerFilters) => useQuery(screenerQueryOptions(filters));
