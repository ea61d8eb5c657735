import type { NewsFeed, NewsItem } from '@nivesh/proto';
import { json, notFound } from '../../../testing/fetch-mock';
import type { FetchCall } from '../../../testing/fetch-mock';

export const SYMBOLS = [
  { symbol: 'INFY', company: 'Infosys Ltd.', industry: 'IT', isin: 'INE009A01021', first_date: '2000-01-03', last_date: '2024-03-28' },
  { symbol: 'TCS', company: 'Tata Consultancy Services Ltd.', industry: 'IT', isin: 'INE467B01029', first_date: '2004-08-25', last_date: '2024-03-28' },
];

export const RESULTS_ITEM: NewsItem = {
  id: 'results:INFY:2024:Q3',
  kind: 'results',
  event: 'results',
  headline: 'Infosys Q3 FY2024 results: revenue ₹38,821 cr, up 1.3% year on year; EPS ₹14.76',
  summary: 'Consolidated results for October–December 2023, published on NSE on 11 Jan 2024 at 18:19 IST.',
  summary_source: 'generated',
  date: '2024-01-11',
  published_at: '2024-01-11T12:49:00.000Z',
  origin: 'generated',
  label: 'Generated from NSE filings',
  source: 'NSE financial results (XBRL)',
  url: null,
  symbols: [{ symbol: 'INFY', company: 'Infosys Ltd.' }],
  tone: { label: 'negative', score: -1, words: ['net profit down 7.3%', 'revenue up 1.3%'] },
  reaction: {
    symbol: 'INFY',
    base_date: '2024-01-11',
    moves: [
      { days: 1, date: '2024-01-12', stock_pct: 7.93, nifty_pct: 1.02, excess_pct: 6.91 },
      { days: 5, date: '2024-01-18', stock_pct: 8.37, nifty_pct: -1.53, excess_pct: 9.9 },
      { days: 20, date: '2024-02-09', stock_pct: 12.1, nifty_pct: null, excess_pct: null },
    ],
    note: null,
  },
};

export const PRESS_ITEM: NewsItem = {
  id: 'press:7',
  kind: 'press',
  event: 'press',
  headline: 'Infosys shares jump 8% after Q3 results beat estimates',
  summary: 'Shares of Infosys rose as much as 8% on Friday.',
  summary_source: 'feed',
  date: '2024-01-12',
  published_at: '2024-01-12T04:35:00.000Z',
  origin: 'press',
  label: 'Press: Example Markets',
  source: 'Example Markets',
  url: 'https://markets.example.in/markets/stocks/infosys-1234.html',
  symbols: [
    { symbol: 'INFY', company: 'Infosys Ltd.' },
    { symbol: 'TCS', company: 'Tata Consultancy Services Ltd.' },
  ],
  tone: { label: 'positive', score: 4, words: ['jump (+1)', 'beat (+1)'] },
  reaction: { symbol: 'INFY', base_date: null, moves: [], note: 'The prices end on 28 Mar 2024, before any trading day after this item.' },
};

/** A press item whose summary the language model wrote from its headline and the feed's description. */
export const AI_PRESS_ITEM: NewsItem = {
  ...PRESS_ITEM,
  id: 'press:8',
  headline: 'Tata group stocks mixed; Tata Steel slips, TCS gains',
  summary: 'Tata Steel shares fell while Tata Consultancy Services shares rose in afternoon trade.',
  summary_source: 'ai',
  url: 'https://markets.example.in/markets/stocks/tata-group-stocks-1237.html',
  symbols: [
    { symbol: 'TATASTEEL', company: 'Tata Steel Ltd.' },
    { symbol: 'TCS', company: 'Tata Consultancy Services Ltd.' },
  ],
  tone: { label: 'neutral', score: 0, words: [] },
};

/** How results items are toned, as services/market states it (`RESULTS_TONE_RULE`) among the page's method lines. */
export const RESULTS_TONE_RULE =
  'Tone of results items, by their figures rather than their wording: Positive when net profit rose more than 2% on the same period a year earlier and revenue (interest earned, for a bank) fell no more than 2%, Negative when net profit fell more than 2%, otherwise Neutral (a smaller change, profit up on falling revenue, or no year-earlier figure); a loss that shrinks or turns into a profit counts as a rise, a profit that turns into a loss or a loss that grows as a fall.';

export const feed = (overrides: Partial<NewsFeed> = {}): NewsFeed => ({
  as_of: '2024-03-28',
  nifty_as_of: '2024-03-07',
  total: 2,
  page: 1,
  page_size: 20,
  items: [PRESS_ITEM, RESULTS_ITEM],
  press: { feeds: 0, articles: 0, last_fetched_at: null, how_to_add: 'No press feeds are set up, so this page shows only what Nivesh generates from exchange data and filings.' },
  caveat: 'Moves around news are history, not predictions.',
  method: [
    'Items marked "Generated" are written by Nivesh from NSE filings, corporate actions and daily prices; they are not press articles.',
    RESULTS_TONE_RULE,
    'Tone of the other items: the AFINN-165 lexicon tuned for financial market news scores the words of the headline; it reads wording, not whether the news is good for anyone.',
  ],
  ...overrides,
});

/** A server for the news pages: the stocks, and `answer` for GET /api/news (the first page of `feed()` by default). */
export const newsServer =
  (answer: (call: FetchCall) => Response = () => json(feed())) =>
  (call: FetchCall): Response => {
    if (call.url === '/api/market/symbols') return json(SYMBOLS);
    if (call.url.startsWith('/api/news')) return answer(call);
    if (call.url === '/api/market/status') return json({ as_of: '2024-03-28', symbols: 48, bars: 270660, first_date: '1995-11-03' });
    return notFound();
  };

/** The query strings sent to GET /api/news, in order. */
export const newsCalls = (calls: readonly FetchCall[]) => calls.filter((call) => call.url.startsWith('/api/news')).map((call) => new URL(call.url, 'http://x').search);
