import type { BlogListResponse } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { retryUnlessRefused } from './retry';
import { BLOG_PATHS } from '@nivesh/proto/values';

/** Every query of the blog starts with this key; a change by an admin refreshes them all. */
export const BLOG_KEY = ['blog'] as const;

/** GET /api/blog/posts (token when logged in): the published posts, newest first, with their excerpts. */
export const getPosts = (signal?: AbortSignal): Promise<BlogListResponse> =>
  apiGet(BLOG_PATHS.blogPosts, { parse: parseWith((c) => c.BlogListResponseSchema), signal, timeoutMs: 15_000 });

/** Keyed by the reader: a visitor's list says `locked`, a logged-in reader's does not. */
export const postsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...BLOG_KEY, 'posts', userId] as const,
    queryFn: ({ signal }) => getPosts(signal),
    retry: retryUnlessRefused,
  });

export const usePosts = () => {
  const { user } = useSession();
  return useQuery(postsQueryOptions(user?.user_id ?? null));
};

/** After an admin's change: every blog query but the editor's previews (they depend on the text alone) asks again. */
export const refreshBlog = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: BLOG_KEY, predicate: (query) => query.queryKey[1] !== 'preview' });
