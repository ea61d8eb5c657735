import type { MarketBar, MarketRisk, RiskFlag } from '@nivesh/proto';
import { round, TRADING_DAYS } from '../analysis/stats';

/** A dated close; every series here is in ascending date order. */
export type Close = Pick<MarketBar, 'date' | 'close'>;

/** Beta and correlations need at least this many common daily returns, else they are null. */
export const MIN_COMMON_RETURNS = 20;
/** The unusual-trading rules. Thresholds are inclusive: a move of exactly 8% counts as a rise of 8%. */
export const FLAG_RULES = {
  /** pump_and_dump: volume at least this multiple of the mean volume of the previous `volumeLookback` bars... */
  pumpVolumeRatio: 3,
  volumeLookback: 20,
  /** ...and a close-to-close rise of at least this much. */
  pumpRise: 0.08,
  /** How many bars after a pump the reversal (lowest close) is looked for... */
  reversalBars: 10,
  /** ...and the share of the day's rise it must give back: a jump that holds is news, not a pump and dump. */
  giveBack: 0.5,
  /** gap: |open / previous close - 1| at least this much. */
  gap: 0.05,
  /** limit_move: |close / previous close - 1| at least this much, near NSE's 10% price band. */
  limitMove: 0.095,
} as const;
/** At most this many flags are answered (the most recent). */
export const MAX_FLAGS = 50;
/** The risk level looks for a pump_and_dump flag among this many latest bars (about three months). */
export const RECENT_BARS = 63;

// Thresholds compare ratios of decimal prices; this keeps an exact 8.00% rise from reading as 7.9999999%.
const EPSILON = 1e-9;

export const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Sample (n - 1) standard deviation; null below two values. */
export const sampleStdev = (values: readonly number[]): number | null => {
  if (values.length < 2) return null;
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1));
};

/** Daily simple returns c[i] / c[i-1] - 1 of consecutive closes. */
export const simpleReturns = (closes: readonly number[]): number[] => closes.slice(1).map((close, i) => close / closes[i]! - 1);

/** Daily log returns ln(c[i] / c[i-1]) of consecutive closes. */
export const logReturns = (closes: readonly number[]): number[] => closes.slice(1).map((close, i) => Math.log(close / closes[i]!));

/** Annualised volatility in %: sample standard deviation of daily log returns x sqrt(252) x 100; 0 below two returns. */
export const annualVolatilityPct = (closes: readonly number[]): number => (sampleStdev(logReturns(closes)) ?? 0) * Math.sqrt(TRADING_DAYS) * 100;

export type Drawdown = { pct: number; peak: string | null; trough: string | null };

/**
 * Maximum drawdown of the closes: the most negative close / running maximum close - 1, in % (negative), with the
 * date the running maximum was first reached (peak) and the first date of the deepest fall (trough). 0 with null
 * dates when no close is below an earlier one.
 */
export const maxDrawdown = (points: readonly Close[]): Drawdown => {
  let peak = -Infinity;
  let peakDate: string | null = null;
  const worst: Drawdown = { pct: 0, peak: null, trough: null };
  for (const { date, close } of points) {
    if (close > peak) {
      peak = close;
      peakDate = date;
      continue;
    }
    const fall = (close / peak - 1) * 100;
    if (fall < worst.pct) Object.assign(worst, { pct: fall, peak: peakDate, trough: date });
  }
  return worst;
};

/**
 * The q-quantile of ascending values by linear interpolation between order statistics, as numpy's default
 * (`method='linear'`, Hyndman-Fan type 7): h = (n - 1) q, x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]).
 */
export const quantile = (sorted: readonly number[], q: number): number => {
  if (!sorted.length) throw new RangeError('quantile of no values');
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
};

/** Historical 95% one-day value at risk in %: minus the 5th percentile (see `quantile`) of daily simple returns x 100; 0 without returns. */
export const historicalVar95Pct = (returns: readonly number[]): number => {
  if (!returns.length) return 0;
  const value = -quantile([...returns].sort((a, b) => a - b), 0.05) * 100;
  return value === 0 ? 0 : value;
};

/**
 * Daily simple returns of two series over the same pairs of dates: a return of `a` from date d0 to d1 is paired
 * with `b`'s when d0 and d1 are consecutive bars in both series (a day missing from either drops the pair).
 */
