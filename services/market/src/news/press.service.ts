import { Injectable, Logger } from '@nestjs/common';
import type { NewsSummaryResult } from '@nivesh/proto';
import { BarStore } from '../bars/bar-store';
import { canonicalUrl, sameStory, titleKey } from './dedupe';
import { type FeedArticle, FeedFormatError, readFeed } from './feed-items';
import { FeedFetchError, FeedHttpRepository } from './feed-http.repository';
import type { NewsFeedEntity } from './news-feed.entity';
import { NewsSummariesClient } from './news-summaries.client';
import { type FetchRecord, type NewArticle, NewsRepository } from './news.repository';
import { type Summarisable, summaryBatches } from './summaries';
import { Tagger } from './tagger';
import { toneOf } from './tone';

/** The first wait after a failure; each further failure in a row doubles it, up to BACKOFF_MAX_MS. */
export const BACKOFF_BASE_MS = 5 * 60_000;
export const BACKOFF_MAX_MS = 12 * 3_600_000;
/** Articles of the same story within this many days of each other count once. */
const SAME_STORY_DAYS = 3;
const DAY_MS = 86_400_000;
/** Feeds fetched at once. */
const CONCURRENCY = 4;

/** How long a feed waits after its `failures`-th failure in a row. */
export const backoffMs = (failures: number): number => Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);

/** One feed's fetch, parsed, with the record to store. */
type Fetched =
  | { status: 'fetched'; title: string | null; articles: FeedArticle[]; record: FetchRecord }
  | { status: 'not_modified'; record: FetchRecord }
  | { status: 'failed' | 'malformed'; error: string; record: FetchRecord };

export type FeedOutcome = { url: string; status: FetchRecord['status']; articles: number; added: number; error?: string };
/** The one-line summaries of a run's new articles: how many were asked for, written and shown, and withheld by the rail. */
export type SummaryOutcome = { asked: number; written: number; withheld: number };
export type IngestResult = { feeds: FeedOutcome[]; added: number; duplicates: number; summaries: SummaryOutcome };

const NO_SUMMARIES: SummaryOutcome = { asked: 0, written: 0, withheld: 0 };
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Reads the configured press feeds that are due: a conditional GET each (a 304 costs nothing), with a deadline; a feed
 * that fails, or whose body is not a feed, waits longer after each failure in a row (5 min doubling, at most 12 h)
 * while the others go on. Articles are stored once: by canonical address, and not again under a near-identical title
 * within three days. Each is tagged with the stocks it names and the tone of its words. Once stored, new articles get
 * a one-line summary from the chat service's language model where one is set up (see `summarise`).
 */
@Injectable()
export class PressService {
  private readonly logger = new Logger(PressService.name);

  constructor(
    private readonly repository: NewsRepository,
    private readonly http: FeedHttpRepository,
    private readonly bars: BarStore,
    private readonly summaries: NewsSummariesClient,
  ) {}

  async fetchDue(urls: readonly string[], { timeoutMs, now = new Date() }: { timeoutMs: number; now?: Date }): Promise<IngestResult> {
    await this.repository.ensureFeeds(urls, now);
    const due = await this.repository.dueFeeds(urls, now);
    if (!due.length) return { feeds: [], added: 0, duplicates: 0, summaries: NO_SUMMARIES };
    const tagger = new Tagger(await this.bars.stocks());
    // Fetched side by side, stored one after another in the configured order: of one story carried by two feeds, the
    // first feed's copy is kept.
    const fetched = new Array<Fetched>(due.length);
    await runPool(
      due.map((feed, index) => ({ feed, index })),
      CONCURRENCY,
      async ({ feed, index }) => {
        fetched[index] = await this.fetchOne(feed, timeoutMs, now);
      },
    );
    const outcomes: FeedOutcome[] = [];
    const stored: Summarisable[] = [];
    let duplicates = 0;
    for (const [index, feed] of due.entries()) {
      const result = fetched[index]!;
      if (result.status === 'fetched') {
        const source = result.title ?? hostOf(feed.url);
        const { rows, repeated } = await this.fresh(result.articles, feed.url, source, tagger, now);
        const inserted = await this.repository.insertMany(rows);
        const byCanonical = new Map(rows.map((row) => [row.canonical_url, row]));
        for (const { id, canonical_url } of inserted) {
          const row = byCanonical.get(canonical_url)!;
          stored.push({ id, title: row.title, description: row.description });
        }
        const added = inserted.length;
        duplicates += repeated + (rows.length - added);
        outcomes.push({ url: feed.url, status: 'fetched', articles: result.articles.length, added });
      } else {
        outcomes.push({ url: feed.url, status: result.status, articles: 0, added: 0, ...(result.status === 'not_modified' ? {} : { error: result.error }) });
      }
      await this.repository.recordFetch(feed.url, result.record, now);
    }
    const added = outcomes.reduce((sum, outcome) => sum + outcome.added, 0);
    const failed = outcomes.filter((outcome) => outcome.error);
    const summaries = await this.summarise(stored).catch((error: unknown) => {
      this.logger.warn(`news summaries not stored, the feeds' descriptions stay: ${messageOf(error)}`);
      return NO_SUMMARIES;
    });
    this.logger.log(
      `news feeds: ${outcomes.length} due, ${added} new article(s), ${duplicates} repeat(s), summaries by AI: ${summaries.written} written, ${summaries.withheld} withheld` +
        (failed.length ? `; failed: ${failed.map((outcome) => `${outcome.url} (${outcome.error})`).join(', ')}` : ''),
    );
    return { feeds: outcomes.sort((a, b) => a.url.localeCompare(b.url)), added, duplicates, summaries };
  }

