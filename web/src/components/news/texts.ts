import type { NewsItem } from '@nivesh/proto';
import { NEWS_CAVEAT } from '@nivesh/proto/values';

/** What AI News says, in one place (STYLE 9): the page, its filters, each item and the panel on the stock pages. */
export const NEWS_TEXTS = {
  title: 'AI News',
  description: 'Events generated from NSE filings and prices for NSE stocks (results, corporate actions, 52-week highs and lows), with each item’s tone and the price moves that followed; press articles when news feeds are set up.',
  lead: 'Events generated from NSE filings and prices: results, corporate actions, 52-week highs and lows, unusual volume and opening gaps, each with what the price did next. Press articles appear only when news feeds are set up, and a language model summarises them only when one is configured.',
  filters: 'Filter news',
  stock: 'Stock',
  allStocks: 'All stocks',
  kind: 'Kind',
  anyKind: 'All kinds',
  tone: 'Tone',
  anyTone: 'Any tone',
  from: 'From',
  to: 'To',
  clear: 'Clear filters',
  datesReversed: 'The start date is after the end date; nothing can match.',
  list: 'News and events',
  empty: 'No items match these filters.',
  count: (total: number, page: number, pages: number) =>
    total === 0 ? '' : `${total.toLocaleString('en-IN')} ${total === 1 ? 'item' : 'items'}${pages > 1 ? `, page ${page} of ${pages}` : ''}`,
  pages: 'Pages',
  previous: 'Previous page',
  next: 'Next page',
  method: 'How these items are made',
  press: 'Press feeds',
  pressStatus: (feeds: number, articles: number) => `${feeds} ${feeds === 1 ? 'feed is' : 'feeds are'} set up; ${articles.toLocaleString('en-IN')} ${articles === 1 ? 'article' : 'articles'} stored.`,
  reaction: 'Price reaction',
  reactionCaption: (symbol: string, base: string) => `${symbol} from the close of ${base}. ${NEWS_CAVEAT}`,
  after: 'After',
  nifty: 'NIFTY 50',
  difference: 'Difference',
  days: (days: number) => (days === 1 ? '1 trading day' : `${days} trading days`),
  noReaction: 'No price reaction: no stock is named.',
  toneLabel: 'Tone of the words',
  /** A results item's tone follows its net profit and revenue against a year earlier (the rule is in the page's method). */
  figuresToneLabel: 'Tone of the figures, year on year',
  readArticle: 'Read the article',
  /** Under a press item's summary: who wrote it. */
  summarySource: { ai: 'Summary written by AI from the headline and the feed’s description', feed: 'The feed’s own description' },
  technical: (symbol: string) => `${symbol} on Technical Analysis`,
  insights: (symbol: string) => `${symbol} on Deep Insights`,
  panelTitle: 'News and events',
  panelLead: 'The latest items about this stock: results, corporate actions, market events and press.',
  panelEmpty: 'No news or events about this stock.',
  panelMore: (symbol: string) => `All news and events for ${symbol}`,
} as const;

/** Each kind as the filter and the items name it. */
export const KIND_NAMES: Record<NewsItem['kind'], string> = {
  results: 'Results',
  actions: 'Corporate actions',
  market: 'Market events',
  press: 'Press',
};

export const TONE_NAMES: Record<NewsItem['tone']['label'], string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};
