import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc, systemPatterns } from '../rpc';
import {
  BacktestPayloadSchema,
  FundamentalsQuerySchema,
  ScreenerPayloadSchema,
  ScreenerQuerySchema,
  ScreenerResponseSchema,
  StockValuationSchema,
  ValuationPayloadSchema,
  ValueBacktestSchema,
} from './fundamentals';
import { IsoDateSchema, MarketSymbolSchema } from './market-common';
import { INDEX_SYMBOL, MARKET_PATHS } from '../values/market';

export { INDEX_SYMBOL } from '../values/market';

const TAG = 'market';

export { IsoDateSchema, MarketSymbolSchema };

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

/** Trading sessions the longest indicator of the technical page needs: the technical summary's 200-day average. */
export const INDICATOR_HISTORY_SESSIONS = 200;
/**
 * Trading sessions the risk figures need: 20 daily returns for beta (its minimum of common returns) and for a 95%
 * value at risk to rest on at least one day in 20, and the 20-day volume average of the unusual-trading flags.
 */
export const RISK_HISTORY_SESSIONS = 21;
/**
 * How much price history a symbol has while it is less than an answer's figures need (a stock the daily pipeline
 * added lately, before the provider's backfill reaches its older days): the stored sessions, the first one's date
 * and the sessions needed. Answers leave it out once the symbol has enough, as answers stored before it existed do.
 */
export const ShortHistorySchema = z.object({
  sessions: z.number().int().positive(),
  first_date: IsoDateSchema,
  needed: z.number().int().positive(),
});
export type ShortHistory = z.infer<typeof ShortHistorySchema>;

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
  /** Present while the symbol has fewer than INDICATOR_HISTORY_SESSIONS sessions: its pages say how much it has. */
  short_history: ShortHistorySchema.optional(),
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
/** Corporate actions the market service stores; the first four change the number of shares, the others only the price. */
export const CORPORATE_ACTION_KINDS = ['split', 'bonus', 'split_bonus', 'reverse_split', 'demerger', 'rights', 'special_dividend'] as const;
export const CorporateActionKindSchema = z.enum(CORPORATE_ACTION_KINDS);
export type CorporateActionKind = z.infer<typeof CorporateActionKindSchema>;
/**
 * A corporate action on a bar's date: adjusted prices before `date` are multiplied by `factor`. `ratio` is new shares
 * per old share for the share-count kinds (2 for a 2-for-1 split or a 1:1 bonus, 0.1 for a 1-for-10 consolidation),
 * else null. `label` describes it for people.
 */
export const MarketActionSchema = z.object({
  date: IsoDateSchema,
  kind: CorporateActionKindSchema,
  ratio: z.number().positive().nullable(),
  factor: z.number().positive(),
  label: z.string(),
});
export type MarketAction = z.infer<typeof MarketActionSchema>;
/** Bars of the range and the corporate actions dated within it (answers stored before actions existed read as none). */
export const MarketHistorySchema = z.object({
  symbol: z.string(),
  adjusted: z.boolean(),
  bars: z.array(MarketBarSchema),
  actions: z.array(MarketActionSchema).default([]),
});
export type MarketHistory = z.infer<typeof MarketHistorySchema>;

export const MarketIndicatorsQuerySchema = z.object({ symbol: MarketSymbolSchema, range: HistoryRangeSchema.default('1y') });
export type MarketIndicatorsQuery = z.infer<typeof MarketIndicatorsQuerySchema>;
/** One value of an indicator on one bar's date, rounded to 4 decimals. */
export const IndicatorPointSchema = z.object({ date: IsoDateSchema, value: z.number() });
export type IndicatorPoint = z.infer<typeof IndicatorPointSchema>;
/**
 * Builds the indicator series' shape once for both forms: `leaf` is a dated-point list (what charts draw) or a
 * column of values aligned to the answer's `dates` (what travels: about a quarter of the bytes).
 */
