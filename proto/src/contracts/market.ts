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

export const MarketIndicatorsQuerySchema = z.object({ symbol: MarketSymbolSchema, range: HistoryRangeSchema.default('1y') });
export type MarketIndicatorsQuery = z.infer<typeof MarketIndicatorsQuerySchema>;
/** One value of an indicator on one bar's date, rounded to 4 decimals. */
export const IndicatorPointSchema = z.object({ date: IsoDateSchema, value: z.number() });
export type IndicatorPoint = z.infer<typeof IndicatorPointSchema>;
const points = z.array(IndicatorPointSchema);
/**
 * Technical indicators over split/bonus-adjusted daily bars of the range. Each series is aligned to the range's bars
 * and omits dates where the indicator is not yet stable. Every indicator except obv and vwap is warmed up on up to
 * 250 bars before the range, so it is stable from the range's first bar when that much history exists; obv and vwap
 * are cumulative and anchored at the range's first bar (bars without volume are skipped).
 */
export const MarketIndicatorsSchema = z.object({
  symbol: z.string(),
  /** Date of the latest bar. */
  as_of: IsoDateSchema,
  adjusted: z.literal(true),
  series: z.object({
    /** Simple moving averages of closes, 20 and 50 bars. */
    sma20: points,
    sma50: points,
    /** Exponential moving average of closes, 20 bars. */
    ema20: points,
    /** Relative strength index, 14 bars, Wilder smoothing. */
    rsi14: points,
    /** MACD 12/26 EMAs with a 9-bar EMA signal line; histogram = macd - signal. */
    macd: z.object({ macd: points, signal: points, histogram: points }),
    /** Bollinger bands: 20-bar SMA of closes +/- 2 standard deviations. */
    bollinger20: z.object({ upper: points, middle: points, lower: points }),
    /** Average true range, 14 bars, Wilder smoothing. */
    atr14: points,
    /** Average directional index, 14 bars. */
    adx14: points,
    /** Stochastic oscillator: %K over 14 bars (unsmoothed), %D its 3-bar SMA. */
    stochastic14: z.object({ k: points, d: points }),
    /** On-balance volume, cumulative from the range's first bar (which counts its signed volume). */
    obv: points,
    /** Volume-weighted average of typical prices, cumulative from the range's first bar. */
    vwap: points,
  }),
});
export type MarketIndicators = z.infer<typeof MarketIndicatorsSchema>;

// ---- RPC ------------------------------------------------------------------------------------

/** RPC patterns answered by services/market. */
export const MARKET = {
  ...systemPatterns('market'),
  search: defineRpc('market', 'search', MarketSearchQuerySchema, MarketSearchResponseSchema),
  quote: defineRpc('market', 'quote', MarketQuoteQuerySchema, MarketQuoteSchema),
  history: defineRpc('market', 'history', MarketHistoryQuerySchema, MarketHistorySchema, 10_000),
  indicators: defineRpc('market', 'indicators', MarketIndicatorsQuerySchema, MarketIndicatorsSchema, 10_000),
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
  marketIndicators: defineRoute({
    method: 'GET',
    path: '/api/market/indicators',
    tag: TAG,
    summary: 'Technical indicators (SMA, EMA, RSI, MACD, Bollinger, ATR, ADX, stochastic, OBV, VWAP) of one symbol over a range, on adjusted bars.',
    auth: 'none',
    input: MarketIndicatorsQuerySchema,
    response: MarketIndicatorsSchema,
    rpc: MARKET.indicators,
  }),
};
