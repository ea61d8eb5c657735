import { z } from 'zod';
import { withCaller } from './common';
import { IsoDateSchema, MarketSymbolSchema } from './market-common';
import { FUNDAMENTAL_MEASURES, SCREENER_FILTERS } from '../values/fundamentals';
export { FUNDAMENTAL_MEASURES, SCREENER_FILTERS } from '../values/fundamentals';

// ---- fundamentals from NSE's XBRL filings, and the valuation screener (Undervalued Analytics) ----------------------

export type FundamentalMeasure = (typeof FUNDAMENTAL_MEASURES)[number];

export type ScreenerFilter = (typeof SCREENER_FILTERS)[number];

/** How a measure is named to people, in errors and on the page. */
export const MEASURE_NAMES: Record<FundamentalMeasure, string> = {
  pe: 'P/E',
  pb: 'P/B',
  earnings_yield: 'earnings yield',
  roe: 'ROE',
  net_margin: 'net margin',
  revenue_growth: 'revenue growth',
  profit_growth: 'profit growth',
  debt_to_equity: 'debt-to-equity',
  dividend_payout: 'dividend payout',
};

const Bound = z.coerce.number().finite().min(-1_000_000).max(1_000_000).optional();

const filterShape = Object.fromEntries(SCREENER_FILTERS.flatMap((measure) => [[`${measure}_min`, Bound], [`${measure}_max`, Bound]])) as Record<
  `${ScreenerFilter}_${'min' | 'max'}`,
  typeof Bound
>;

/** A range whose lowest value is above its highest matches nothing: refused with a sentence naming the measure. */
const rangesPossible = (ctx: z.core.ParsePayload<Partial<Record<`${ScreenerFilter}_${'min' | 'max'}`, number>>>): void => {
  for (const measure of SCREENER_FILTERS) {
    const min = ctx.value[`${measure}_min`];
    const max = ctx.value[`${measure}_max`];
    if (min !== undefined && max !== undefined && min > max) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: [`${measure}_min`],
        message: `The lowest ${MEASURE_NAMES[measure]} asked for (${min}) is above the highest (${max}); no stock can match.`,
      });
    }
  }
};

const ScreenerFiltersSchema = z.object(filterShape);

/**
 * Screener filters: `<measure>_min` and `<measure>_max`, each optional, percentages in % (ROE over 15 % is roe_min=15).
 * A range whose lowest value is above its highest is refused.
 */
export const ScreenerQuerySchema = ScreenerFiltersSchema.check(rangesPossible);
export type ScreenerQuery = z.infer<typeof ScreenerQuerySchema>;

export const FilingBasisSchema = z.enum(['standalone', 'consolidated']);
export const FILING_PERIODS = ['Q1', 'H1', 'Q3', 'FY'] as const;

/** The filing behind a stock's figures: the latest one published by the day the figures are for. */
export const FilingRefSchema = z.object({
  /** E.g. 'Q3 FY2024' (October–December 2023), 'FY2023' (the year to March 2023). */
  label: z.string(),
  fiscal_year: z.number().int(),
  period: z.enum(FILING_PERIODS),
  basis: FilingBasisSchema,
  period_end: IsoDateSchema,
  /** When NSE published it (ISO instant). */
  filed_at: z.string(),
});
export type FilingRef = z.infer<typeof FilingRefSchema>;

/**
 * One measure of one stock: its value, its own 5-year median and its peers' median on the same day (null when unknown);
 * the peers are the stocks of its industry, or the banks for a bank.
 */
export const MeasureValueSchema = z.object({
  value: z.number().nullable(),
  median_5y: z.number().nullable(),
  sector_median: z.number().nullable(),
  /** Why the value is missing, in a sentence or two for people, e.g. a merger with no balance sheet after it yet (null when there is a value). */
  missing_reason: z.string().nullable(),
});
export type MeasureValue = z.infer<typeof MeasureValueSchema>;

const MeasuresSchema = z.object(Object.fromEntries(FUNDAMENTAL_MEASURES.map((measure) => [measure, MeasureValueSchema])) as Record<FundamentalMeasure, typeof MeasureValueSchema>);