export const pairedReturns = (a: readonly Close[], b: readonly Close[]): { a: number[]; b: number[] } => {
  const position = new Map(b.map((point, i) => [point.date, i]));
  const out = { a: [] as number[], b: [] as number[] };
  for (let i = 1; i < a.length; i++) {
    const j = position.get(a[i]!.date);
    if (j === undefined || j < 1 || b[j - 1]!.date !== a[i - 1]!.date) continue;
    out.a.push(a[i]!.close / a[i - 1]!.close - 1);
    out.b.push(b[j]!.close / b[j - 1]!.close - 1);
  }
  return out;
};

const covariance = (x: readonly number[], y: readonly number[]): number => {
  const mx = mean(x);
  const my = mean(y);
  return x.reduce((sum, value, i) => sum + (value - mx) * (y[i]! - my), 0) / (x.length - 1);
};

/**
 * Beta of `stock` to `index`: covariance of their paired daily simple returns (see `pairedReturns`) / the index
 * returns' variance. Null below `MIN_COMMON_RETURNS` pairs or when the index never moved.
 */
export const beta = (stock: readonly Close[], index: readonly Close[]): number | null => {
  const pairs = pairedReturns(stock, index);
  if (pairs.a.length < MIN_COMMON_RETURNS) return null;
  const variance = covariance(pairs.b, pairs.b);
  return variance === 0 ? null : covariance(pairs.a, pairs.b) / variance;
};

/** Pearson correlation of paired daily simple returns (see `pairedReturns`); null below `MIN_COMMON_RETURNS` pairs or when either never moved. */
export const returnCorrelation = (a: readonly Close[], b: readonly Close[]): number | null => {
  const pairs = pairedReturns(a, b);
  if (pairs.a.length < MIN_COMMON_RETURNS) return null;
  const sa = sampleStdev(pairs.a)!;
  const sb = sampleStdev(pairs.b)!;
  return sa === 0 || sb === 0 ? null : covariance(pairs.a, pairs.b) / (sa * sb);
};

const pct = (ratio: number) => round(ratio * 100, 2);
const signed = (ratio: number) => `${Math.abs(ratio * 100).toFixed(1)}%`;
const sessions = (n: number) => `${n} session${n === 1 ? '' : 's'}`;

/**
 * Unusual-trading flags on bars[start..] (bars before `start` only serve as the previous close and volume
 * history), most recent first; several flags on one day come in the order pump_and_dump, gap, limit_move.
 * - pump_and_dump: volume >= 3 x the mean volume of the previous 20 bars (all 20 must exist and carry volume)
 *   and a close-to-close rise >= 8%, then within the next (up to) 10 bars a close that gives back at least half
 *   of that rise. reversal_pct is that lowest close against the day's close, in %. A pattern, not proof.
 * - gap: |open / previous close - 1| >= 5%.
 * - limit_move: |close / previous close - 1| >= 9.5%, near NSE's 10% price band.
 * Days in `actionDates` (ex-dates of stored corporate actions) raise no gap or limit_move flag: the move that day is
 * the action (a demerger's discovered price, a rights issue), not trading, even where adjustment leaves some of it.
 */
