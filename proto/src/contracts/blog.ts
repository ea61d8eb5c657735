import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc, systemPatterns } from '../rpc';
import { EmptyBodySchema, IdSchema, IsoDateTimeSchema, withCaller, withOptionalCaller } from './common';
import { BLOG_EXCERPT_MAX, BLOG_MARKDOWN_MAX, BLOG_PATHS, BLOG_SLUG_MAX, BLOG_TAGS_MAX, BLOG_TAG_MAX, BLOG_TITLE_MAX } from '../values/blog';
export { BLOG_TITLE_MAX, BLOG_SLUG_MAX, BLOG_MARKDOWN_MAX, BLOG_EXCERPT_MAX, BLOG_TAGS_MAX, BLOG_TAG_MAX } from '../values/blog';

const TAG = 'blog';

// ---- limits ---------------------------------------------------------------------------------------------------------

/** The largest answer of the public list: a small blog's every post, newest first. */
export const BLOG_LIST_MAX = 200;
/**
 * The body limit of the routes that carry a post's Markdown: BLOG_MARKDOWN_MAX characters of up to three bytes each
 * (₹ is three in UTF-8) with JSON's escapes, and the other fields; every other route keeps the gateway's 64 kB.
 */
export const BLOG_BODY_LIMIT_BYTES = 256 * 1024;
/** What a visitor reads in place of a whole post (section 2: the blog receives the login state; the sidebar locks it). */
export const BLOG_LOGIN_PROMPT = 'Log in to read the whole post. An account is free.';

// ---- fields ---------------------------------------------------------------------------------------------------------

/** A post's address under /blog/: lower-case letters and digits in words joined by single hyphens ('reading-rsi'). */
export const BlogSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'Give the post an address.' })
  .max(BLOG_SLUG_MAX, { error: `The address is at most ${BLOG_SLUG_MAX} characters.` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'The address may hold only letters, digits and single hyphens between them.' });

export const BlogTitleSchema = z
  .string()
  .trim()
  .min(1, { error: 'Give the post a title.' })
  .max(BLOG_TITLE_MAX, { error: `The title is at most ${BLOG_TITLE_MAX} characters.` });

export const BlogMarkdownSchema = z
  .string()
  .max(BLOG_MARKDOWN_MAX, { error: `A post is at most ${BLOG_MARKDOWN_MAX.toLocaleString('en-IN')} characters of Markdown.` });

export const BlogTagSchema = z
  .string()
  .trim()
  .min(1, { error: 'A tag cannot be empty.' })
  .max(BLOG_TAG_MAX, { error: `A tag is at most ${BLOG_TAG_MAX} characters.` })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} &/.-]*$/u, { error: 'A tag may hold letters, digits, spaces and & / . -' });

export const BlogTagsSchema = z.array(BlogTagSchema).max(BLOG_TAGS_MAX, { error: `A post has at most ${BLOG_TAGS_MAX} tags.` });

export const BLOG_POST_STATUSES = ['draft', 'published'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

// ---- what readers get -----------------------------------------------------------------------------------------------

/** A published post as the list shows it: everything but the body. */
export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** The admin's own summary, or the opening of the post in plain text. */
  excerpt: z.string(),
  tags: z.array(z.string()),
  /** The username of the admin who wrote it. */
  author: z.string(),
  /** When the post was first published. */
  published_at: IsoDateTimeSchema,
  updated_at: IsoDateTimeSchema,
  /** Minutes at some 200 words a minute, at least 1. */
  reading_minutes: z.number().int().min(1),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const BlogListQuerySchema = z.object({ tag: BlogTagSchema.optional() });

/** A topic of the published posts: a tag as the newest post carrying it spells it, and how many posts carry it. */
export const BlogTagCountSchema = z.object({ tag: z.string(), posts: z.number().int().min(1) });
export type BlogTagCount = z.infer<typeof BlogTagCountSchema>;

/** Every tag of the published posts, the most used first (then A to Z); tags of drafts are not shown. */
export const BlogTagsResponseSchema = z.object({ tags: z.array(BlogTagCountSchema) });
export type BlogTagsResponse = z.infer<typeof BlogTagsResponseSchema>;

export const BlogListResponseSchema = z.object({
  posts: z.array(BlogPostSummarySchema),
  /** Whether the caller reads excerpts only (a visitor): each post then opens with `BLOG_LOGIN_PROMPT`. */
  locked: z.boolean(),
});
export type BlogListResponse = z.infer<typeof BlogListResponseSchema>;

export const BlogPostQuerySchema = z.object({ slug: BlogSlugSchema });

/** One published post: the whole of it for a logged-in reader; for a visitor the excerpt with `locked` and a prompt to log in. */
export const BlogPostResponseSchema = BlogPostSummarySchema.extend({
  locked: z.boolean(),
  /** The post as sanitised HTML; null when locked. */
  html: z.string().nullable(),
  /** BLOG_LOGIN_PROMPT when locked, else null. */
  prompt: z.string().nullable(),
});
export type BlogPostResponse = z.infer<typeof BlogPostResponseSchema>;

// ---- what admins get ------------------------------------------------------------------------------------------------

/** A post in the admins' list: drafts too, without the body. */
export const BlogAdminPostSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(BLOG_POST_STATUSES),
  excerpt: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  /** When it was first published; kept when a post is unpublished, so publishing it again keeps its date. */
  published_at: IsoDateTimeSchema.nullable(),
  created_at: IsoDateTimeSchema,
  updated_at: IsoDateTimeSchema,
  reading_minutes: z.number().int().min(1),
});
export type BlogAdminPostSummary = z.infer<typeof BlogAdminPostSummarySchema>;