const indicatorSeries = <L extends z.ZodType>(leaf: L) =>
  z.object({
    /** Simple moving averages of closes, 20 and 50 bars. */
    sma20: leaf,
    sma50: leaf,
    /** Exponential moving average of closes, 20 bars. */
    ema20: leaf,
    /** Relative strength index, 14 bars, Wilder smoothing. */
    rsi14: leaf,
    /** MACD 12/26 EMAs with a 9-bar EMA signal line; histogram = macd - signal. */
    macd: z.object({ macd: leaf, signal: leaf, histogram: leaf }),
    /** Bollinger bands: 20-bar SMA of closes +/- 2 standard deviations. */
    bollinger20: z.object({ upper: leaf, middle: leaf, lower: leaf }),
    /** Average true range, 14 bars, Wilder smoothing. */
    atr14: leaf,
    /** Average directional index, 14 bars. */
    adx14: leaf,
    /** Stochastic oscillator: %K over 14 bars (unsmoothed), %D its 3-bar SMA. */
    stochastic14: z.object({ k: leaf, d: leaf }),
    /** On-balance volume, cumulative from the range's first bar (which counts its signed volume; at a listing's first bar, its volume). */
    obv: leaf,
    /** Volume-weighted average of typical prices, cumulative from the range's first bar. */
    vwap: leaf,
  });

/** Every indicator as dated points, omitting dates where it is not yet stable. */
export const IndicatorPointSeriesSchema = indicatorSeries(z.array(IndicatorPointSchema));
export type IndicatorPointSeries = z.infer<typeof IndicatorPointSeriesSchema>;
/** Every indicator as a column aligned to `dates`: null where it is not yet stable (or, for obv/vwap, the bar has no volume). */
export const IndicatorColumnsSchema = indicatorSeries(z.array(z.number().nullable()));
export type IndicatorColumns = z.infer<typeof IndicatorColumnsSchema>;

/**
 * Technical indicators over split/bonus-adjusted daily bars of the range, as columns aligned to `dates` (the range's
 * bar dates). Every indicator except obv and vwap is warmed up on up to 250 bars before the range, so it is stable
 * from the range's first bar when that much history exists; obv and vwap are cumulative and anchored at the range's
 * first bar (bars without volume are skipped). `indicatorPoints()` turns an answer into dated points.
 */
export const MarketIndicatorsSchema = z
  .object({
    symbol: z.string(),
    /** Date of the latest bar. */
    as_of: IsoDateSchema,
    adjusted: z.literal(true),
    dates: z.array(IsoDateSchema),
    series: IndicatorColumnsSchema,
  })
  .superRefine((answer, ctx) => {
    const walk = (node: unknown, path: string[]) => {
      if (Array.isArray(node)) {
        if (node.length !== answer.dates.length) ctx.addIssue({ code: 'custom', path: ['series', ...path], message: 'Column length differs from dates' });
        return;
      }
      for (const [key, child] of Object.entries(node as Record<string, unknown>)) walk(child, [...path, key]);
    };
    walk(answer.series, []);
  });
export type MarketIndicators = z.infer<typeof MarketIndicatorsSchema>;
/** An indicators answer with its series as dated points. */
export type MarketIndicatorPoints = Omit<MarketIndicators, 'dates' | 'series'> & { series: IndicatorPointSeries };

type Tree = { [key: string]: unknown };
const mapLeaves = (node: Tree, leaf: (value: unknown[]) => unknown): Tree =>
  Object.fromEntries(Object.entries(node).map(([key, child]) => [key, Array.isArray(child) ? leaf(child) : mapLeaves(child as Tree, leaf)]));

/** Dated-point series -> columns aligned to `dates` (null where a series has no point on a date). */
export const indicatorColumns = (dates: readonly string[], series: IndicatorPointSeries): IndicatorColumns => {
  const position = new Map(dates.map((date, index) => [date, index]));
  return mapLeaves(series, (points) => {
    const column = new Array<number | null>(dates.length).fill(null);
    for (const point of points as IndicatorPoint[]) {
      const index = position.get(point.date);
      if (index !== undefined) column[index] = point.value;
    }
    return column;
  }) as IndicatorColumns;
};

/** An indicators answer with its columns turned back into dated points (nulls left out). */
export const indicatorPoints = ({ dates, series, ...rest }: MarketIndicators): MarketIndicatorPoints => ({
  ...rest,
  series: mapLeaves(series, (column) =>
    (column as Array<number | null>).flatMap((value, index) => (value === null ? [] : [{ date: dates[index]!, value }])),
  ) as IndicatorPointSeries,
});


// ---- status and universe ---------------------------------------------------------------------

