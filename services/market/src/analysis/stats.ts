import type { TradingSignalsLib } from './trading-signals';

/** Trading days in a year, used to annualise daily volatility. */
export const TRADING_DAYS = 252;

/** `value` to `digits` decimals; never -0 (a rounded-away loss reads 0, not "-0"). */
export const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
};

/** `value` clamped into [min, max]. */
export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** An ISO date `months` calendar months before `date`, clamped to the end of a shorter month (03-31 → 02-29). */
export const monthsBefore = (date: string, months: number): string => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
};

export { lastIndexOnOrBefore } from '@nivesh/proto/dates';

/**
 * Percentile rank of `value` among `window`: the share (0-100) of the window's values strictly below it. The
 * highest value so far ranks 100, the lowest 0. Null for an empty window.
 */
export const percentileRank = (value: number, window: readonly number[]): number | null => {
  if (!window.length) return null;
  let below = 0;
  for (const other of window) if (other < value) below++;
  return (below / window.length) * 100;
};

/**
 * Realised volatility in % a year: the sample (n − 1) standard deviation of the daily log returns of `closes`, times
 * sqrt(252), times 100; the same convention as the risk answer's annual volatility (risk/risk.ts), so a 20-day and
 * an annual figure compare. Twenty returns need 21 closes. Null with fewer than three closes (two returns).
 */
export const realisedVolatility = (ts: TradingSignalsLib, closes: readonly number[]): number | null => {
  if (closes.length < 3) return null;
  const returns = ts.getLogReturns([...closes]);
  const mean = returns.reduce((sum, value) => sum + value, 0) / returns.length;
  const variance = returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(TRADING_DAYS) * 100;
};

/**
 * The last `capacity` numbers pushed, kept sorted as well, so the percentile rank of a new value among them costs
 * a binary search instead of a scan. Pushing beyond capacity drops the oldest.
 */
export class RollingRank {
  private readonly fifo: number[] = [];
  private head = 0;
  private readonly sorted: number[] = [];

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.sorted.length;
  }

  /** Same as `percentileRank(value, <the window>)`. */
  rank(value: number): number | null {
    return this.sorted.length ? (this.lowerBound(value) / this.sorted.length) * 100 : null;
  }

  push(value: number): void {
    this.fifo.push(value);
    this.sorted.splice(this.lowerBound(value), 0, value);
    if (this.fifo.length - this.head > this.capacity) {
      const oldest = this.fifo[this.head++]!;
      this.sorted.splice(this.lowerBound(oldest), 1);
      // Compact now and then so the queue does not grow without bound.
      if (this.head > 4096) {
        this.fifo.splice(0, this.head);
        this.head = 0;
      }
    }
  }

  /** How many values are strictly below `value`. */
  private lowerBound(value: number): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * Highest and lowest of the last `capacity` numbers pushed, in amortised O(1) per push (monotonic queues).
 * trading-signals' Period gives the same answer but rescans its whole window on every value, which dominated
 * the 5-year sentiment pass (48 stocks × 1,700 days × 252 values).
 */
export class RollingExtremes {
  private count = 0;
  // Index/value pairs whose values decrease (maxima) or increase (minima) from the front.
  private readonly maxima: Array<[number, number]> = [];
  private readonly minima: Array<[number, number]> = [];
  private maxHead = 0;
  private minHead = 0;

  constructor(private readonly capacity: number) {}

  /** Adds a value; returns the window's extremes once it holds `capacity` values, else null. */
  push(value: number): { highest: number; lowest: number } | null {
    const at = this.count++;
    while (this.maxima.length > this.maxHead && this.maxima[this.maxima.length - 1]![1] <= value) this.maxima.pop();
    this.maxima.push([at, value]);
    while (this.minima.length > this.minHead && this.minima[this.minima.length - 1]![1] >= value) this.minima.pop();
    this.minima.push([at, value]);
    const oldest = at - this.capacity + 1;
    while (this.maxima[this.maxHead]![0] < oldest) this.maxHead++;
    while (this.minima[this.minHead]![0] < oldest) this.minHead++;
    if (this.maxHead > 4096) {
      this.maxima.splice(0, this.maxHead);
      this.maxHead = 0;
    }
    if (this.minHead > 4096) {
      this.minima.splice(0, this.minHead);
      this.minHead = 0;
    }
    return this.count >= this.capacity ? { highest: this.maxima[this.maxHead]![1], lowest: this.minima[this.minHead]![1] } : null;
  }
}