/** A post as its editor loads it: the Markdown, the HTML it renders to and the admin's own summary (null: derived). */
export const BlogAdminPostSchema = BlogAdminPostSummarySchema.extend({
  markdown: z.string(),
  html: z.string(),
  summary: z.string().nullable(),
});
export type BlogAdminPost = z.infer<typeof BlogAdminPostSchema>;

export const BlogAdminListResponseSchema = z.object({ posts: z.array(BlogAdminPostSummarySchema) });
export type BlogAdminListResponse = z.infer<typeof BlogAdminListResponseSchema>;

export const BlogPostIdSchema = z.object({ id: IdSchema });

const blogPostFields = {
  title: BlogTitleSchema,
  markdown: BlogMarkdownSchema,
  tags: BlogTagsSchema.default([]),
  /** A summary for the list; empty or absent, the opening of the post is used. */
  excerpt: z.string().trim().max(BLOG_EXCERPT_MAX, { error: `The summary is at most ${BLOG_EXCERPT_MAX} characters.` }).optional(),
};

/** A new post, saved as a draft. Without a slug, one is made from the title (and numbered when taken). */
export const BlogCreateRequestSchema = z.object({ ...blogPostFields, slug: BlogSlugSchema.optional() });
export type BlogCreateRequest = z.infer<typeof BlogCreateRequestSchema>;

/** A post saved again; without a slug it keeps its address, so links to a published post keep working. */
export const BlogUpdateRequestSchema = z.object({ id: IdSchema, ...blogPostFields, slug: BlogSlugSchema.optional() });
export type BlogUpdateRequest = z.infer<typeof BlogUpdateRequestSchema>;

export const BlogPreviewRequestSchema = z.object({ markdown: BlogMarkdownSchema, excerpt: blogPostFields.excerpt });

/** The editor's live preview: what the Markdown renders to, as it will be stored. */
export const BlogPreviewResponseSchema = z.object({
  html: z.string(),
  excerpt: z.string(),
  reading_minutes: z.number().int().min(1),
});
export type BlogPreviewResponse = z.infer<typeof BlogPreviewResponseSchema>;

export const BlogDeleteResponseSchema = z.object({ deleted: z.literal(true) });

/** The published posts for the RSS feed and the sitemap, newest first (the gateway writes both). */
export const BlogFeedSchema = z.object({ posts: z.array(BlogPostSummarySchema) });
export type BlogFeed = z.infer<typeof BlogFeedSchema>;

// ---- RPC ------------------------------------------------------------------------------------------------------------

export const BlogListPayloadSchema = withOptionalCaller(BlogListQuerySchema);
export const BlogPostPayloadSchema = withOptionalCaller(BlogPostQuerySchema);
export const BlogAdminListPayloadSchema = withCaller(z.object({}));
export const BlogAdminGetPayloadSchema = withCaller(BlogPostIdSchema);
export const BlogCreatePayloadSchema = withCaller(BlogCreateRequestSchema);
export const BlogUpdatePayloadSchema = withCaller(BlogUpdateRequestSchema);
export const BlogPostActionPayloadSchema = withCaller(BlogPostIdSchema);
export const BlogPreviewPayloadSchema = withCaller(BlogPreviewRequestSchema);

/** RPC patterns answered by services/content. */
export const CONTENT = {
  ...systemPatterns('content'),
  list: defineRpc('content', 'list', BlogListPayloadSchema, BlogListResponseSchema),
  post: defineRpc('content', 'post', BlogPostPayloadSchema, BlogPostResponseSchema),
  tags: defineRpc('content', 'tags', z.object({}), BlogTagsResponseSchema),
  feed: defineRpc('content', 'feed', z.object({}), BlogFeedSchema),
  adminList: defineRpc('content', 'adminList', BlogAdminListPayloadSchema, BlogAdminListResponseSchema),
  adminGet: defineRpc('content', 'adminGet', BlogAdminGetPayloadSchema, BlogAdminPostSchema),
  create: defineRpc('content', 'create', BlogCreatePayloadSchema, BlogAdminPostSchema, { sideEffects: true }),
  update: defineRpc('content', 'update', BlogUpdatePayloadSchema, BlogAdminPostSchema),
  publish: defineRpc('content', 'publish', BlogPostActionPayloadSchema, BlogAdminPostSchema),
  unpublish: defineRpc('content', 'unpublish', BlogPostActionPayloadSchema, BlogAdminPostSchema),
  delete: defineRpc('content', 'delete', BlogPostActionPayloadSchema, BlogDeleteResponseSchema, { sideEffects: true }),
  preview: defineRpc('content', 'preview', BlogPreviewPayloadSchema, BlogPreviewResponseSchema),
};