  /**
   * Asks the chat service for a one-line summary of each new article with a description, a batch at a time, and stores
   * the answers. Best effort: the articles are already stored with the feed's description, which stays when chat is
   * down, too slow or has no language model. The first batch that fails, or gets no line at all, ends the asking for
   * this run, so a run never waits on chat more than once in vain.
   */
  private async summarise(articles: readonly Summarisable[]): Promise<SummaryOutcome> {
    const outcome = { ...NO_SUMMARIES };
    for (const batch of summaryBatches(articles)) {
      let result: NewsSummaryResult;
      try {
        result = await this.summaries.summarise(batch);
      } catch (error) {
        this.logger.warn(`news summaries unavailable, the feeds' descriptions stay: ${messageOf(error)}`);
        break;
      }
      const asked = new Set(batch.map((item) => item.id));
      const answers = result.items.filter((item) => asked.has(item.id));
      await this.repository.saveSummaries(answers.map((item) => ({ id: Number(item.id), summary: item.summary, engine: item.engine, withheld: item.withheld })));
      outcome.asked += batch.length;
      outcome.written += answers.filter((item) => item.summary !== null).length;
      outcome.withheld += answers.filter((item) => item.withheld).length;
      if (answers.every((item) => item.engine === 'none')) break;
    }
    return outcome;
  }

  /** One conditional GET and its parse, as the record to store; never throws for the feed's own faults. */
  private async fetchOne(
    feed: NewsFeedEntity,
    timeoutMs: number,
    now: Date,
  ): Promise<Fetched> {
    const due = new Date(now.getTime());
    try {
      const response = await this.http.get(feed.url, { etag: feed.etag, last_modified: feed.last_modified }, timeoutMs);
      if (response.status === 'not_modified') return { status: 'not_modified', record: { status: 'not_modified', next_fetch_at: due } };
      const parsed = readFeed(response.body, feed.url);
      return {
        status: 'fetched',
        title: parsed.title,
        articles: parsed.articles,
        record: { status: 'fetched', title: parsed.title, etag: response.etag, last_modified: response.last_modified, next_fetch_at: due },
      };
    } catch (error) {
      if (!(error instanceof FeedFetchError || error instanceof FeedFormatError)) throw error;
      const status = error instanceof FeedFormatError ? 'malformed' : 'failed';
      const next = new Date(now.getTime() + backoffMs(feed.failures + 1));
      return { status, error: error.message, record: { status, error: error.message, next_fetch_at: next } };
    }
  }

  /** The articles not stored yet, as rows: new canonical address, and no near-identical title within three days. */
  private async fresh(articles: readonly FeedArticle[], feedUrl: string, source: string, tagger: Tagger, now: Date): Promise<{ rows: NewArticle[]; repeated: number }> {
    if (!articles.length) return { rows: [], repeated: 0 };
    // An undated article counts from when it was first seen; a date in the future is a feed's mistake.
    const dated = articles.map((article) => ({ ...article, published_at: article.published_at && article.published_at < now.toISOString() ? article.published_at : now.toISOString() }));
    const times = dated.map((article) => Date.parse(article.published_at));
    const known = await this.repository.keysBetween(new Date(Math.min(...times) - SAME_STORY_DAYS * DAY_MS), new Date(Math.max(...times) + SAME_STORY_DAYS * DAY_MS));
    const stored = await this.repository.hasCanonical(dated.map((article) => article.canonical_url));
    const seen = [...known];
    const rows: NewArticle[] = [];
    let repeated = 0;
    for (const article of dated) {
      const key = titleKey(article.title, source);
      const at = Date.parse(article.published_at);
      const repeat =
        stored.has(article.canonical_url) ||
        seen.some((other) => other.canonical_url === article.canonical_url || (Math.abs(Date.parse(other.published_at) - at) <= SAME_STORY_DAYS * DAY_MS && sameStory(other.title_key, key)));
      if (repeat) {
        repeated += 1;
        continue;
      }
      seen.push({ canonical_url: article.canonical_url, title_key: key, published_at: article.published_at });
      const tone = toneOf(article.description ? `${article.title}. ${article.description}` : article.title);
      rows.push({
        canonical_url: article.canonical_url,
        url: article.url,
        title: article.title,
        title_key: key,
        source,
        feed_url: feedUrl,
        published_at: article.published_at,
        description: article.description,
        // The headline's stocks first; its description can name more.
        symbols: [...new Set([...tagger.tag(article.title), ...(article.description ? tagger.tag(article.description) : [])])].slice(0, 10),
        tone: tone.label,
        tone_score: tone.score,
        tone_words: tone.words,
      });
    }
    return { rows, repeated };
  }
}

const hostOf = (url: string): string => canonicalUrl(url)?.split('/')[0] ?? url;

/** Runs `work` over `items`, at most `limit` at a time. */
const runPool = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
};