export const EmptyQuerySchema = z.object({});
/** How current the stored prices are. `as_of` is null only while nothing has been imported. */
export const MarketStatusSchema = z.object({
  /** Date of the latest bar of any stock: every page shows "prices as of" this day. */
  as_of: IsoDateSchema.nullable(),
  symbols: z.number().int(),
  bars: z.number().int(),
  first_date: IsoDateSchema.nullable(),
});
export type MarketStatus = z.infer<typeof MarketStatusSchema>;

/**
 * Why the stored prices are or are not current, measured against NSE's trading calendar: `current` (the latest bar is
 * the last completed session's; a holiday or weekend is never stale), `provisional` (current, but the day is the
 * provider's until NSE's file replaces it), `not_published` (today's session has closed and NSE has not published its
 * file yet), `delayed` (older than that), `dataset` (this copy serves the bundled dataset and fetches nothing), `empty`.
 */
export const FRESHNESS_REASONS = ['current', 'provisional', 'not_published', 'delayed', 'dataset', 'empty'] as const;
/** How current the prices are right now (not a stored answer: it changes with the clock, not only with the data). */
export const MarketFreshnessSchema = z.object({
  as_of: IsoDateSchema.nullable(),
  /** The last NSE session that has closed, India time. */
  last_session: IsoDateSchema,
  /** The latest bar is older than the last completed session. */
  stale: z.boolean(),
  reason: z.enum(FRESHNESS_REASONS),
  /** One sentence for the pages when there is something to say (stale, provisional or the bundled dataset), else null. */
  sentence: z.string().nullable(),
  /** The daily pipeline is on: prices arrive from NSE each trading evening. */
  live: z.boolean(),
});
export type MarketFreshness = z.infer<typeof MarketFreshnessSchema>;

/** One run of the daily pipeline for one trading day, as the admin status page lists it. */
export const MarketIngestRunSchema = z.object({
  trading_day: IsoDateSchema,
  source: z.enum(['nse', 'provider']),
  status: z.enum(['imported', 'unchanged', 'waiting', 'refused', 'failed']),
  trigger: z.enum(['schedule', 'manual', 'replay']),
  rows: z.number().int().nonnegative(),
  new_bars: z.number().int().nonnegative(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
  error: z.string().nullable(),
  started_at: z.iso.datetime(),
  duration_ms: z.number().int().nonnegative(),
});
export type MarketIngestRun = z.infer<typeof MarketIngestRunSchema>;
export const MarketIngestRunsPayloadSchema = z.object({ limit: z.number().int().min(1).max(100).default(30) });
export const MarketIngestRunsSchema = z.object({ runs: z.array(MarketIngestRunSchema) });
export type MarketIngestRuns = z.infer<typeof MarketIngestRunsSchema>;

/** The market data's version: it changes with every import that adds or corrects data (internal; no HTTP route). */
export const MarketVersionSchema = z.object({ version: z.string() });
export type MarketVersion = z.infer<typeof MarketVersionSchema>;

export const MarketSymbolInfoSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  industry: z.string(),
  isin: z.string().nullable(),
  first_date: IsoDateSchema,
  last_date: IsoDateSchema,
});
export type MarketSymbolInfo = z.infer<typeof MarketSymbolInfoSchema>;
/** Every stock of the universe (the index is not a stock and is not listed), by symbol. */
export const MarketSymbolsSchema = z.array(MarketSymbolInfoSchema);
export type MarketSymbols = z.infer<typeof MarketSymbolsSchema>;

// ---- technical summary ------------------------------------------------------------------------

export const MarketSymbolQuerySchema = z.object({ symbol: MarketSymbolSchema });
export type MarketSymbolQuery = z.infer<typeof MarketSymbolQuerySchema>;

/** One reading of the summary: a short label, the figures behind it and what such a reading commonly means. */
const readingOf = <L extends readonly [string, ...string[]]>(labels: L) =>
  z.object({
    label: z.enum(labels),
    /** Plain-language meaning; describes, never tells anyone to act. */
    meaning: z.string(),
    figures: z.record(z.string(), z.number().nullable()),
  });
