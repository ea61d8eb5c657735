import { FUNDAMENTAL_MEASURES, type FundamentalMeasure, type MeasureValue, type ScreenerQuery, SCREENER_FILTERS } from '@nivesh/proto';
import { changeDays, type Filing, fundamentalState, type FundamentalState, type Merger, profitability, type ShareAction, valuation } from './derive';

/** A close on a day (raw: as traded, in that day's shares). */
export type Close = { date: string; close: number };

export type Measures = Record<FundamentalMeasure, number | null>;

/** Every measure of a state on a close (ratios as numbers, the rest in %). */
export const measuresOf = (state: FundamentalState, close: number): Measures => {
  const { pe, pb, earnings_yield } = valuation(state, close);
  return { pe, pb, earnings_yield, ...profitability(state) };
};

/** A point of a stock's history: the close of the day and what was known of the company that day. */
export type TimelinePoint = { date: string; close: number; state: FundamentalState };

/** ISO week key of a date: the Monday of its week. */
const weekOf = (date: string): string => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
};

/** The last close of each week, ascending (the last week may be short). */
export const weeklyCloses = (closes: readonly Close[]): Close[] => {
  const out: Close[] = [];
  for (let i = 0; i < closes.length; i++) {
    const next = closes[i + 1];
    if (!next || weekOf(next.date) !== weekOf(closes[i]!.date)) out.push(closes[i]!);
  }
  return out;
};

/**
 * What was known of a company on each of `closes`' days, point in time. The state changes only on publication days,
 * ex-dates and the days mergers take effect, so it is recomputed only when one of those has passed.
 */
export const timeline = (filings: readonly Filing[], actions: readonly ShareAction[], closes: readonly Close[], mergers: readonly Merger[] = []): TimelinePoint[] => {
  const changes = changeDays(filings, actions, mergers);
  const out: TimelinePoint[] = [];
  let next = 0;
  let state: FundamentalState | undefined;
  for (const { date, close } of closes) {
    let moved = state === undefined;
    while (next < changes.length && changes[next]! <= date) {
      next++;
      moved = true;
    }
    if (moved) state = fundamentalState(filings, actions, date, mergers);
    // Per-share figures are in the shares of the state's day; a later close in the same state is in the same shares
    // (an ex-date is a change day).
    out.push({ date, close, state: state! });
  }
  return out;
};

export const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A 5-year median needs at least a year of weekly values. */
const MIN_WEEKS_FOR_MEDIAN = 52;

/** Each measure's median over weekly points (null with fewer than a year of values). */
export const medians = (points: readonly { measures: Measures }[]): Measures =>
  Object.fromEntries(
    FUNDAMENTAL_MEASURES.map((measure) => {
      const values = points.map((point) => point.measures[measure]).filter((value): value is number => value !== null);
      return [measure, values.length >= MIN_WEEKS_FOR_MEDIAN ? median(values) : null];
    }),
  ) as Measures;

