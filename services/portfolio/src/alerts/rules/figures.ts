import type * as TradingSignals from 'trading-signals' with { 'resolution-mode': 'import' };

/** One trading day's close of a symbol, adjusted for corporate actions. */
export type DailyClose = { date: string; close: number };

export type TradingSignalsLib = typeof TradingSignals;
let lib: Promise<TradingSignalsLib> | undefined;
/** trading-signals ships ES modules only; this CommonJS service loads it with import(), as the market service does. */
export const loadTradingSignals = (): Promise<TradingSignalsLib> => (lib ??= import('trading-signals'));

/** The RSI the Technical Analysis page shows (services/market/src/quotes/indicators.service.ts): Wilder's RSI(14). */
export const RSI_PERIOD = 14;

/**
 * Bars of history the market service feeds its indicators before the first bar it shows (its WARM_UP_BARS). Wilder's
 * smoothing forgets an old bar by 13/14 a day, so with this many bars before a day the day's RSI agrees with the
 * page's to all the 4 decimals the page keeps (the remaining difference is below 1e-7).
 */
export const RSI_WARM_UP_BARS = 250;

/** 52 weeks of trading days, the day itself included. */
export const YEAR_BARS = 252;

/**
 * Bars a caller passes per symbol: the `HISTORY_BARS` bars up to and including the earliest last_evaluated_date of the
 * symbol's alerts, then every bar after it. With fewer, the first days' RSI and 52-week conditions are unknown.
 */
export const HISTORY_BARS = Math.max(YEAR_BARS, RSI_WARM_UP_BARS + 1);

/**
 * A symbol's figures for each bar of the window passed, computed once and read by all its alerts. Index i is the
 * window's i-th bar; a figure is null where the window does not reach back far enough for it.
 */
export type SymbolFigures = {
  dates: readonly string[];
  closes: readonly number[];
  /** RSI(14) rounded to 4 decimals, as the market service rounds what the page shows, so both agree at a level. */
  rsi: readonly (number | null)[];
  /** The highest and lowest close of the YEAR_BARS − 1 trading days before the day. */
  previousHigh: readonly (number | null)[];
  previousLow: readonly (number | null)[];
};

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * For each index i, the best close (by `better`) of the `span` closes before it, or null for i < span: a sliding
 * window with a monotonic queue of indices, so a long window costs one pass.
 */
const previousExtremes = (
  closes: readonly number[],
  span: number,
  better: (a: number, b: number) => boolean,
): (number | null)[] => {
  const result: (number | null)[] = new Array<number | null>(closes.length).fill(null);
  const queue: number[] = [];
  let head = 0;
  closes.forEach((close, i) => {
    if (i >= span) {
      while (queue[head]! < i - span) head += 1;
      result[i] = closes[queue[head]!]!;
    }
    while (queue.length > head && !better(closes[queue[queue.length - 1]!]!, close)) queue.pop();
    queue.push(i);
  });
  return result;
};

/** The per-day figures of one symbol's bars (ascending, one per date); throws a RangeError on bars out of order. */
export const computeFigures = (ts: TradingSignalsLib, bars: readonly DailyClose[]): SymbolFigures => {
  const dates = bars.map((bar) => bar.date);
  const closes = bars.map((bar) => bar.close);
  for (let i = 1; i < dates.length; i += 1) {
    if (dates[i - 1]! >= dates[i]!) {
      throw new RangeError(`bars must be in ascending date order: ${dates[i]} follows ${dates[i - 1]}`);
    }
  }
  const rsi14 = new ts.RSI(RSI_PERIOD);
  const rsi = closes.map((close) => {
    const value = rsi14.add(close);
    return value !== null && rsi14.isStable ? round4(value) : null;
  });
  return {
    dates,
    closes,
    rsi,
    previousHigh: previousExtremes(closes, YEAR_BARS - 1, (a, b) => a > b),
    previousLow: previousExtremes(closes, YEAR_BARS - 1, (a, b) => a < b),
  };
};

/** Index of the last bar dated on or before `date`, or -1 (binary search). */
export const lastIndexOnOrBefore = (dates: readonly string[], date: string): number => {
  let lo = 0;
  let hi = dates.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= date) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
};
