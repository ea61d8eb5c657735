/**
 * Plain values of proto's blog contracts that the blog pages need, copied because proto's modules load zod (see
 * lib/proto-values.ts); blog-values.test.ts checks that each copy equals proto's.
 */
import type { RouteName } from '@nivesh/proto';

/** The paths of the blog's routes, as proto's `ROUTES` declares them (the first two open, the rest for admins). */
export const BLOG_PATHS = {
  blogPosts: '/api/blog/posts',
  blogPost: '/api/blog/post',
  blogAdminPosts: '/api/blog/admin/posts',
  blogAdminPost: '/api/blog/admin/post',
  blogCreatePost: '/api/blog/admin/posts',
  blogUpdatePost: '/api/blog/admin/posts/update',
  blogPublishPost: '/api/blog/admin/posts/publish',
  blogUnpublishPost: '/api/blog/admin/posts/unpublish',
  blogDeletePost: '/api/blog/admin/posts/delete',
  blogPreview: '/api/blog/admin/preview',
} as const satisfies Partial<Record<RouteName, string>>;

/** proto's `BLOG_TITLE_MAX`, `BLOG_SLUG_MAX`, `BLOG_MARKDOWN_MAX`, `BLOG_EXCERPT_MAX`, `BLOG_TAGS_MAX` and `BLOG_TAG_MAX`. */
export const BLOG_TITLE_MAX = 160;
export const BLOG_SLUG_MAX = 80;
export const BLOG_MARKDOWN_MAX = 50_000;
export const BLOG_EXCERPT_MAX = 300;
export const BLOG_TAGS_MAX = 8;
export const BLOG_TAG_MAX = 32;

/** The gateway's RSS feed of the published posts (not an API route: gateway/src/blog). */
export const BLOG_RSS_PATH = '/blog/rss.xml';
