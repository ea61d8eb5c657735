import type { BlogAdminPost } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { BLOG_KEY, refreshBlog } from './get-posts';
import { BLOG_PATHS } from '@nivesh/proto/values';

export type PostStatusChange = { id: string; publish: boolean };

/** POST /api/blog/admin/posts/publish or /unpublish (admin) with {id}: answers the post with its new status. */
export const setPostStatus = ({ id, publish }: PostStatusChange, signal?: AbortSignal): Promise<BlogAdminPost> =>
  apiPost(publish ? BLOG_PATHS.blogPublishPost : BLOG_PATHS.blogUnpublishPost, { id }, {
    parse: parseWith((c) => c.BlogAdminPostSchema),
    signal,
    timeoutMs: 15_000,
  });

export const setPostStatusMutationOptions = () =>
  mutationOptions({
    mutationKey: [...BLOG_KEY, 'status'] as const,
    mutationFn: (change: PostStatusChange) => setPostStatus(change),
  });

/** Publishes or unpublishes, then refreshes every blog query: the post joins or leaves the public list. */
export const useSetPostStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...setPostStatusMutationOptions(), onSuccess: () => refreshBlog(queryClient) });
};
