/** The paths of the blog routes, by their names in `ROUTES`. */
export const BLOG_PATHS = {
  blogPosts: '/api/blog/posts',
  blogPost: '/api/blog/post',
  blogTags: '/api/blog/tags',
  blogAdminPosts: '/api/blog/admin/posts',
  blogAdminPost: '/api/blog/admin/post',
  blogCreatePost: '/api/blog/admin/posts',
  blogUpdatePost: '/api/blog/admin/posts/update',
  blogPublishPost: '/api/blog/admin/posts/publish',
  blogUnpublishPost: '/api/blog/admin/posts/unpublish',
  blogDeletePost: '/api/blog/admin/posts/delete',
  blogPreview: '/api/blog/admin/preview',
} as const;
export const BLOG_TITLE_MAX = 160;
export const BLOG_SLUG_MAX = 80;
/** Some 8,000 words: a long article, and well inside the routes' body limit below. */
export const BLOG_MARKDOWN_MAX = 50_000;
export const BLOG_EXCERPT_MAX = 300;
export const BLOG_TAGS_MAX = 8;
export const BLOG_TAG_MAX = 32;

/** The gateway's RSS feed of the published posts: not an API route, so not among the paths above. */
export const BLOG_RSS_PATH = '/blog/rss.xml';
