import type { BlogAdminPost } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { BLOG_KEY } from './get-posts';
import { retryUnlessRefused } from './retry';
import { BLOG_PATHS } from '@nivesh/proto/values';

/** GET /api/blog/admin/post?id= (admin): one post with its Markdown, for the editor. */
export const getAdminPost = (id: string, signal?: AbortSignal): Promise<BlogAdminPost> =>
  apiGet(`${BLOG_PATHS.blogAdminPost}?${new URLSearchParams({ id }).toString()}`, {
    parse: parseWith((c) => c.BlogAdminPostSchema),
    signal,
    timeoutMs: 15_000,
  });

export const adminPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...BLOG_KEY, 'admin', 'post', id] as const,
    queryFn: ({ signal }) => getAdminPost(id, signal),
    retry: retryUnlessRefused,
    // The editor holds what the admin types; a refetch on focus would not overwrite it, but there is nothing to gain.
    refetchOnWindowFocus: false,
  });

export const useAdminPost = (id: string | null) => useQuery({ ...adminPostQueryOptions(id ?? ''), enabled: id !== null });
