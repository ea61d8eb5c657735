import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc } from '../rpc';
import { IsoDateSchema, MarketSymbolSchema } from './market-common';
import { NEWS_KINDS, NEWS_PAGE_SIZE_MAX, NEWS_PATHS, NEWS_TONES } from '../values/news';
export { NEWS_KINDS, NEWS_TONES, NEWS_CAVEAT, NEWS_PAGE_SIZE_MAX } from '../values/news';

// ---- AI News: events from the product's own data (filings, corporate actions, prices) and press from feeds --------

export const NewsKindSchema = z.enum(NEWS_KINDS);
export type NewsKind = z.infer<typeof NewsKindSchema>;

/** The event behind an item, one level finer than its kind. */
export const NEWS_EVENTS = [
  'results',
  'split',
  'bonus',
  'split_bonus',
  'reverse_split',
  'demerger',
  'high_52w',
  'low_52w',
  'volume',
  'gap_up',
  'gap_down',
  'press',
] as const;
export const NewsEventSchema = z.enum(NEWS_EVENTS);
export type NewsEvent = z.infer<typeof NewsEventSchema>;

export const NewsToneSchema = z.enum(NEWS_TONES);
export type NewsTone = z.infer<typeof NewsToneSchema>;

/** The trading days after an item over which its price reaction is measured. */
export const REACTION_DAYS = [1, 5, 20] as const;



/** GET /api/news: filters (all optional) and the page. A date range whose start is after its end is refused. */
export const NewsQuerySchema = z
  .object({
    symbol: MarketSymbolSchema.optional(),
    kind: NewsKindSchema.optional(),
    tone: NewsToneSchema.optional(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    page: z.coerce.number().int().min(1).max(1_000).default(1),
    page_size: z.coerce.number().int().min(1).max(NEWS_PAGE_SIZE_MAX).default(20),
  })
  .check((ctx) => {
    const { from, to } = ctx.value;
    if (from !== undefined && to !== undefined && from > to) {
      ctx.issues.push({ code: 'custom', input: ctx.value, path: ['from'], message: `The start date (${from}) is after the end date (${to}); nothing can match.` });
    }
  });
export type NewsQuery = z.infer<typeof NewsQuerySchema>;

/** One horizon of a price reaction: the stock's move from the close before the item, NIFTY 50's, and the difference. */
export const NewsMoveSchema = z.object({
  days: z.number().int(),
  /** The close the move runs to (null when the prices end before it). */
  date: IsoDateSchema.nullable(),
  stock_pct: z.number().nullable(),
  /** Null where the index has no close for both days (its file can end before the stocks'). */
  nifty_pct: z.number().nullable(),
  excess_pct: z.number().nullable(),
});
export type NewsMove = z.infer<typeof NewsMoveSchema>;

/**
 * An event study of one item: moves over the next 1, 5 and 20 trading days, on split- and bonus-adjusted closes, from
 * the last close before the item reached the market (`base_date`).
 */
export const NewsReactionSchema = z.object({
  symbol: z.string(),
  base_date: IsoDateSchema.nullable(),
  moves: z.array(NewsMoveSchema),
  /** Why there is no move, in a sentence (null when there are moves). */
  note: z.string().nullable(),
});
export type NewsReaction = z.infer<typeof NewsReactionSchema>;

export const NewsItemSchema = z.object({
  /** Stable across answers: 'results:INFY:2024:Q3', 'market:INFY:2024-01-12:high_52w', 'press:<n>'. */
  id: z.string(),
  kind: NewsKindSchema,
  event: NewsEventSchema,
  headline: z.string(),
  /** The figures behind a generated item, or the feed's own short description of an article. */
  summary: z.string().nullable(),
  /**
   * Who wrote `summary`: Nivesh from its data (generated items), the feed (its own description) or the language model
   * from the headline and the feed's description (`ai`, through the compliance guard); null when there is no summary.
   */
  summary_source: z.enum(['generated', 'feed', 'ai']).nullable(),
  /** The day in India the item belongs to. */
  date: IsoDateSchema,
  /** When it was published (ISO instant), where known: a filing's time at NSE, an article's time in its feed. */
  published_at: z.string().nullable(),
  /** generated: written by Nivesh from exchange data and filings; press: an article from a configured feed. */
  origin: z.enum(['generated', 'press']),
  /** What the item is, for people: 'Generated from NSE filings', 'Generated from exchange prices', 'Press: Mint'. */
  label: z.string(),
  source: z.string(),
  /** The article (press only). */
  url: z.string().nullable(),
  /** The stocks it is about: the stock of a generated item, the stocks a headline names for press. */
  symbols: z.array(z.object({ symbol: z.string(), company: z.string() })),
  tone: z.object({
    label: NewsToneSchema,
    score: z.number(),
    /** The words the lexicon scored, e.g. 'record (+2)'. */
    words: z.array(z.string()),
  }),
  reaction: NewsReactionSchema.nullable(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

export const NewsFeedSchema = z.object({
  /** Date of the latest stored bar: reactions end there. */
  as_of: IsoDateSchema.nullable(),
  /** Date of NIFTY 50's latest bar: moves against the index end there. */
  nifty_as_of: IsoDateSchema.nullable(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  items: z.array(NewsItemSchema),
  press: z.object({
    /** How many feeds are configured (NEWS_FEEDS). */
    feeds: z.number().int(),
    /** Articles stored from them. */
    articles: z.number().int(),
    last_fetched_at: z.string().nullable(),
    /** With no feeds: how an operator adds some, in a sentence; else null. */
    how_to_add: z.string().nullable(),
  }),
  /** NEWS_CAVEAT. */
  caveat: z.string(),
  /** How the reactions and the tone are measured, in sentences. */
  method: z.array(z.string()),
});
export type NewsFeed = z.infer<typeof NewsFeedSchema>;

// ---- RPC and route ------------------------------------------------------------------------------

/** RPC patterns of AI News, answered by services/market. */
export const NEWS = {
  news: defineRpc('market', 'news', NewsQuerySchema, NewsFeedSchema, { deadlineMs: 15_000, feature: { name: 'AI News' } }),
};

export const NEWS_ROUTES = {
  news: defineRoute({
    method: 'GET',
    path: NEWS_PATHS.news,
    tag: 'market',
    summary:
      'AI News: results announcements from NSE filings, corporate actions, market events from the prices and press from configured feeds, each with its tone and price reaction, filtered by symbol, kind, tone and dates.',
    auth: 'none',
    input: NewsQuerySchema,
    response: NewsFeedSchema,
    // Not `versioned`: press articles arrive between imports; the market service caches answers per data version and
    // per state of the stored press.
    rpc: NEWS.news,
  }),
};
