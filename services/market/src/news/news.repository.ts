import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { NewsSummaryEngine, NewsTone } from '@nivesh/proto';
import type { Repository } from 'typeorm';
import { NewsArticleEntity } from './news-article.entity';
import { type FeedStatus, NewsFeedEntity } from './news-feed.entity';
import { istInstant } from './wording';

/** A press article to store. */
export type NewArticle = {
  canonical_url: string;
  url: string;
  title: string;
  title_key: string;
  source: string;
  feed_url: string;
  published_at: string;
  description: string | null;
  symbols: string[];
  tone: NewsTone;
  tone_score: number;
  tone_words: string[];
};

/** A stored article as the feed of items reads it. */
export type StoredArticle = Omit<NewArticle, 'canonical_url' | 'title_key' | 'feed_url'> & { id: number; ai_summary: string | null };

/** What the chat service answered for one stored article. */
export type ArticleSummary = { id: number; summary: string | null; engine: NewsSummaryEngine; withheld: boolean };

/** What a press page is filtered by (dates are days in India, inclusive). */
export type ArticleFilter = { symbol?: string; tone?: NewsTone; from?: string; to?: string };

/** The outcome of one fetch of one feed. */
export type FetchRecord =
  | { status: 'fetched'; title: string | null; etag: string | null; last_modified: string | null; next_fetch_at: Date }
  | { status: 'not_modified'; next_fetch_at: Date }
  | { status: 'failed' | 'malformed'; error: string; next_fetch_at: Date };

