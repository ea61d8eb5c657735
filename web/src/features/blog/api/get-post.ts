import type { BlogPostResponse } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { BLOG_KEY } from './get-posts';
import { retryUnlessRefused } from './retry';
import { BLOG_PATHS } from '@nivesh/proto/values';

/** GET /api/blog/post?slug= (token when logged in): a published post, whole for a logged-in reader, locked for a visitor. */
export const getPost = (slug: string, signal?: AbortSignal): Promise<BlogPostResponse> =>
  apiGet(`${BLOG_PATHS.blogPost}?${new URLSearchParams({ slug }).toString()}`, {
    parse: parseWith((c) => c.BlogPostResponseSchema),
    signal,
    timeoutMs: 15_000,
  });

/** Keyed by the reader too: logging in turns the excerpt into the whole post. */
export const postQueryOptions = (slug: string, userId: string | null) =>
  queryOptions({
    queryKey: [...BLOG_KEY, 'post', slug, userId] as const,
    queryFn: ({ signal }) => getPost(slug, signal),
    retry: retryUnlessRefused,
  });

export const usePost = (slug: string) => {
  const { user } = useSession();
  return useQuery(postQueryOptions(slug, user?.user_id ?? null));
};
