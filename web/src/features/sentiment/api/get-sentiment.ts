import type { SentimentQuery } from '@nivesh/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MARKET_STALE_MS, getMarket } from '../../../lib/market/market-query';
import { MARKET_PATHS } from '@nivesh/proto/values';

export type SentimentRange = SentimentQuery['range'];

/** GET /api/market/sentiment: the 0-100 mood index, its four components and its history over `range`. */
export const sentimentQueryOptions = (range: SentimentRange) =>
  queryOptions({
    queryKey: ['market', 'sentiment', range] as const,
    queryFn: ({ signal }) => getMarket(MARKET_PATHS.marketSentiment, { range }, (c) => c.MarketSentimentSchema, signal),
    staleTime: MARKET_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useSentiment = (range: SentimentRange) => useQuery(sentimentQueryOptions(range));
