import type { BlogTagsResponse } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { BLOG_KEY } from './get-posts';
import { retryUnlessRefused } from './retry';
import { BLOG_PATHS } from '@nivesh/proto/values';

/** GET /api/blog/tags (open): the topics of the published posts and how many posts carry each, the most used first. */
export const getTags = (signal?: AbortSignal): Promise<BlogTagsResponse> =>
  apiGet(BLOG_PATHS.blogTags, { parse: parseWith((c) => c.BlogTagsResponseSchema), signal, timeoutMs: 15_000 });

/** The same for every reader; an admin's change refreshes it with the rest of the blog (BLOG_KEY). */
export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: [...BLOG_KEY, 'tags'] as const,
    queryFn: ({ signal }) => getTags(signal),
    retry: retryUnlessRefused,
  });

export const useBlogTags = () => useQuery(tagsQueryOptions());
