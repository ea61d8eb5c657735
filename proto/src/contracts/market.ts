import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc, systemPatterns } from '../rpc';

const TAG = 'market';

/** An NSE symbol as users type it (e.g. RELIANCE, M&M, BAJAJ-AUTO); upper-cased. */
export const MarketSymbolSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9&. -]+$/, { error: 'Invalid symbol' })
  .transform((value) => value.toUpperCase());

export const IsoDateSchema = z.iso.date();

export const HISTORY_RANGES = ['1m', '6m', '1y', '5y', 'max'] as const;
export const HistoryRangeSchema = z.enum(HISTORY_RANGES);
export type HistoryRange = z.infer<typeof HistoryRangeSchema>;

/** Query strings carry booleans as text. */
const BooleanQuerySchema = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')]);

// ---- bodies ---------------------------------------------------------------------------------

export const MarketSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(64) });
export type MarketSearchQuery = z.infer<typeof MarketSearchQuerySchema>;
export const MarketSearchResultSchema = z.object({ symbol: z.string(), company: z.string(), industry: z.string() });
export const MarketSearchResponseSchema = z.array(MarketSearchResultSchema);
export type MarketSearchResponse = z.infer<typeof MarketSearchResponseSchema>;

export const MarketQuoteQuerySchema = z.object({ symbol: MarketSymbolSchema });
export type MarketQuoteQuery = z.infer<typeof MarketQuoteQuerySchema>;
/** The latest bar's close (as published), its change from the previous close, 52-week range of closes' days. */
export const MarketQuoteSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  /** Date of the latest bar: prices are as of this day, not live. */
  as_of: IsoDateSchema,
  close: z.number(),
  change: z.number().nullable(),
  change_pct: z.number().nullable(),
  high_52w: z.number(),
  low_52w: z.number(),
  volume: z.number().nullable(),
});
export type MarketQuote = z.infer<typeof MarketQuoteSchema>;

export const MarketHistoryQuerySchema = z.object({
  symbol: MarketSymbolSchema,
  range: HistoryRangeSchema.default('1y'),
  adjusted: BooleanQuerySchema.default(true),
});
export type MarketHistoryQuery = z.infer<typeof MarketHistoryQuerySchema>;
export const MarketBarSchema = z.object({
  date: IsoDateSchema,
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number().nullable(),
});
export type MarketBar = z.infer<typeof MarketBarSchema>;
export const MarketHistorySchema = z.object({ symbol: z.string(), adjusted: z.boolean(), bars: z.array(MarketBarSchema) });
export type MarketHistory = z.infer<typeof MarketHistorySchema>;

// ---- RPC ------------------------------------------------------------------------------------

/** RPC patterns answered by services/market. */
export const MARKET = {
  ...systemPatterns('market'),
  search: defineRpc('market', 'search', MarketSearchQuerySchema, MarketSearchResponseSchema),
  quote: defineRpc('market', 'quote', MarketQuoteQuerySchema, MarketQuoteSchema),
  history: defineRpc('market', 'history', MarketHistoryQuerySchema, MarketHistorySchema, 10_000),
};

// ---- HTTP routes ----------------------------------------------------------------------------

export const MARKET_ROUTES = {
  marketSearch: defineRoute({
    method: 'GET',
    path: '/api/market/search',
    tag: TAG,
    summary: 'Find NSE symbols by symbol or company name.',
    auth: 'none',
    input: MarketSearchQuerySchema,
    response: MarketSearchResponseSchema,
    rpc: MARKET.search,
  }),
  marketQuote: defineRoute({
    method: 'GET',
    path: '/api/market/quote',
    tag: TAG,
    summary: 'Latest close, change, 52-week high/low and volume of one symbol, with the date of the latest bar.',
    auth: 'none',
    input: MarketQuoteQuerySchema,
    response: MarketQuoteSchema,
    rpc: MARKET.quote,
  }),
  marketHistory: defineRoute({
    method: 'GET',
    path: '/api/market/history',
    tag: TAG,
    summary: 'Daily bars of one symbol over a range, split/bonus-adjusted unless adjusted=false.',
    auth: 'none',
    input: MarketHistoryQuerySchema,
    response: MarketHistorySchema,
    rpc: MARKET.history,
  }),
};
