import { randomUUID } from 'node:crypto';
import { BLOG_EXCERPT_MAX, BlogMarkdownSchema, BlogSlugSchema, BlogTagsSchema, BlogTitleSchema, UsernameSchema } from '@nivesh/proto';
import { z } from 'zod';
import { renderPost } from './markdown';
import type { PostEntity } from './post.entity';
import { slugify } from './slug';
import { distinctTags } from './tags';

/** A post file that cannot be loaded, with the file and the reason. */
export class PostFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'PostFileError';
  }
}

/** The front matter of a post file: `key: value` lines between two `---` lines; tags comma-separated. */
const FrontMatterSchema = z.object({
  title: BlogTitleSchema,
  slug: BlogSlugSchema.optional(),
  author: UsernameSchema,
  tags: z
    .string()
    .optional()
    .transform((tags) => (tags ?? '').split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))
    .pipe(BlogTagsSchema),
  /** The day and time the post counts as published, with its offset (e.g. 2024-04-08T09:00:00+05:30). */
  published_at: z.iso.datetime({ offset: true }),
  excerpt: z.string().trim().max(BLOG_EXCERPT_MAX).optional(),
});

export type PostFile = z.output<typeof FrontMatterSchema> & { markdown: string };

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Reads a post file: its front matter (see FrontMatterSchema) and the Markdown after it. */
export const parsePostFile = (text: string, file: string): PostFile => {
  const match = FRONT_MATTER.exec(text.replace(/^\uFEFF/, ''));
  if (!match) throw new PostFileError(file, 'it does not start with front matter between two --- lines');
  const fields: Record<string, string> = {};
  for (const [index, line] of match[1]!.split(/\r?\n/).entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new PostFileError(file, `front matter line ${index + 2} is not "key: value"`);
    fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  const parsed = FrontMatterSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new PostFileError(file, `${issue.path.join('.') || 'front matter'}: ${issue.message}`);
  }
  const markdown = BlogMarkdownSchema.safeParse(match[2]!.trim());
  if (!markdown.success || markdown.data === '') throw new PostFileError(file, markdown.success ? 'the post has no text' : markdown.error.issues[0]!.message);
  return { ...parsed.data, markdown: markdown.data };
};

/** The post a file describes, rendered and published at its date (its last change is that date too). */
export const postOfFile = (post: PostFile): PostEntity => {
  const summary = post.excerpt || null;
  const published = new Date(post.published_at);
  return {
    id: randomUUID(),
    slug: post.slug ?? slugify(post.title),
    title: post.title,
    markdown: post.markdown,
    summary,
    ...renderPost(post.markdown, summary),
    tags: distinctTags(post.tags),
    author: post.author,
    status: 'published',
    published_at: published,
    created_at: published,
    updated_at: published,
  };
};
