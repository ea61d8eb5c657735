import type { BlogAdminPostSummary } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { BLOG_KEY } from './get-posts';
import { retryUnlessRefused } from './retry';
import { BLOG_PATHS } from '@nivesh/proto/values';

/** GET /api/blog/admin/posts (admin): every post, drafts too, most recently changed first. */
export const getAdminPosts = async (signal?: AbortSignal): Promise<BlogAdminPostSummary[]> => {
  const answer = await apiGet(BLOG_PATHS.blogAdminPosts, { parse: parseWith((c) => c.BlogAdminListResponseSchema), signal, timeoutMs: 15_000 });
  return answer.posts;
};

export const adminPostsQueryOptions = () =>
  queryOptions({
    queryKey: [...BLOG_KEY, 'admin', 'posts'] as const,
    queryFn: ({ signal }) => getAdminPosts(signal),
    retry: retryUnlessRefused,
  });

/** Asks only when `enabled` (the reader is an admin): no one else may see drafts. */
export const useAdminPosts = (enabled: boolean) => useQuery({ ...adminPostsQueryOptions(), enabled });