const NO_TRAILING_YEAR = 'The filings in the data miss a quarter of the last twelve months, so twelve months of earnings cannot be formed.';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** '1 July 2023'. */
export const dayInWords = (day: string): string => `${Number(day.slice(8, 10))} ${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/** Why a merger leaves a measure out, in sentences for people. */
const MERGER_REASONS: Record<FundamentalMeasure, string> = {
  pe: 'Earnings from before it are not set against the price of the combined company, and no quarter’s results after it had been published by then.',
  earnings_yield: 'Earnings from before it are not set against the price of the combined company, and no quarter’s results after it had been published by then.',
  pb: 'Book value comes only from a balance sheet dated after it, and none had been published by then: the last one is of the company before the merger.',
  roe: 'ROE needs a balance sheet dated after it, and none had been published by then: the last one is of the company before the merger.',
  net_margin: 'Its results from before it are not mixed with later ones, and no quarter’s results after it had been published by then.',
  revenue_growth: 'Growth would set the combined company against the smaller one before the merger, so it waits for two years of results after it.',
  profit_growth: 'Growth would set the combined company against the smaller one before the merger, so it waits for two years of results after it.',
  debt_to_equity: 'Borrowings and equity come only from a balance sheet dated after it, and none had been published by then.',
  dividend_payout: 'The payout needs a whole fiscal year after it, and none had ended and been reported by then.',
};

/** A missing measure the merger in effect withholds (it would have a value if figures from before the merger were mixed in), with why. */
const mergerReason = (measure: FundamentalMeasure, state: FundamentalState): string | null => {
  if (!state.merger) return null;
  const { event, mixed } = state.merger;
  const withheld =
    measure === 'pe' || measure === 'earnings_yield'
      ? state.ttm?.eps == null && mixed.ttm?.eps != null
      : measure === 'pb'
        ? state.book === null && mixed.book?.per_share != null
        : measure === 'roe'
          ? state.book === null && profitability(mixed).roe !== null
          : measure === 'net_margin'
            ? state.ttm === null && profitability(mixed).net_margin !== null
            : profitability(state)[measure] === null && profitability(mixed)[measure] !== null;
  if (!withheld) return null;
  return `${event.what} took effect on ${dayInWords(event.effective)}. ${MERGER_REASONS[measure]}`;
};

/** Why a measure has no value, in a sentence for people. */
export const missingReason = (measure: FundamentalMeasure, state: FundamentalState): string => {
  if (!state.filing) return 'No financial results of this company had been published by then.';
  if (state.bank && measure === 'debt_to_equity') return 'Debt-to-equity does not apply to banks: borrowing and deposits are their business.';
  const merger = mergerReason(measure, state);
  if (merger) return merger;
  const eps = state.ttm?.eps ?? null;
  switch (measure) {
    case 'pe':
      if (eps !== null && eps <= 0) return 'The company made a loss over the last twelve months, so P/E has no meaning.';
      return NO_TRAILING_YEAR;
    case 'earnings_yield':
      return NO_TRAILING_YEAR;
    case 'pb':
      if (state.book && state.book.equity <= 0) return 'Its book value is not positive, so P/B has no meaning.';
      return 'Its filings do not give the book value and the share count together.';
    case 'roe':
      if (state.book && state.book.equity <= 0) return 'Its equity is not positive, so ROE has no meaning.';
      return state.book ? NO_TRAILING_YEAR : 'Its filings do not give the book value (reserves are not filed).';
    case 'net_margin':
      return NO_TRAILING_YEAR;
    case 'revenue_growth':
    case 'profit_growth':
      if (measure === 'profit_growth' && state.ttm_before?.net_profit != null && state.ttm_before.net_profit <= 0)
        return 'The company made a loss in the same months a year earlier, so growth has no meaning.';
      return 'Needs the same twelve months a year earlier, which its filings do not give.';
    case 'debt_to_equity':
      if (state.bank) return 'Debt-to-equity does not apply to banks: borrowing and deposits are their business.';
      return 'Borrowings are filed only from FY2023 on, and its filings do not include them.';
    case 'dividend_payout':
      return 'Dividends paid are filed only from FY2022 on, and its yearly filings do not include them (or the year was a loss).';
  }
};

/** A measure's value with its comparisons and, when missing, why. */
export const measureValue = (measure: FundamentalMeasure, state: FundamentalState, now: Measures, ownMedian: Measures, sectorMedian: Measures): MeasureValue => ({
  value: now[measure],
  median_5y: ownMedian[measure],
  sector_median: sectorMedian[measure],
  missing_reason: now[measure] === null ? missingReason(measure, state) : null,
});

/** Whether a stock passes the filters; the first filter it cannot be judged on, if any. */
export const screen = (now: Measures, query: ScreenerQuery): { pass: boolean; unjudged?: (typeof SCREENER_FILTERS)[number] } => {
  let pass = true;
  for (const measure of SCREENER_FILTERS) {
    const min = query[`${measure}_min`];
    const max = query[`${measure}_max`];
    if (min === undefined && max === undefined) continue;
    const value = now[measure];
    if (value === null) return { pass: false, unjudged: measure };
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) pass = false;
  }
  return { pass };
};