export const TREND_LABELS = ['uptrend', 'downtrend', 'sideways'] as const;
export const MOMENTUM_LABELS = ['overbought', 'strong', 'neutral', 'weak', 'oversold'] as const;
export const VOLATILITY_LABELS = ['low', 'normal', 'high'] as const;
/** A price where the stock turned at least twice in the last year: swing highs and lows within 1.5 % of it. */
export const PriceLevelSchema = z.object({
  /** The mean of those swing highs and lows. */
  price: z.number(),
  /** The turns: how many swing highs and lows (a bar's high or low beyond the 5 bars on each side) lie within 1.5 % of `price`. */
  touches: z.number().int(),
  /** The day of the latest of those turns. */
  last_date: IsoDateSchema,
});
export type PriceLevel = z.infer<typeof PriceLevelSchema>;
export const MarketTechnicalSummarySchema = z.object({
  symbol: z.string(),
  company: z.string(),
  as_of: IsoDateSchema,
  close: z.number(),
  /** Close against its 50- and 200-day averages, and the 50-day average's slope. */
  trend: readingOf(TREND_LABELS),
  /** RSI(14), MACD histogram and 1-month return. */
  momentum: readingOf(MOMENTUM_LABELS),
  /** ATR(14) as % of price and 20-day realised volatility against its own 1-year range. */
  volatility: readingOf(VOLATILITY_LABELS),
  /** Up to 3 levels below (support) and above (resistance) the last close: those with the most turns, nearest first. */
  support: z.array(PriceLevelSchema),
  resistance: z.array(PriceLevelSchema),
});
export type MarketTechnicalSummary = z.infer<typeof MarketTechnicalSummarySchema>;

// ---- market overview --------------------------------------------------------------------------

/** One stock on the latest day: close and change from its previous bar (adjusted), volume and traded value. */
export const MarketMoverSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  industry: z.string(),
  close: z.number(),
  change_pct: z.number(),
  volume: z.number().nullable(),
  /** close x volume, in rupees. */
  traded_value: z.number().nullable(),
});
export type MarketMover = z.infer<typeof MarketMoverSchema>;
export const MarketSectorSchema = z.object({
  industry: z.string(),
  /** Equal-weighted mean of the day's % changes of its stocks. */
  change_pct: z.number(),
  /** Equal-weighted mean 1-month % change. */
  change_1m_pct: z.number().nullable(),
  stocks: z.number().int(),
  advancers: z.number().int(),
  decliners: z.number().int(),
});
export type MarketSector = z.infer<typeof MarketSectorSchema>;
export const MarketOverviewSchema = z.object({
  /** The latest trading day; stocks without a bar on it are left out of the day's figures. */
  as_of: IsoDateSchema,
  index: z.object({
    symbol: z.literal(INDEX_SYMBOL),
    /** Date of the index's latest bar on or before as_of: the index file can end before the stocks do. */
    as_of: IsoDateSchema,
    close: z.number(),
    change: z.number().nullable(),
    change_pct: z.number().nullable(),
    high_52w: z.number(),
    low_52w: z.number(),
    /** Daily closes of the last year. */
    history: z.array(z.object({ date: IsoDateSchema, close: z.number() })),
  }),
  breadth: z.object({ advancers: z.number().int(), decliners: z.number().int(), unchanged: z.number().int() }),
  /** Five each, largest first. */
  gainers: z.array(MarketMoverSchema),
  losers: z.array(MarketMoverSchema),
  /** By traded value. */
  most_active: z.array(MarketMoverSchema),
  sectors: z.array(MarketSectorSchema),
});
export type MarketOverview = z.infer<typeof MarketOverviewSchema>;

// ---- market sentiment -------------------------------------------------------------------------

export const SENTIMENT_LABELS = ['Extreme fear', 'Fear', 'Neutral', 'Greed', 'Extreme greed'] as const;
export const SentimentLabelSchema = z.enum(SENTIMENT_LABELS);
export const SENTIMENT_COMPONENTS = ['breadth', 'momentum', 'volatility', 'highs_lows'] as const;
export const SentimentComponentSchema = z.object({
  key: z.enum(SENTIMENT_COMPONENTS),
  name: z.string(),
  /** 0 (fearful) to 100 (greedy). */
  score: z.number().min(0).max(100),
  /** The raw figure the score comes from, in `unit`. */
  value: z.number(),
  unit: z.string(),
  meaning: z.string(),
});
export type SentimentComponent = z.infer<typeof SentimentComponentSchema>;
export const SentimentQuerySchema = z.object({ range: z.enum(['6m', '1y', '5y']).default('1y') });
export type SentimentQuery = z.infer<typeof SentimentQuerySchema>;
export const MarketSentimentSchema = z.object({
  as_of: IsoDateSchema,
  /** Mean of the component scores, 0-100. */
  score: z.number().min(0).max(100),
  label: SentimentLabelSchema,
  components: z.array(SentimentComponentSchema),
  /** The index on every trading day of the range, oldest first. */
  history: z.array(z.object({ date: IsoDateSchema, score: z.number().min(0).max(100) })),
  /** How each component is turned into 0-100, in one paragraph. */
  method: z.string(),
});
export type MarketSentiment = z.infer<typeof MarketSentimentSchema>;

