import type { NewsFeed } from '@nivesh/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MARKET_STALE_MS, getMarket } from '../../lib/market/market-query';
import { type NewsFilters, newsQuery } from './news-filters';
import { NEWS_PATHS } from '@nivesh/proto/values';

/**
 * GET /api/news (open): generated events and press, filtered and paged, each with its tone and price reaction. A
 * reversed date range or an unknown symbol answers 400 / 404 {detail}.
 */
export const getNews = (filters: NewsFilters, pageSize: number, signal?: AbortSignal): Promise<NewsFeed> =>
  getMarket(NEWS_PATHS.news, newsQuery(filters, pageSize), (c) => c.NewsFeedSchema, signal);

export const newsQueryOptions = (filters: NewsFilters, pageSize: number) =>
  queryOptions({
    queryKey: ['news', filters, pageSize] as const,
    queryFn: ({ signal }) => getNews(filters, pageSize, signal),
    // Press can arrive between imports, but not from one second to the next.
    staleTime: MARKET_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useNews = (filters: NewsFilters, pageSize: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...newsQueryOptions(filters, pageSize), enabled });