export const detectFlags = (bars: readonly MarketBar[], start = 0, actionDates: ReadonlySet<string> = new Set()): RiskFlag[] => {
  const rules = FLAG_RULES;
  const flags: RiskFlag[] = [];
  for (let i = Math.max(start, 1); i < bars.length; i++) {
    const bar = bars[i]!;
    const previous = bars[i - 1]!.close;
    const change = bar.close / previous - 1;
    const day: RiskFlag[] = [];

    const history = bars.slice(Math.max(0, i - rules.volumeLookback), i);
    if (bar.volume !== null && history.length === rules.volumeLookback && history.every((b) => b.volume !== null)) {
      const average = mean(history.map((b) => b.volume!));
      const ratio = average > 0 ? bar.volume / average : 0;
      if (ratio >= rules.pumpVolumeRatio - EPSILON && change >= rules.pumpRise - EPSILON) {
        // The "dump": within the next sessions the close gives back at least half of the day's rise.
        const next = bars.slice(i + 1, i + 1 + rules.reversalBars);
        const lowest = next.length ? Math.min(...next.map((b) => b.close)) : null;
        if (lowest !== null && lowest <= previous + (bar.close - previous) * (1 - rules.giveBack) + EPSILON) {
          const reversal = lowest / bar.close - 1;
          day.push({
            kind: 'pump_and_dump',
            date: bar.date,
            description:
              `Volume ${ratio.toFixed(1)}× its 20-day average with a ${signed(change)} rise; ` +
              `the price then fell ${signed(reversal)} within the next ${sessions(next.length)}, giving back at least half of the rise.`,
            figures: { change_pct: pct(change), volume_ratio: round(ratio, 2), close: bar.close, reversal_pct: pct(reversal) },
          });
        }
      }
    }

    const corporateAction = actionDates.has(bar.date);
    const gap = bar.open / previous - 1;
    if (!corporateAction && Math.abs(gap) >= rules.gap - EPSILON) {
      day.push({
        kind: 'gap',
        date: bar.date,
        description: `Opened ${signed(gap)} ${gap > 0 ? 'above' : 'below'} the previous close; closed ${signed(change)} ${change >= 0 ? 'above' : 'below'} it.`,
        figures: { gap_pct: pct(gap), change_pct: pct(change) },
      });
    }

    if (!corporateAction && Math.abs(change) >= rules.limitMove - EPSILON) {
      day.push({
        kind: 'limit_move',
        date: bar.date,
        description: `Closed ${signed(change)} ${change > 0 ? 'above' : 'below'} the previous close, at ${bar.close.toFixed(2)}: a move near NSE's 10% price band.`,
        figures: { change_pct: pct(change), close: bar.close },
      });
    }
    flags.push(...day.reverse());
  }
  return flags.reverse();
};

/**
 * Descriptive thresholds, not a rating: 'high' when annualised volatility is above 40% or a pump_and_dump flag
 * falls in the last 63 bars; 'moderate' when volatility is above 25% or the maximum drawdown is deeper than -30%;
 * else 'low'.
 */
export const riskLevel = (volatilityPct: number, maxDrawdownPct: number, recentPump: boolean): MarketRisk['level'] => {
  if (volatilityPct > 40 || recentPump) return 'high';
  if (volatilityPct > 25 || maxDrawdownPct < -30) return 'moderate';
  return 'low';
};

/**
 * Risk of a symbol over bars[start..] (adjusted, ascending; earlier bars only feed the flags' look-back), with
 * `index` (NIFTY 50) for beta and the symbol's corporate-action ex-dates (no gap or limit_move flag on them). Returns
 * are between consecutive bars of the range: n bars give n - 1 returns.
 * Figures: volatility, drawdown and VaR in % to 2 decimals, beta to 3; var95_per_lakh is the rounded var95_pct
 * applied to ₹1,00,000, in whole rupees; the level reads the rounded figures. `bars[start..]` must not be empty.
 */
export const assessRisk = (
  bars: readonly MarketBar[],
  start: number,
  index: readonly Close[],
  actionDates: ReadonlySet<string> = new Set(),
): Omit<MarketRisk, 'symbol' | 'company' | 'as_of' | 'short_history'> => {
  const range = bars.slice(start);
  if (!range.length) throw new RangeError('empty range');
  const closes = range.map((bar) => bar.close);
  const volatility = annualVolatilityPct(closes);
  const drawdown = maxDrawdown(range);
  const var95 = round(historicalVar95Pct(simpleReturns(closes)), 2);
  const b = beta(range, index);
  const flags = detectFlags(bars, start, actionDates);
  const recentFrom = bars[Math.max(0, bars.length - RECENT_BARS)]!.date;
  const recentPump = flags.some((flag) => flag.kind === 'pump_and_dump' && flag.date >= recentFrom);
  const metrics = { volatility: round(volatility, 2), drawdown: round(drawdown.pct, 2) };
  return {
    range: { from: range[0]!.date, to: range[range.length - 1]!.date, bars: range.length },
    metrics: {
      volatility_annual_pct: metrics.volatility,
      max_drawdown_pct: metrics.drawdown,
      max_drawdown_peak: drawdown.peak,
      max_drawdown_trough: drawdown.trough,
      beta: b === null ? null : round(b, 3),
      var95_pct: var95,
      var95_per_lakh: Math.round(var95 * 1000),
    },
    level: riskLevel(metrics.volatility, metrics.drawdown, recentPump),
    flags: flags.slice(0, MAX_FLAGS),
  };
};
