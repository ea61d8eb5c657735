import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { BLOG_KEY, refreshBlog } from './get-posts';
import { BLOG_PATHS } from '@nivesh/proto/values';

/** POST /api/blog/admin/posts/delete (admin) with {id}: deletes the post for good. */
export const deletePost = async (id: string, signal?: AbortSignal): Promise<void> => {
  await apiPost(BLOG_PATHS.blogDeletePost, { id }, { parse: parseWith((c) => c.BlogDeleteResponseSchema), signal, timeoutMs: 15_000 });
};

export const deletePostMutationOptions = () =>
  mutationOptions({
    mutationKey: [...BLOG_KEY, 'delete'] as const,
    mutationFn: (id: string) => deletePost(id),
  });

export const useDeletePost = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...deletePostMutationOptions(), onSuccess: () => refreshBlog(queryClient) });
};
