import { DomainError, type NewsSummaryInput, type NewsSummaryResult } from '@nivesh/proto';
import type { BarStore } from '../bars/bar-store';
import type { FeedHttpRepository } from './feed-http.repository';
import type { NewsSummariesClient } from './news-summaries.client';
import type { ArticleSummary, NewArticle, NewsRepository } from './news.repository';
import { PressService } from './press.service';

const FEED = 'https://feeds.example.in/markets.xml';
const NOW = new Date('2024-03-29T04:00:00Z');

/** An RSS feed of `count` different stories, each with a description. */
const rss = (count: number) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Example Markets</title>${Array.from(
    { length: count },
    (_, index) =>
      `<item><title>Story number ${index + 1} about ${['cement', 'steel', 'banks', 'software', 'power'][index % 5]} ${index}</title><link>https://feeds.example.in/story-${index + 1}.html</link><pubDate>Fri, 12 Jan 2024 10:00:00 +0530</pubDate><description>What happened in story ${index + 1}.</description></item>`,
  ).join('')}</channel></rss>`;

/** The repository's behaviour in memory: what PostgreSQL keeps for feeds and articles. */
class MemoryRepository {
  readonly articles: Array<NewArticle & { id: number }> = [];
  readonly summaries: ArticleSummary[] = [];
  failSummaries = false;
  async ensureFeeds() {}
  async dueFeeds(urls: readonly string[]) {
    return urls.map((url) => ({ url, etag: null, last_modified: null, failures: 0 }));
  }
  async recordFetch() {}
  async keysBetween() {
    return [];
  }
  async hasCanonical() {
    return new Set<string>();
  }
  async insertMany(rows: readonly NewArticle[]) {
    return rows.map((row) => {
      const stored = { ...row, id: this.articles.length + 1 };
      this.articles.push(stored);
      return { id: stored.id, canonical_url: row.canonical_url };
    });
  }
  async saveSummaries(summaries: readonly ArticleSummary[]) {
    if (this.failSummaries) throw new Error('connection terminated');
    this.summaries.push(...summaries);
  }
}

const setUp = (answer: (items: NewsSummaryInput[]) => Promise<NewsSummaryResult>, stories = 45) => {
  const repository = new MemoryRepository();
  const http = { get: async () => ({ status: 'ok', body: rss(stories), etag: null, last_modified: null }) } as unknown as FeedHttpRepository;
  const bars = { stocks: async () => [] } as unknown as BarStore;
  const batches: NewsSummaryInput[][] = [];
  const summaries = {
    summarise: (items: NewsSummaryInput[]) => {
      batches.push(items);
      return answer(items);
    },
  } as unknown as NewsSummariesClient;
  const press = new PressService(repository as unknown as NewsRepository, http, bars, summaries);
  return { repository, batches, ingest: () => press.fetchDue([FEED], { timeoutMs: 1_000, now: NOW }) };
};

const written = (items: NewsSummaryInput[]): NewsSummaryResult => ({
  items: items.map((item) => ({ id: item.id, summary: `A line about ${item.headline}.`, engine: 'llm', withheld: false })),
});

describe('PressService: summaries of new articles', () => {
  it('asks for every new article in batches of 20 and stores each line against its article', async () => {
    const { repository, batches, ingest } = setUp(async (items) => written(items));
    const result = await ingest();
    expect(result).toMatchObject({ added: 45, summaries: { asked: 45, written: 45, withheld: 0 } });
    expect(batches.map((batch) => batch.length)).toEqual([20, 20, 5]);
    const first = repository.articles[0]!;
    expect(batches[0]![0]).toEqual({ id: String(first.id), headline: first.title, description: first.description });
    expect(repository.summaries.find((summary) => summary.id === first.id)).toEqual({ id: first.id, summary: `A line about ${first.title}.`, engine: 'llm', withheld: false });
  });

  it('stores the articles and stops asking when the chat service is not there', async () => {
    const { repository, batches, ingest } = setUp(async () => {
      throw new DomainError('service_unavailable', 'The chat service is unavailable. Please try again shortly.');
    });
    const result = await ingest();
    expect(result).toMatchObject({ added: 45, summaries: { asked: 0, written: 0, withheld: 0 } });
    expect(batches).toHaveLength(1);
    expect(repository.articles).toHaveLength(45);
    expect(repository.summaries).toEqual([]);
  });

  it('stops after a batch in which no line was written (no language model, or it is too slow)', async () => {
    const { repository, batches, ingest } = setUp(async (items) => ({ items: items.map((item) => ({ id: item.id, summary: null, engine: 'none', withheld: false })) }));
    const result = await ingest();
    expect(result.summaries).toEqual({ asked: 20, written: 0, withheld: 0 });
    expect(batches).toHaveLength(1);
    expect(repository.summaries.every((summary) => summary.engine === 'none' && summary.summary === null)).toBe(true);
  });

  it('counts withheld lines, ignores answers about articles it did not ask about, and never fails the ingestion', async () => {
    const { repository, ingest } = setUp(
      async (items) => ({
        items: [
          ...items.map((item, index) => ({ id: item.id, summary: index === 0 ? null : 'A line.', engine: 'llm' as const, withheld: index === 0 })),
          { id: '999', summary: 'Not asked for.', engine: 'llm' as const, withheld: false },
        ],
      }),
      3,
    );
    expect((await ingest()).summaries).toEqual({ asked: 3, written: 2, withheld: 1 });
    expect(repository.summaries.map((summary) => summary.id)).toEqual([1, 2, 3]);

    const failing = setUp(async (items) => written(items), 3);
    failing.repository.failSummaries = true;
    await expect(failing.ingest()).resolves.toMatchObject({ added: 3, summaries: { asked: 0, written: 0, withheld: 0 } });
  });
});