// ---- risk detection ---------------------------------------------------------------------------

export const RISK_FLAG_KINDS = ['pump_and_dump', 'gap', 'limit_move'] as const;
export const RiskFlagSchema = z.object({
  kind: z.enum(RISK_FLAG_KINDS),
  date: IsoDateSchema,
  /** What happened that day, in plain language with the figures. */
  description: z.string(),
  /** E.g. change_pct, gap_pct, volume_ratio (volume / its 20-day mean), close. */
  figures: z.record(z.string(), z.number().nullable()),
});
export type RiskFlag = z.infer<typeof RiskFlagSchema>;
export const RiskQuerySchema = z.object({ symbol: MarketSymbolSchema, range: z.enum(['1y', '5y', 'max']).default('1y') });
export type RiskQuery = z.infer<typeof RiskQuerySchema>;
export const RISK_LEVELS = ['low', 'moderate', 'high'] as const;
export const MarketRiskSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  as_of: IsoDateSchema,
  range: z.object({ from: IsoDateSchema, to: IsoDateSchema, bars: z.number().int() }),
  /** All on adjusted daily closes of the range. */
  metrics: z.object({
    /** Standard deviation of daily log returns x sqrt(252), in %. */
    volatility_annual_pct: z.number(),
    /** Largest peak-to-trough fall of the close, in % (negative), with its dates. */
    max_drawdown_pct: z.number(),
    max_drawdown_peak: IsoDateSchema.nullable(),
    max_drawdown_trough: IsoDateSchema.nullable(),
    /** Covariance of daily simple returns with NIFTY 50's on common dates / NIFTY 50's variance. */
    beta: z.number().nullable(),
    /** Historical 95% one-day value at risk: the 5th percentile of daily simple returns, as a positive % loss. */
    var95_pct: z.number(),
    /** What that loss is on ₹1,00,000 held. */
    var95_per_lakh: z.number(),
  }),
  level: z.enum(RISK_LEVELS),
  /** Most recent first. */
  flags: z.array(RiskFlagSchema),
  /** Present while the symbol has fewer than RISK_HISTORY_SESSIONS sessions: too few for the metrics and level to mean much. */
  short_history: ShortHistorySchema.optional(),
});
export type MarketRisk = z.infer<typeof MarketRiskSchema>;

// ---- deep insights ----------------------------------------------------------------------------

export const INSIGHT_HORIZONS = ['1m', '3m', '6m', '1y', '3y', '5y'] as const;
export const MarketInsightsSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  industry: z.string(),
  as_of: IsoDateSchema,
  /** Date of NIFTY 50's latest bar. The index file can end before the stocks do; its horizon returns then end on this date. */
  nifty_as_of: IsoDateSchema.nullable(),
  /** Per horizon (null where history is shorter): total return, annualised for 1y and longer, and the close against its average over the horizon. */
  horizons: z.array(
    z.object({
      horizon: z.enum(INSIGHT_HORIZONS),
      return_pct: z.number().nullable(),
      annualised_pct: z.number().nullable(),
      nifty_return_pct: z.number().nullable(),
      above_average: z.boolean().nullable(),
    }),
  ),
  /** The deepest peak-to-trough falls over all history (at most 5, deepest first); recovery null while below the old peak. */
  drawdowns: z.array(
    z.object({
      peak_date: IsoDateSchema,
      trough_date: IsoDateSchema,
      recovery_date: IsoDateSchema.nullable(),
      depth_pct: z.number(),
      days_to_trough: z.number().int(),
      days_to_recover: z.number().int().nullable(),
    }),
  ),
  /** Calendar months 1-12: mean monthly return, share of positive years, and how many years were counted. */
  seasonality: z.array(z.object({ month: z.number().int().min(1).max(12), mean_return_pct: z.number().nullable(), positive_share: z.number().nullable(), years: z.number().int() })),
  /** Correlation of daily returns over the last year with NIFTY 50 and the other stocks of its industry. */
  correlation: z.object({
    nifty: z.number().nullable(),
    peers: z.array(z.object({ symbol: z.string(), company: z.string(), correlation: z.number() })),
  }),
  /** Volume traded at each price band over the last year (typical price of each bar), bottom band first. */
  volume_profile: z.object({
    bands: z.array(z.object({ price_from: z.number(), price_to: z.number(), volume: z.number(), share_pct: z.number() })),
    /** Middle of the band with the most volume (point of control). */
    point_of_control: z.number().nullable(),
  }),
});
export type MarketInsights = z.infer<typeof MarketInsightsSchema>;

