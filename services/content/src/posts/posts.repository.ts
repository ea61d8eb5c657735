import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { BlogPostStatus } from '@nivesh/proto';
import type { Repository } from 'typeorm';
import { PostEntity } from './post.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNIQUE_VIOLATION = '23505';

/** A post without its Markdown and HTML: what lists need. */
export type PostSummaryRow = Omit<PostEntity, 'markdown' | 'html' | 'summary'>;

/** The fields an admin writes; the rest (id, author, status, dates) the service keeps. */
export type PostContent = Pick<PostEntity, 'slug' | 'title' | 'markdown' | 'html' | 'summary' | 'excerpt' | 'tags' | 'reading_minutes'>;

const SUMMARY_COLUMNS = ['id', 'slug', 'title', 'excerpt', 'tags', 'author', 'status', 'published_at', 'reading_minutes', 'created_at', 'updated_at'] as const;

const isUniqueViolation = (error: unknown): boolean => {
  const { code, driverError } = error as { code?: unknown; driverError?: { code?: unknown } };
  return code === UNIQUE_VIOLATION || driverError?.code === UNIQUE_VIOLATION;
};

/** Another post has the slug asked for. */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`slug ${slug} is taken`);
    this.name = 'SlugTakenError';
  }
}

/** The one reader and writer of `content.posts`. */
@Injectable()
export class PostsRepository {
  constructor(@InjectRepository(PostEntity) private readonly repo: Repository<PostEntity>) {}

  /** Published posts, newest first; with a tag, those carrying it (in any case). */
  published(tag: string | undefined, limit: number): Promise<PostSummaryRow[]> {
    const query = this.repo
      .createQueryBuilder('p')
      .select(SUMMARY_COLUMNS.map((column) => `p.${column}`))
      .where(`p.status = 'published'`)
      .orderBy('p.published_at', 'DESC')
      .addOrderBy('p.slug', 'ASC')
      .limit(limit);
    if (tag) query.andWhere('EXISTS (SELECT 1 FROM unnest(p.tags) AS t WHERE lower(t) = lower(:tag))', { tag });
    return query.getMany();
  }

  /**
   * The tags of the published posts with how many posts carry each: 'RSI' and 'rsi' count as one, spelt as the newest
   * post spells it; the most used first, then A to Z.
   */
  async publishedTags(): Promise<{ tag: string; posts: number }[]> {
    const rows: { tag: string; posts: string }[] = await this.repo.query(
      `SELECT (array_agg(t.tag ORDER BY p.published_at DESC, p.slug))[1] AS tag, count(DISTINCT p.id) AS posts
         FROM "content"."posts" p, unnest(p.tags) AS t(tag)
        WHERE p.status = 'published'
        GROUP BY lower(t.tag)
        ORDER BY count(DISTINCT p.id) DESC, lower(t.tag)`,
    );
    return rows.map((row) => ({ tag: row.tag, posts: Number(row.posts) }));
  }

  publishedBySlug(slug: string): Promise<PostEntity | null> {
    return this.repo.findOne({ where: { slug, status: 'published' } });
  }

  /** Every post, drafts too, the most recently changed first. */
  all(): Promise<PostSummaryRow[]> {
    return this.repo.find({ select: [...SUMMARY_COLUMNS], order: { updated_at: 'DESC', id: 'ASC' } });
  }

  async byId(id: string): Promise<PostEntity | null> {
    return UUID.test(id) ? this.repo.findOne({ where: { id } }) : null;
  }

  /** The slugs `base` and `base-<n>` already in use: a new post's slug is numbered past them. */
  async slugsLike(base: string): Promise<Set<string>> {
    const rows: { slug: string }[] = await this.repo.query(`SELECT slug FROM "content"."posts" WHERE slug = $1 OR slug ~ ('^' || $1 || '-[0-9]+$')`, [base]);
    return new Set(rows.map((row) => row.slug));
  }

  /** Stores a new post; throws SlugTakenError when its slug is in use. */
  async insert(post: PostEntity): Promise<PostEntity> {
    try {
      await this.repo.insert(post);
    } catch (error) {
      if (isUniqueViolation(error)) throw new SlugTakenError(post.slug);
      throw error;
    }
    return (await this.byId(post.id))!;
  }

  /** A post loaded from a file: stored unless a post has its slug already (an admin may have changed or removed it). */
  async insertIfNewSlug(post: PostEntity): Promise<boolean> {
    const inserted: unknown[] = await this.repo
      .createQueryBuilder()
      .insert()
      .into(PostEntity)
      .values(post)
      .orIgnore()
      .returning('id')
      .execute()
      .then((result) => result.raw as unknown[]);
    return inserted.length > 0;
  }

  /** Saves an admin's edit; null when there is no such post, SlugTakenError when the new slug is another post's. */
  async update(id: string, content: PostContent): Promise<PostEntity | null> {
    if (!UUID.test(id)) return null;
    try {
      const result = await this.repo.update({ id }, { ...content, updated_at: () => 'now()' });
      if (!result.affected) return null;
    } catch (error) {
      if (isUniqueViolation(error)) throw new SlugTakenError(content.slug);
      throw error;
    }
    return this.byId(id);
  }

  /**
   * Publishes or takes back a post. Publishing dates it the first time only, so a post taken back for a correction
   * keeps its date when it returns; null when there is no such post.
   */
  async setStatus(id: string, status: BlogPostStatus): Promise<PostEntity | null> {
    if (!UUID.test(id)) return null;
    const result = await this.repo
      .createQueryBuilder()
      .update(PostEntity)
      .set({ status, updated_at: () => 'now()', ...(status === 'published' ? { published_at: () => 'COALESCE("published_at", now())' } : {}) })
      .where('id = :id', { id })
      .execute();
    return result.affected ? this.byId(id) : null;
  }

  async delete(id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const result = await this.repo.delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
