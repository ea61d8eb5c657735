import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { NEWS, NEWS_CAVEAT, type NewsFeed, type NewsQuery } from '@nivesh/proto';
import { parseConfig, startService } from '@nivesh/platform';
import { AppModule as ChatModule } from '../../chat/src/app.module';
import { ConfigSchema as ChatConfigSchema } from '../../chat/src/config';
import { type FakeLlm, startFakeLlm } from '../../chat/test/fake-llm';
import { ConfigSchema } from '../src/config';
import { FundamentalsImporter } from '../src/import/fundamentals-importer';
import { PressService } from '../src/news/press.service';
import { csvRows, DATABASE_URL, type MarketHarness, REDIS_URL, startMarket } from './support';

const XBRL = ConfigSchema.shape.FUNDAMENTALS_DATA_DIR.parse(process.env.FUNDAMENTALS_DATA_DIR);
const FEEDS = path.join(__dirname, '../src/news/testing/feeds');

type Seen = { path: string; headers: IncomingHttpHeaders };

/** What the chat service's local language model (fake-llm) answers when no recording matches. */
const PLAIN_ANSWER = 'Diversification means spreading money across companies and sectors so that one fall hurts less.';

/**
 * The feed fixtures over HTTP on this machine, as a publisher serves them: each with an ETag, answering 304 to a
 * matching If-None-Match; /slow.xml never answers.
 */
const feedServer = async (): Promise<{ url: (file: string) => string; seen: Seen[]; close: () => Promise<void> }> => {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    const file = (request.url ?? '/').slice(1);
    seen.push({ path: file, headers: request.headers });
    if (file === 'slow.xml') return;
    let body: string;
    try {
      body = readFileSync(path.join(FEEDS, path.basename(file)), 'utf8');
    } catch {
      response.writeHead(404).end('Not found');
      return;
    }
    const etag = `"${file}-v1"`;
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { ETag: etag }).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': file.endsWith('.html') ? 'text/html' : 'application/xml; charset=utf-8', ETag: etag, 'Last-Modified': 'Tue, 16 Jan 2024 04:00:00 GMT' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (file) => `http://127.0.0.1:${port}/${file}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