export const StockFundamentalsSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  industry: z.string(),
  /** Banks are valued on P/B and ROE; debt-to-equity does not apply to them. */
  bank: z.boolean(),
  close: z.number(),
  close_date: IsoDateSchema,
  /**
   * Trailing-twelve-month EPS in today's shares, and how it was formed: in the first year after a merger, from the
   * quarters since it, annualised ('annualised_since_merger'), never mixing quarters from before it.
   */
  ttm_eps: z.number().nullable(),
  ttm_method: z.enum(['four_quarters', 'annual_plus_year_to_date', 'annualised_since_merger']).nullable(),
  book_value_per_share: z.number().nullable(),
  /** √(22.5 × EPS × book value per share), where both are positive. */
  graham_number: z.number().nullable(),
  measures: MeasuresSchema,
  filing: FilingRefSchema.nullable(),
});
export type StockFundamentals = z.infer<typeof StockFundamentalsSchema>;

export const ScreenerResponseSchema = z.object({
  /** The day of the closes the ratios use. */
  as_of: IsoDateSchema,
  /** How many stocks were screened. */
  universe: z.number().int(),
  /** The stocks that pass every filter. */
  rows: z.array(StockFundamentalsSchema),
  /** Stocks that could not be judged on a filter asked for, or have no filings, with the reason. */
  unavailable: z.array(z.object({ symbol: z.string(), company: z.string(), reason: z.string() })),
});
export type ScreenerResponse = z.infer<typeof ScreenerResponseSchema>;

export const FundamentalsQuerySchema = z.object({ symbol: MarketSymbolSchema });

/** A filing's headline figures, as filed and in today's shares. */
export const FilingFiguresSchema = FilingRefSchema.extend({
  revenue: z.number().nullable(),
  net_profit: z.number().nullable(),
  /** Basic EPS of the year to date, as filed. */
  eps_basic: z.number().nullable(),
  /** The same in today's shares: divided by the share-count changes (splits, bonus issues) since it was filed. */
  eps_adjusted: z.number().nullable(),
  /** E.g. 'Halved for the 1:1 bonus issue of 28 Oct 2024' (null when nothing changed since). */
  adjustment: z.string().nullable(),
});

export const StockValuationSchema = z.object({
  latest: StockFundamentalsSchema,
  /** P/E and P/B on each week's last close, where known. */
  history: z.array(z.object({ date: IsoDateSchema, pe: z.number().nullable(), pb: z.number().nullable() })),
  /** Every filing counted, newest first; the chart marks their dates. */
  filings: z.array(FilingFiguresSchema),
  /** Which filings the figures use and why (consolidated where filed; only those after a merger), in sentences. */
  basis_note: z.string(),
});
export type StockValuation = z.infer<typeof StockValuationSchema>;

export const ValueBacktestSchema = z.object({
  /** What stocks are ranked by, in words. */
  signal: z.string(),
  years: z.array(
    z.object({
      formed_on: IsoDateSchema,
      ends_on: IsoDateSchema,
      /** Fewer than twelve months of prices after forming: the data ends. */
      partial: z.boolean(),
      stocks: z.number().int(),
      nifty_return_pct: z.number().nullable(),
      /** Quintile 1 = the cheapest fifth (highest earnings yield). */
      quintiles: z.array(z.object({ quintile: z.number().int().min(1).max(5), symbols: z.array(z.string()), return_pct: z.number() })),
    }),
  ),
  /** Per quintile over the full years: mean return, mean return over NIFTY 50, years it beat NIFTY 50. */
  summary: z.array(z.object({ quintile: z.number().int(), mean_return_pct: z.number().nullable(), mean_excess_pct: z.number().nullable(), beat_nifty: z.number().int(), years: z.number().int() })),
  caveats: z.array(z.string()),
});
export type ValueBacktest = z.infer<typeof ValueBacktestSchema>;

// The gateway adds the logged-in caller; answers do not depend on it (the market service drops it before answering,
// so one stored answer serves everyone).
export const ScreenerPayloadSchema = withCaller(ScreenerFiltersSchema).check(rangesPossible);
export const ValuationPayloadSchema = withCaller(FundamentalsQuerySchema);
export const BacktestPayloadSchema = withCaller(z.object({}));