// ---- RPC ------------------------------------------------------------------------------------

/** RPC patterns answered by services/market. */
export const MARKET = {
  ...systemPatterns('market'),
  search: defineRpc('market', 'search', MarketSearchQuerySchema, MarketSearchResponseSchema),
  quote: defineRpc('market', 'quote', MarketQuoteQuerySchema, MarketQuoteSchema),
  history: defineRpc('market', 'history', MarketHistoryQuerySchema, MarketHistorySchema, 10_000),
  indicators: defineRpc('market', 'indicators', MarketIndicatorsQuerySchema, MarketIndicatorsSchema, 10_000),
  status: defineRpc('market', 'status', EmptyQuerySchema, MarketStatusSchema),
  symbols: defineRpc('market', 'symbols', EmptyQuerySchema, MarketSymbolsSchema),
  version: defineRpc('market', 'version', EmptyQuerySchema, MarketVersionSchema, 5_000),
  summary: defineRpc('market', 'summary', MarketSymbolQuerySchema, MarketTechnicalSummarySchema, 10_000),
  overview: defineRpc('market', 'overview', EmptyQuerySchema, MarketOverviewSchema, 10_000),
  sentiment: defineRpc('market', 'sentiment', SentimentQuerySchema, MarketSentimentSchema, 15_000),
  risk: defineRpc('market', 'risk', RiskQuerySchema, MarketRiskSchema, 10_000),
  insights: defineRpc('market', 'insights', MarketSymbolQuerySchema, MarketInsightsSchema, 10_000),
  screener: defineRpc('market', 'screener', ScreenerPayloadSchema, ScreenerResponseSchema, 15_000),
  valuation: defineRpc('market', 'valuation', ValuationPayloadSchema, StockValuationSchema, 15_000),
  valueBacktest: defineRpc('market', 'valueBacktest', BacktestPayloadSchema, ValueBacktestSchema, 15_000),
  freshness: defineRpc('market', 'freshness', EmptyQuerySchema, MarketFreshnessSchema, 5_000),
  ingestRuns: defineRpc('market', 'ingestRuns', MarketIngestRunsPayloadSchema, MarketIngestRunsSchema, 2_000),
};

// ---- HTTP routes ----------------------------------------------------------------------------

