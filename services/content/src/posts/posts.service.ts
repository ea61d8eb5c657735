import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  BLOG_LIST_MAX,
  BLOG_LOGIN_PROMPT,
  type BlogAdminPost,
  type BlogAdminPostSummary,
  type BlogCreateRequest,
  type BlogListResponse,
  type BlogPostResponse,
  type BlogPostSummary,
  type BlogPreviewResponse,
  type BlogTagsResponse,
  type BlogUpdateRequest,
  type Caller,
  DomainError,
} from '@nivesh/proto';
import { renderPost } from './markdown';
import type { PostEntity } from './post.entity';
import { type PostContent, type PostSummaryRow, PostsRepository, SlugTakenError } from './posts.repository';
import { slugify, uniqueSlug } from './slug';
import { distinctTags } from './tags';

/** Tries at numbering a slug made from a title when another admin takes the same one at the same moment. */
const SLUG_ATTEMPTS = 3;

const NO_SUCH_POST = 'There is no such post.';
const NOT_PUBLISHED = 'There is no published post at this address.';
const slugTaken = (slug: string) => new DomainError('conflict', `Another post already has the address /blog/${slug}; choose another.`);

const iso = (date: Date): string => date.toISOString();

const toSummary = (row: PostSummaryRow): BlogPostSummary => ({
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  tags: row.tags,
  author: row.author,
  published_at: iso(row.published_at!),
  updated_at: iso(row.updated_at),
  reading_minutes: row.reading_minutes,
});

const toAdminSummary = (row: PostSummaryRow): BlogAdminPostSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  status: row.status,
  excerpt: row.excerpt,
  tags: row.tags,
  author: row.author,
  published_at: row.published_at ? iso(row.published_at) : null,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
  reading_minutes: row.reading_minutes,
});

const toAdminPost = (post: PostEntity): BlogAdminPost => ({ ...toAdminSummary(post), markdown: post.markdown, html: post.html, summary: post.summary });

/** The blog: admins write Markdown, stored beside its sanitised HTML; visitors read excerpts, logged-in users whole posts. */
@Injectable()
export class PostsService {
  constructor(private readonly posts: PostsRepository) {}

  /** Published posts for everyone; `locked` tells a visitor that a post opens to the excerpt only. */
  async list(caller: Caller | undefined, tag?: string): Promise<BlogListResponse> {
    const rows = await this.posts.published(tag, BLOG_LIST_MAX);
    return { posts: rows.map(toSummary), locked: caller === undefined };
  }

  /** One published post: whole for a logged-in reader, its excerpt and a prompt to log in for a visitor. */
  async post(slug: string, caller: Caller | undefined): Promise<BlogPostResponse> {
    const post = await this.posts.publishedBySlug(slug);
    if (!post) throw new DomainError('not_found', NOT_PUBLISHED);
    const locked = caller === undefined;
    return { ...toSummary(post), locked, html: locked ? null : post.html, prompt: locked ? BLOG_LOGIN_PROMPT : null };
  }

  /** The topics a reader can browse the blog by: the tags of the published posts and how many posts carry each. */
  async tags(): Promise<BlogTagsResponse> {
    return { tags: await this.posts.publishedTags() };
  }

  /** The published posts the gateway's RSS feed and sitemap list. */
  async feed(): Promise<BlogPostSummary[]> {
    return (await this.posts.published(undefined, BLOG_LIST_MAX)).map(toSummary);
  }

  async adminList(): Promise<BlogAdminPostSummary[]> {
    return (await this.posts.all()).map(toAdminSummary);
  }

  async adminGet(id: string): Promise<BlogAdminPost> {
    return toAdminPost(await this.existing(id));
  }

  /** What the editor's preview shows: the Markdown rendered and sanitised exactly as saving would store it. */
  preview(markdown: string, excerpt?: string): BlogPreviewResponse {
    return renderPost(markdown, excerpt);
  }

  /** A new draft by the calling admin. A slug made from the title is numbered when taken; a slug asked for is not. */
  async create(caller: Caller, input: BlogCreateRequest): Promise<BlogAdminPost> {
    const author = caller.username ?? caller.user_id;
    for (let attempt = 1; ; attempt += 1) {
      const slug = input.slug ?? uniqueSlug(slugify(input.title), await this.posts.slugsLike(slugify(input.title)));
      const now = new Date();
      try {
        const post = await this.posts.insert({ id: randomUUID(), ...this.content(input, slug), author, status: 'draft', published_at: null, created_at: now, updated_at: now });
        return toAdminPost(post);
      } catch (error) {
        if (!(error instanceof SlugTakenError)) throw error;
        if (input.slug !== undefined || attempt >= SLUG_ATTEMPTS) throw slugTaken(error.slug);
      }
    }
  }

  /** Saves an edit; the author stays the post's first author, and a published post stays published. */
  async update(input: BlogUpdateRequest): Promise<BlogAdminPost> {
    const current = await this.existing(input.id);
    try {
      const saved = await this.posts.update(input.id, this.content(input, input.slug ?? current.slug));
      if (!saved) throw new DomainError('not_found', NO_SUCH_POST);
      return toAdminPost(saved);
    } catch (error) {
      if (error instanceof SlugTakenError) throw slugTaken(error.slug);
      throw error;
    }
  }

  async publish(id: string): Promise<BlogAdminPost> {
    const post = await this.existing(id);
    if (post.markdown.trim() === '') throw new DomainError('unprocessable', 'Write the post before publishing it: it has no text yet.');
    return toAdminPost((await this.posts.setStatus(id, 'published')) ?? (await this.existing(id)));
  }

  async unpublish(id: string): Promise<BlogAdminPost> {
    await this.existing(id);
    return toAdminPost((await this.posts.setStatus(id, 'draft')) ?? (await this.existing(id)));
  }

  async delete(id: string): Promise<{ deleted: true }> {
    if (!(await this.posts.delete(id))) throw new DomainError('not_found', NO_SUCH_POST);
    return { deleted: true };
  }

  private content(input: BlogCreateRequest, slug: string): PostContent {
    const summary = input.excerpt ? input.excerpt : null;
    const rendered = renderPost(input.markdown, summary);
    return { slug, title: input.title, markdown: input.markdown, summary, tags: distinctTags(input.tags), ...rendered };
  }

  private async existing(id: string): Promise<PostEntity> {
    const post = await this.posts.byId(id);
    if (!post) throw new DomainError('not_found', NO_SUCH_POST);
    return post;
  }
}
