import type { BlogAdminPost, BlogCreateRequest, BlogUpdateRequest } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { BLOG_KEY, refreshBlog } from './get-posts';
import { BLOG_PATHS } from '@nivesh/proto/values';

/** The editor's fields; with an id the post is saved again, without one it is created as a draft. */
export type SavePostInput = (BlogCreateRequest & { id?: undefined }) | BlogUpdateRequest;

/** POST /api/blog/admin/posts (a new draft) or /api/blog/admin/posts/update (admin): answers the post as stored. */
export const savePost = (input: SavePostInput, signal?: AbortSignal): Promise<BlogAdminPost> =>
  apiPost(input.id === undefined ? BLOG_PATHS.blogCreatePost : BLOG_PATHS.blogUpdatePost, input, {
    parse: parseWith((c) => c.BlogAdminPostSchema),
    signal,
    timeoutMs: 20_000,
  });

export const savePostMutationOptions = () =>
  mutationOptions({
    mutationKey: [...BLOG_KEY, 'save'] as const,
    mutationFn: (input: SavePostInput) => savePost(input),
  });

/** Saves, then refreshes every blog query (the lists, the post's page). */
export const useSavePost = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...savePostMutationOptions(), onSuccess: () => refreshBlog(queryClient) });
};