const nextDay = (isoDate: string): string => {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

/** The one reader and writer of `market.news_feeds` and `market.news_articles`. */
@Injectable()
export class NewsRepository {
  constructor(
    @InjectRepository(NewsFeedEntity) private readonly feeds: Repository<NewsFeedEntity>,
    @InjectRepository(NewsArticleEntity) private readonly articles: Repository<NewsArticleEntity>,
  ) {}

  /** Rows for configured feeds not seen before, due at `now`. */
  async ensureFeeds(urls: readonly string[], now: Date): Promise<void> {
    if (!urls.length) return;
    await this.feeds.query(`INSERT INTO "market"."news_feeds" ("url", "next_fetch_at") SELECT unnest($1::text[]), $2 ON CONFLICT ("url") DO NOTHING`, [urls, now]);
  }

  /** The configured feeds whose next fetch is due by `now`, in the configured order. */
  async dueFeeds(urls: readonly string[], now: Date): Promise<NewsFeedEntity[]> {
    if (!urls.length) return [];
    const rows = await this.feeds.createQueryBuilder('f').where('f.url = ANY(:urls)', { urls }).andWhere('f.next_fetch_at <= :now', { now }).getMany();
    return rows.sort((a, b) => urls.indexOf(a.url) - urls.indexOf(b.url));
  }

  feed(url: string): Promise<NewsFeedEntity | null> {
    return this.feeds.findOneBy({ url });
  }

  /** Records how a fetch went: validators and title after a fetch, the failure count and the next due time always. */
  async recordFetch(url: string, record: FetchRecord, at: Date): Promise<void> {
    const common = { last_fetched_at: at, last_status: record.status as FeedStatus, next_fetch_at: record.next_fetch_at };
    if (record.status === 'fetched') {
      await this.feeds.update({ url }, { ...common, title: record.title, etag: record.etag, last_modified: record.last_modified, last_error: null, failures: 0 });
    } else if (record.status === 'not_modified') {
      await this.feeds.update({ url }, { ...common, last_error: null, failures: 0 });
    } else {
      await this.feeds.update({ url }, { ...common, last_error: record.error.slice(0, 500), failures: () => '"failures" + 1' });
    }
  }

  /** How many of the configured feeds exist and when one was last fetched. */
  async lastFetch(urls: readonly string[]): Promise<string | null> {
    if (!urls.length) return null;
    const rows: Array<{ at: Date | null }> = await this.feeds.query(`SELECT max("last_fetched_at") AS at FROM "market"."news_feeds" WHERE "url" = ANY($1)`, [urls]);
    return rows[0]?.at ? new Date(rows[0].at).toISOString() : null;
  }

  /** Canonical addresses and title keys of articles published between two instants (to find repeats). */
  async keysBetween(from: Date, to: Date): Promise<Array<{ canonical_url: string; title_key: string; published_at: string }>> {
    const rows = await this.articles
      .createQueryBuilder('a')
      .select(['a.canonical_url', 'a.title_key', 'a.published_at'])
      .where('a.published_at BETWEEN :from AND :to', { from, to })
      .getMany();
    return rows.map((row) => ({ canonical_url: row.canonical_url, title_key: row.title_key, published_at: row.published_at.toISOString() }));
  }

  /** Whether an article with this canonical address is stored, whenever it was published. */
  async hasCanonical(urls: readonly string[]): Promise<Set<string>> {
    if (!urls.length) return new Set();
    const rows: Array<{ canonical_url: string }> = await this.articles.query(`SELECT "canonical_url" FROM "market"."news_articles" WHERE "canonical_url" = ANY($1)`, [urls]);
    return new Set(rows.map((row) => row.canonical_url));
  }

  /** Stores articles whose canonical address is new; the ids and canonical addresses of those that were. */
  async insertMany(articles: readonly NewArticle[]): Promise<Array<{ id: number; canonical_url: string }>> {
    if (!articles.length) return [];
    const rows: Array<{ id: string; canonical_url: string }> = await this.articles.query(
      `INSERT INTO "market"."news_articles" ("canonical_url", "url", "title", "title_key", "source", "feed_url", "published_at", "description", "symbols", "tone", "tone_score", "tone_words")
       SELECT "canonical_url", "url", "title", "title_key", "source", "feed_url", "published_at", "description",
         ARRAY(SELECT jsonb_array_elements_text(a."symbols")), "tone", "tone_score", ARRAY(SELECT jsonb_array_elements_text(a."tone_words"))
       FROM jsonb_to_recordset($1::jsonb) AS a("canonical_url" text, "url" text, "title" text, "title_key" text, "source" text, "feed_url" text,
         "published_at" timestamptz, "description" text, "symbols" jsonb, "tone" varchar, "tone_score" real, "tone_words" jsonb)
       ON CONFLICT ("canonical_url") DO NOTHING
       RETURNING "id", "canonical_url"`,
      [JSON.stringify(articles)],
    );
    return rows.map((row) => ({ id: Number(row.id), canonical_url: row.canonical_url }));
  }

  /** Stores the chat service's answers: each article's line (null when none was written or it was withheld). */
  async saveSummaries(summaries: readonly ArticleSummary[]): Promise<void> {
    if (!summaries.length) return;
    await this.articles.query(
      `UPDATE "market"."news_articles" AS a SET "ai_summary" = s."summary", "ai_summary_engine" = s."engine", "ai_summary_withheld" = s."withheld"
       FROM jsonb_to_recordset($1::jsonb) AS s("id" bigint, "summary" text, "engine" varchar, "withheld" boolean)
       WHERE a."id" = s."id"`,
      [JSON.stringify(summaries)],
    );
  }

  /**
   * How many articles are stored, the newest id and how many carry a summary: stored answers are keyed by them, so a
   * new article, or a summary written after it was stored, makes them stale.
   */
  async state(): Promise<{ articles: number; latest: number; summaries: number }> {
    const rows: Array<{ n: number; latest: string | null; summaries: number }> = await this.articles.query(
      `SELECT count(*)::int AS n, max("id") AS latest, count("ai_summary")::int AS summaries FROM "market"."news_articles"`,
    );
    return { articles: rows[0]?.n ?? 0, latest: Number(rows[0]?.latest ?? 0), summaries: rows[0]?.summaries ?? 0 };
  }

  /** The newest `limit` articles that pass the filter, and how many pass it. */
  async page(filter: ArticleFilter, limit: number): Promise<{ total: number; articles: StoredArticle[] }> {
    const query = this.articles.createQueryBuilder('a');
    if (filter.symbol) query.andWhere(':symbol = ANY(a.symbols)', { symbol: filter.symbol });
    if (filter.tone) query.andWhere('a.tone = :tone', { tone: filter.tone });
    if (filter.from) query.andWhere('a.published_at >= :from', { from: istInstant(filter.from, '00:00') });
    if (filter.to) query.andWhere('a.published_at < :to', { to: istInstant(nextDay(filter.to), '00:00') });
    const total = await query.clone().getCount();
    const rows = limit > 0 ? await query.orderBy('a.published_at', 'DESC').addOrderBy('a.id', 'DESC').limit(limit).getMany() : [];
    return {
      total,
      articles: rows.map((row) => ({
        id: Number(row.id),
        url: row.url,
        title: row.title,
        source: row.source,
        published_at: row.published_at.toISOString(),
        description: row.description,
        symbols: row.symbols,
        tone: row.tone,
        tone_score: row.tone_score,
        tone_words: row.tone_words,
        ai_summary: row.ai_summary,
      })),
    };
  }
}