describe('AI News', () => {
  let market: MarketHarness;
  const news = (query: Partial<NewsQuery> = {}): Promise<NewsFeed> => market.call(NEWS.news, query);

  beforeAll(async () => {
    market = await startMarket();
    // Every filing of the shared folder (another test file may have stored a few fixtures only); a filing imported before
    // adds nothing, so this costs little when they are all there.
    await market.app.get(FundamentalsImporter).importPaths([XBRL]);
    await market.pg.query('TRUNCATE market.news_articles, market.news_feeds');
  });

  afterAll(async () => {
    await market.pg.query('TRUNCATE market.news_articles, market.news_feeds');
    await market.close();
  });

  it("lists Infosys's Q3 FY2024 results on their filing day with the figures of the filing and the next days' moves", async () => {
    const feed = await news({ symbol: 'INFY', kind: 'results', from: '2024-01-11', to: '2024-01-11' });
    expect(feed.total).toBe(1);
    const [item] = feed.items;
    // The consolidated filing of 11 Jan 2024, 18:19 IST, against the consolidated Q3 of a year earlier.
    const { rows } = await market.pg.query<{ filed_at: Date; revenue: string; before: string; eps: string }>(
      `SELECT now.filed_at, now.quarter->>'revenue' AS revenue, before.quarter->>'revenue' AS before, now.quarter->>'eps_basic' AS eps
         FROM market.filings now JOIN market.filings before ON before.symbol = now.symbol AND before.basis = now.basis AND before.period = now.period AND before.fiscal_year = now.fiscal_year - 1
        WHERE now.symbol = 'INFY' AND now.fiscal_year = 2024 AND now.period = 'Q3' AND now.basis = 'consolidated'`,
    );
    const filing = rows[0]!;
    const crore = Math.round(Number(filing.revenue) / 1e7).toLocaleString('en-IN');
    const growth = ((Number(filing.revenue) / Number(filing.before) - 1) * 100).toFixed(1);
    expect([crore, growth, filing.eps]).toEqual(['38,821', '1.3', '14.76']);
    expect(item).toMatchObject({
      id: 'results:INFY:2024:Q3',
      kind: 'results',
      origin: 'generated',
      label: 'Generated from NSE filings',
      url: null,
      date: '2024-01-11',
      published_at: filing.filed_at.toISOString(),
      headline: `Infosys Q3 FY2024 results: revenue ₹${crore} cr, up ${growth}% year on year; EPS ₹14.76`,
      symbols: [{ symbol: 'INFY', company: 'Infosys Ltd.' }],
    });
    expect(item!.summary).toContain('Consolidated results for October–December 2023, published on NSE on 11 Jan 2024 at 18:19 IST.');
    expect(item!.summary).toContain('Net profit ₹6,106 cr, against ₹6,586 cr a year earlier (down 7.3%).');
    // Its tone follows the figures: profit fell more than 2 %, whatever the headline's "up 1.3%" says.
    expect(item!.tone).toEqual({ label: 'negative', score: -1, words: ['net profit down 7.3%', 'revenue up 1.3%'] });

    // Published after the close: the reaction runs from 11 Jan's close, and its first day is 12 Jan.
    const closes = new Map(csvRows(market.dir, 'INFY.csv').map((bar) => [bar.date, bar.close]));
    const nifty = new Map(csvRows(market.dir, 'NIFTY50.csv').map((bar) => [bar.date, bar.close]));
    const move = (from: string, to: string, series: Map<string, number>) => Math.round((series.get(to)! / series.get(from)! - 1) * 10_000) / 100;
    expect(item!.reaction).toMatchObject({ symbol: 'INFY', base_date: '2024-01-11', note: null });
    const [day1, day5] = item!.reaction!.moves;
    expect(day1).toEqual({
      days: 1,
      date: '2024-01-12',
      stock_pct: move('2024-01-11', '2024-01-12', closes),
      nifty_pct: move('2024-01-11', '2024-01-12', nifty),
      excess_pct: Math.round((move('2024-01-11', '2024-01-12', closes) - move('2024-01-11', '2024-01-12', nifty)) * 100) / 100,
    });
    expect(day1!.stock_pct).toBeCloseTo(7.93, 2);
    expect(day5).toMatchObject({ days: 5, date: '2024-01-18', stock_pct: move('2024-01-11', '2024-01-18', closes) });
    expect(feed.caveat).toBe(NEWS_CAVEAT);
  });

  it('lists corporate actions and market events of the prices, newest first, one item per run of highs', async () => {
    const actions = await news({ symbol: 'RELIANCE', kind: 'actions', from: '2023-01-01' });
    expect(actions.items.map((item) => [item.date, item.event, item.headline])).toEqual([
      ['2024-10-28', 'bonus', 'Reliance Industries: 1:1 bonus issue, ex-date 28 Oct 2024'],
      ['2023-07-20', 'demerger', 'Reliance Industries: Demerger of Jio Financial Services, ex-date 20 Jul 2023'],
    ]);
    // The bonus is after the prices end: it has no moves, and says so.
    expect(actions.items[0]!.reaction).toMatchObject({ base_date: '2024-03-28', moves: [{ date: null }, { date: null }, { date: null }] });
    expect(actions.items[0]!.reaction!.note).toContain('28 Mar 2024');

    const highs = await news({ symbol: 'INFY', kind: 'market', page_size: 50 });
    expect(highs.items.length).toBeGreaterThan(0);
    expect(highs.items.every((item) => item.label === 'Generated from exchange prices' && item.date >= '2021-03-28')).toBe(true);
    const dates = highs.items.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const runs = highs.items.filter((item) => item.event === 'high_52w').map((item) => item.date);
    const tradingDays = csvRows(market.dir, 'INFY.csv').map((bar) => bar.date);
    for (let index = 1; index < runs.length; index++) {
      expect(tradingDays.indexOf(runs[index - 1]!) - tradingDays.indexOf(runs[index]!)).toBeGreaterThan(63);
    }
  });

  it('pages through every item once, and refuses an unknown stock', async () => {
    const first = await news({ symbol: 'TCS', page_size: 10 });
    const second = await news({ symbol: 'TCS', page_size: 10, page: 2 });
    expect(first.total).toBe(second.total);
    expect(first.items).toHaveLength(10);
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    await expect(news({ symbol: 'NOSUCH' })).rejects.toMatchObject({ code: 'not_found' });
    // With no feeds, only generated items, and the page can say how to add feeds.
    expect(first.press).toMatchObject({ feeds: 0, articles: 0, how_to_add: expect.stringContaining('adds RSS or Atom news feeds') });
  });

  describe('press feeds', () => {
    let server: Awaited<ReturnType<typeof feedServer>>;
    let press: PressService;

    beforeAll(async () => {
      server = await feedServer();
      press = market.app.get(PressService);
    });

    afterAll(async () => {
      await server.close();
    });

    it('stores each story once, rejects a malformed feed without losing the others, then asks again conditionally', async () => {
      const feeds = [server.url('markets.rss.xml'), server.url('business.atom.xml'), server.url('broken.xml')];
      const now = new Date('2024-03-29T04:00:00Z');
      const first = await press.fetchDue(feeds, { timeoutMs: 2_000, now });
      expect(first.feeds.map((feed) => [path.basename(feed.url), feed.status, feed.added])).toEqual([
        ['broken.xml', 'malformed', 0],
        ['business.atom.xml', 'fetched', 2],
        ['markets.rss.xml', 'fetched', 5],
      ]);
      // The Atom feed repeats two stories: one under an AMP address, one with the publication's name after its title.
      expect(first).toMatchObject({ added: 7, duplicates: 2 });
      const stored = await market.pg.query<{ title: string; url: string; symbols: string[]; description: string | null; source: string }>(
        'SELECT title, url, symbols, description, source FROM market.news_articles ORDER BY published_at',
      );
      const byTitle = new Map(stored.rows.map((row) => [row.title, row]));
      expect(byTitle.get('Infosys shares jump 8% after Q3 results beat estimates')).toMatchObject({
        symbols: ['INFY'],
        source: 'Example Markets',
        description: "Shares of Infosys rose as much as 8% on Friday & led the Nifty IT index higher after the company's December-quarter numbers.",
      });
      expect(byTitle.get('Reliance Power shares hit upper circuit on debt settlement')!.symbols).toEqual([]);
      expect(byTitle.get('Tech Mahindra profit falls 60% as deal wins slow')!.symbols).toEqual(['TECHM']);
      expect(byTitle.get('Tata group stocks mixed; Tata Steel slips, TCS gains')!.symbols).toEqual(['TATASTEEL', 'TCS']);
      expect(byTitle.get('Bajaj Auto Finance, now Bajaj Finance, joins Mahindra & Mahindra in rally')!.symbols).toEqual(['BAJFINANCE', 'M&M']);
      expect(byTitle.get('HDFC Bank shares slump 8% as margins disappoint')!.url).toBe('https://business.example.com/markets/hdfc-bank-shares-slump-5680');
      expect([...byTitle.keys()]).not.toContain('Opinion: what the budget could mean for savers');
      // No article text is kept, only the feed's short description.
      expect(stored.rows.some((row) => row.description?.includes('must never be stored'))).toBe(false);

      const broken = await market.pg.query<{ failures: number; next_fetch_at: Date; last_error: string }>('SELECT failures, next_fetch_at, last_error FROM market.news_feeds WHERE url = $1', [feeds[2]]);
      expect(broken.rows[0]).toMatchObject({ failures: 1, next_fetch_at: new Date(now.getTime() + 5 * 60_000) });
      expect(broken.rows[0]!.last_error).toMatch(/not an RSS or Atom feed/);

      // A minute later: the broken feed waits out its backoff; the others are asked with their ETags and answer 304.
      server.seen.length = 0;
      const again = await press.fetchDue(feeds, { timeoutMs: 2_000, now: new Date(now.getTime() + 60_000) });
      expect(again.feeds.map((feed) => [path.basename(feed.url), feed.status])).toEqual([
        ['business.atom.xml', 'not_modified'],
        ['markets.rss.xml', 'not_modified'],
      ]);
      expect(again.added).toBe(0);
      expect(server.seen.map((request) => [request.path, request.headers['if-none-match'], request.headers['if-modified-since']]).sort()).toEqual([
        ['business.atom.xml', '"business.atom.xml-v1"', 'Tue, 16 Jan 2024 04:00:00 GMT'],
        ['markets.rss.xml', '"markets.rss.xml-v1"', 'Tue, 16 Jan 2024 04:00:00 GMT'],
      ]);
    });

    it('gives up on a feed that does not answer in time and backs off further after each failure', async () => {
      const slow = server.url('slow.xml');
      const now = new Date('2024-03-29T05:00:00Z');
      const first = await press.fetchDue([slow], { timeoutMs: 300, now });
      expect(first.feeds).toEqual([{ url: slow, status: 'failed', articles: 0, added: 0, error: 'no answer within 300 ms' }]);
      const second = await press.fetchDue([slow], { timeoutMs: 300, now: new Date(now.getTime() + 5 * 60_000) });
      expect(second.feeds[0]!.status).toBe('failed');
      const { rows } = await market.pg.query<{ failures: number; next_fetch_at: Date }>('SELECT failures, next_fetch_at FROM market.news_feeds WHERE url = $1', [slow]);
      // 5 minutes after the first failure, 10 after the second.
      expect(rows[0]).toEqual({ failures: 2, next_fetch_at: new Date(now.getTime() + 15 * 60_000) });
    });

    it('shows press articles beside the generated items, tagged, toned and with their price reaction', async () => {
      const infy = await news({ symbol: 'INFY', from: '2024-01-11', to: '2024-01-12' });
      // Newest first: the day's volume (known at the close), the article (10:05 IST), the results (18:19 IST the day before).
      expect(infy.items.map((item) => [item.kind, item.headline])).toEqual([
        ['market', 'Infosys trades 4.9 times its usual volume'],
        ['press', 'Infosys shares jump 8% after Q3 results beat estimates'],
        ['results', expect.stringContaining('Infosys Q3 FY2024 results')],
      ]);
      const article = infy.items[1]!;
      expect(article).toMatchObject({
        origin: 'press',
        label: 'Press: Example Markets',
        url: 'https://markets.example.in/markets/stocks/infosys-shares-jump-after-q3-results-1234.html?utm_source=rss&utm_medium=feed',
        symbols: [{ symbol: 'INFY', company: 'Infosys Ltd.' }],
        tone: { label: 'positive' },
        // Published at 10:05 IST on the 12th: the reaction runs from the 11th's close.
        reaction: { symbol: 'INFY', base_date: '2024-01-11' },
      });
      const negative = await news({ kind: 'press', tone: 'negative' });
      const { rows } = await market.pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM market.news_articles WHERE tone = 'negative'`);
      expect(negative.total).toBe(rows[0]!.n);
      expect(negative.items.every((item) => item.kind === 'press' && item.tone.label === 'negative' && item.tone.score < 0)).toBe(true);
      expect(negative.items.map((item) => item.headline)).toContain('HDFC Bank shares slump 8% as margins disappoint');
      expect(negative.press).toMatchObject({ articles: 7, how_to_add: expect.any(String) });
    });

    describe('one-line summaries by the language model, through the chat service', () => {
      type Stored = { title: string; description: string | null; ai_summary: string | null; ai_summary_engine: string | null; ai_summary_withheld: boolean };
      const stored = async (titles: string[]): Promise<Map<string, Stored>> => {
        const { rows } = await market.pg.query<Stored>(
          'SELECT title, description, ai_summary, ai_summary_engine, ai_summary_withheld FROM market.news_articles WHERE title = ANY($1)',
          [titles],
        );
        return new Map(rows.map((row) => [row.title, row]));
      };
      const pressItem = async (headline: string) => (await news({ kind: 'press', from: '2024-01-18', to: '2024-01-19' })).items.find((item) => item.headline === headline)!;

      let llm: FakeLlm | undefined;
      let chat: Awaited<ReturnType<typeof startService>>['app'] | undefined;

      afterAll(async () => {
        await chat?.close();
        await llm?.close();
      });

      it("keeps the feed's own description when the chat service is not running, and still stores the article", async () => {
        const result = await press.fetchDue([server.url('morning.rss.xml')], { timeoutMs: 2_000, now: new Date('2024-03-29T06:00:00Z') });
        expect(result).toMatchObject({ added: 1, summaries: { asked: 0, written: 0, withheld: 0 } });
        const wipro = (await stored(['Wipro shares rise 3% as deal pipeline grows'])).get('Wipro shares rise 3% as deal pipeline grows');
        expect(wipro).toEqual({
          title: 'Wipro shares rise 3% as deal pipeline grows',
          description: 'Wipro said its order book for the quarter was the largest in two years.',
          ai_summary: null,
          ai_summary_engine: null,
          ai_summary_withheld: false,
        });
        expect(await pressItem('Wipro shares rise 3% as deal pipeline grows')).toMatchObject({
          summary: 'Wipro said its order book for the quarter was the largest in two years.',
          summary_source: 'feed',
        });
      });

      it("stores the model's line for a new article, and withholds one that makes a buy call with a target", async () => {
        llm = await startFakeLlm();
        const config = parseConfig(ChatConfigSchema, {
          DATABASE_URL,
          REDIS_URL,
          REDIS_PREFIX: market.config.REDIS_PREFIX,
          LOG_LEVEL: 'error',
          CHAT_RETENTION_JOB: 'false',
          LLM_BASE_URL: llm.url,
          LLM_MODEL: 'fake-model',
          LLM_TIMEOUT_MS: '10000',
        });
        ({ app: chat } = await startService({ service: 'chat', module: ChatModule.register(config), config, handleSignals: false }));

        const result = await press.fetchDue([server.url('evening.rss.xml')], { timeoutMs: 2_000, now: new Date('2024-03-29T07:00:00Z') });
        // The article with no description is stored but not summarised: there is nothing to summarise it from.
        expect(result).toMatchObject({ added: 3, summaries: { asked: 2, written: 1, withheld: 1 } });
        expect(llm.requests.map((request) => request.messages.at(-1)!.content)).toEqual(
          expect.arrayContaining([
            'Headline: Asian Paints cuts prices of some emulsions\nDescription: The paint maker lowered prices by up to 5% in several states.',
            'Headline: Bharti Airtel momentum builds ahead of tariff review\nDescription: Shares of Bharti Airtel rose for a sixth session on Friday.',
          ]),
        );

        const rows = await stored(['Asian Paints cuts prices of some emulsions', 'Bharti Airtel momentum builds ahead of tariff review', 'Larsen & Toubro board to meet on Monday']);
        expect(rows.get('Asian Paints cuts prices of some emulsions')).toMatchObject({ ai_summary: PLAIN_ANSWER, ai_summary_engine: 'llm', ai_summary_withheld: false });
        expect(rows.get('Bharti Airtel momentum builds ahead of tariff review')).toMatchObject({ ai_summary: null, ai_summary_engine: 'llm', ai_summary_withheld: true });
        expect(rows.get('Larsen & Toubro board to meet on Monday')).toMatchObject({ description: null, ai_summary: null, ai_summary_engine: null });

        // The page shows the model's line, labelled; the withheld one keeps the feed's description, and none says 3,300.
        expect(await pressItem('Asian Paints cuts prices of some emulsions')).toMatchObject({ summary: PLAIN_ANSWER, summary_source: 'ai' });
        const airtel = await pressItem('Bharti Airtel momentum builds ahead of tariff review');
        expect(airtel).toMatchObject({ summary: 'Shares of Bharti Airtel rose for a sixth session on Friday.', summary_source: 'feed' });
        expect(await pressItem('Larsen & Toubro board to meet on Monday')).toMatchObject({ summary: null, summary_source: null });
        const page = await news({ kind: 'press', page_size: 50 });
        expect(JSON.stringify(page)).not.toMatch(/3,300|buy now/i);
        // The earlier article keeps its description: a run summarises only the articles it stored.
        expect(await pressItem('Wipro shares rise 3% as deal pipeline grows')).toMatchObject({ summary_source: 'feed' });
      });
    });
  });
});