// ---- HTTP routes ----------------------------------------------------------------------------------------------------

export const BLOG_ROUTES = {
  blogPosts: defineRoute({
    method: 'GET',
    path: BLOG_PATHS.blogPosts,
    tag: TAG,
    summary: 'Published posts, newest first, with their excerpts (optionally those with one tag); open to everyone.',
    auth: 'optional',
    input: BlogListQuerySchema,
    response: BlogListResponseSchema,
    rpc: CONTENT.list,
  }),
  blogPost: defineRoute({
    method: 'GET',
    path: BLOG_PATHS.blogPost,
    tag: TAG,
    summary: 'One published post by its slug: the whole post for a logged-in reader, the excerpt and a prompt to log in for a visitor.',
    auth: 'optional',
    input: BlogPostQuerySchema,
    response: BlogPostResponseSchema,
    rpc: CONTENT.post,
  }),
  blogTags: defineRoute({
    method: 'GET',
    path: BLOG_PATHS.blogTags,
    tag: TAG,
    summary: 'The topics of the published posts: each tag and how many posts carry it, the most used first; open to everyone.',
    auth: 'none',
    input: EmptyBodySchema,
    response: BlogTagsResponseSchema,
    rpc: CONTENT.tags,
  }),
  blogAdminPosts: defineRoute({
    method: 'GET',
    path: BLOG_PATHS.blogAdminPosts,
    tag: TAG,
    summary: 'Admin: every post, drafts included, most recently changed first.',
    auth: 'admin',
    input: z.object({}),
    response: BlogAdminListResponseSchema,
    rpc: CONTENT.adminList,
  }),
  blogAdminPost: defineRoute({
    method: 'GET',
    path: BLOG_PATHS.blogAdminPost,
    tag: TAG,
    summary: 'Admin: one post with its Markdown, for the editor.',
    auth: 'admin',
    input: BlogPostIdSchema,
    response: BlogAdminPostSchema,
    rpc: CONTENT.adminGet,
  }),
  blogCreatePost: defineRoute({
    method: 'POST',
    path: BLOG_PATHS.blogCreatePost,
    tag: TAG,
    summary: 'Admin: write a new post in Markdown, saved as a draft; the slug comes from the title unless given.',
    auth: 'admin',
    input: BlogCreateRequestSchema,
    response: BlogAdminPostSchema,
    rpc: CONTENT.create,
    rateLimitPerMinute: 30,
    bodyLimitBytes: BLOG_BODY_LIMIT_BYTES,
  }),
  blogUpdatePost: defineRoute({
    method: 'POST',
    path: BLOG_PATHS.blogUpdatePost,
    tag: TAG,
    summary: 'Admin: save a post again (title, Markdown, slug, tags, summary); a published post stays published.',
    auth: 'admin',
    input: BlogUpdateRequestSchema,
    response: BlogAdminPostSchema,
    rpc: CONTENT.update,
    rateLimitPerMinute: 60,
    bodyLimitBytes: BLOG_BODY_LIMIT_BYTES,
  }),
  blogPublishPost: defineRoute({
    method: 'POST',
    path: BLOG_PATHS.blogPublishPost,
    tag: TAG,
    summary: 'Admin: publish a post; it keeps the date it was first published.',
    auth: 'admin',
    input: BlogPostIdSchema,
    response: BlogAdminPostSchema,
    rpc: CONTENT.publish,
    rateLimitPerMinute: 30,
  }),
  blogUnpublishPost: defineRoute({
    method: 'POST',
    path: BLOG_PATHS.blogUnpublishPost,
    tag: TAG,
    summary: 'Admin: take a post back to the drafts; it leaves the list, the feed and the sitemap.',
    auth: 'admin',
    input: BlogPostIdSchema,
    response: BlogAdminPostSchema,
    rpc: CONTENT.unpublish,
    rateLimitPerMinute: 30,
  }),
  blogDeletePost: defineRoute({
    method: 'POST',
    path: BLOG_PATHS.blogDeletePost,
    tag: TAG,
    summary: 'Admin: delete a post for good.',
    auth: 'admin',
    input: BlogPostIdSchema,
    response: BlogDeleteResponseSchema,
    rpc: CONTENT.delete,
    rateLimitPerMinute: 30,
  }),
  blogPreview: defineRoute({
    method: 'POST',
    path: BLOG_PATHS.blogPreview,
    tag: TAG,
    summary: "Admin: the editor's live preview, the Markdown rendered and sanitised as it would be stored.",
    auth: 'admin',
    input: BlogPreviewRequestSchema,
    response: BlogPreviewResponseSchema,
    rpc: CONTENT.preview,
    rateLimitPerMinute: 240,
    bodyLimitBytes: BLOG_BODY_LIMIT_BYTES,
  }),
};