export const MARKET_ROUTES = {
  marketSearch: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketSearch,
    tag: TAG,
    summary: 'Find NSE symbols by symbol or company name.',
    auth: 'none',
    input: MarketSearchQuerySchema,
    response: MarketSearchResponseSchema,
    versioned: 'market',
    rpc: MARKET.search,
  }),
  marketQuote: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketQuote,
    tag: TAG,
    summary: 'Latest close, change, 52-week high/low and volume of one symbol, with the date of the latest bar.',
    auth: 'none',
    input: MarketQuoteQuerySchema,
    response: MarketQuoteSchema,
    versioned: 'market',
    rpc: MARKET.quote,
  }),
  marketHistory: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketHistory,
    tag: TAG,
    summary: 'Daily bars of one symbol over a range, adjusted for corporate actions unless adjusted=false, with the corporate actions dated within it.',
    auth: 'none',
    input: MarketHistoryQuerySchema,
    response: MarketHistorySchema,
    versioned: 'market',
    rpc: MARKET.history,
  }),
  marketIndicators: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketIndicators,
    tag: TAG,
    summary: 'Technical indicators (SMA, EMA, RSI, MACD, Bollinger, ATR, ADX, stochastic, OBV, VWAP) of one symbol over a range, on adjusted bars.',
    auth: 'none',
    input: MarketIndicatorsQuerySchema,
    response: MarketIndicatorsSchema,
    versioned: 'market',
    rpc: MARKET.indicators,
  }),
  marketStatus: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketStatus,
    tag: TAG,
    summary: 'Date of the latest stored bar ("prices as of"), and how many symbols and bars are stored.',
    auth: 'none',
    input: EmptyQuerySchema,
    response: MarketStatusSchema,
    versioned: 'market',
    rpc: MARKET.status,
  }),
  marketFreshness: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketFreshness,
    tag: TAG,
    summary: 'Whether the stored prices are current against NSE’s trading calendar, and if not, why, in one sentence.',
    auth: 'none',
    input: EmptyQuerySchema,
    response: MarketFreshnessSchema,
    rpc: MARKET.freshness,
    rateLimitPerMinute: 120,
  }),
  marketSymbols: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketSymbols,
    tag: TAG,
    summary: 'Every stock of the universe with company, industry and ISIN.',
    auth: 'none',
    input: EmptyQuerySchema,
    response: MarketSymbolsSchema,
    versioned: 'market',
    rpc: MARKET.symbols,
  }),
  marketSummary: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketSummary,
    tag: TAG,
    summary: 'Technical summary of one symbol: trend, momentum and volatility readings with their meaning, support and resistance levels.',
    auth: 'none',
    input: MarketSymbolQuerySchema,
    response: MarketTechnicalSummarySchema,
    versioned: 'market',
    rpc: MARKET.summary,
  }),
  marketOverview: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketOverview,
    tag: TAG,
    summary: 'NIFTY 50 level and change, advancers/decliners, top gainers, losers and most active, sector performance on the latest day.',
    auth: 'none',
    input: EmptyQuerySchema,
    response: MarketOverviewSchema,
    versioned: 'market',
    rpc: MARKET.overview,
  }),
  marketSentiment: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketSentiment,
    tag: TAG,
    summary: 'A 0-100 market mood index from breadth, momentum, volatility and 52-week highs vs lows, with its components and history.',
    auth: 'none',
    input: SentimentQuerySchema,
    response: MarketSentimentSchema,
    versioned: 'market',
    rpc: MARKET.sentiment,
  }),
  marketRisk: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketRisk,
    tag: TAG,
    summary: 'Volatility, maximum drawdown, beta to NIFTY 50, 95% one-day VaR and unusual-trading flags of one symbol.',
    auth: 'none',
    input: RiskQuerySchema,
    response: MarketRiskSchema,
    versioned: 'market',
    rpc: MARKET.risk,
  }),
  marketInsights: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.marketInsights,
    tag: TAG,
    summary: 'Returns across horizons, drawdown history, monthly seasonality, correlation with NIFTY 50 and peers, and volume profile of one symbol.',
    auth: 'none',
    input: MarketSymbolQuerySchema,
    response: MarketInsightsSchema,
    versioned: 'market',
    rpc: MARKET.insights,
  }),
  fundamentalsScreener: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.fundamentalsScreener,
    tag: TAG,
    summary:
      'Undervalued Analytics: P/E, P/B, earnings yield, ROE, margins, growth, debt-to-equity and payout of every stock from NSE filings published by the latest close, each against its own 5-year and its sector median, filtered by <measure>_min / <measure>_max.',
    auth: 'user',
    input: ScreenerQuerySchema,
    response: ScreenerResponseSchema,
    versioned: 'market',
    rpc: MARKET.screener,
  }),
  fundamentalsValuation: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.fundamentalsValuation,
    tag: TAG,
    summary: "One stock's fundamentals: today's measures, weekly P/E and P/B history, and every filing with its EPS as filed and in today's shares.",
    auth: 'user',
    input: FundamentalsQuerySchema,
    response: StockValuationSchema,
    versioned: 'market',
    rpc: MARKET.valuation,
  }),
  fundamentalsBacktest: defineRoute({
    method: 'GET',
    path: MARKET_PATHS.fundamentalsBacktest,
    tag: TAG,
    summary: 'How cheapness has done: yearly earnings-yield quintiles formed on filings known at the time, their next 12-month returns against NIFTY 50, with the caveats.',
    auth: 'user',
    input: EmptyQuerySchema,
    response: ValueBacktestSchema,
    versioned: 'market',
    rpc: MARKET.valueBacktest,
  }),
};
