import type { Close } from './gains';
import { LedgerError } from './transactions';

/** Trading days in a year: daily volatility × √252 is the annual figure, as the market service annualises. */
export const TRADING_DAYS = 252;
/** Volatility, beta and contributions need at least this many common daily returns, else they are null. */
export const MIN_RETURNS = 20;

export const mean = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** Sample (n − 1) covariance of two equally long series. */
export const covariance = (x: readonly number[], y: readonly number[]): number => {
  const mx = mean(x);
  const my = mean(y);
  return x.reduce((sum, value, i) => sum + (value - mx) * (y[i]! - my), 0) / (x.length - 1);
};

/** The sample covariance matrix of several equally long return series. */
export const covarianceMatrix = (series: readonly (readonly number[])[]): number[][] => {
  const matrix = series.map(() => new Array<number>(series.length).fill(0));
  series.forEach((a, i) => {
    for (let j = i; j < series.length; j++) matrix[i]![j] = matrix[j]![i] = covariance(a, series[j]!);
  });
  return matrix;
};

/** Σw: the covariance matrix times a weight vector. */
export const multiply = (matrix: readonly (readonly number[])[], w: readonly number[]): number[] =>
  matrix.map((row) => row.reduce((sum, value, j) => sum + value * w[j]!, 0));

/**
 * Dates present in every series (ascending), and each series' closes on them: returns are then taken between the
 * same pairs of dates for every holding and the index, a day missing anywhere dropping out everywhere.
 */
export const alignCloses = (series: readonly (readonly Close[])[]): { dates: string[]; closes: number[][] } => {
  const maps = series.map((points) => new Map(points.map((point) => [point.date, point.close])));
  const dates = [...maps[0]!.keys()].filter((date) => maps.every((map) => map.has(date))).sort();
  return { dates, closes: maps.map((map) => dates.map((date) => map.get(date)!)) };
};

const simpleReturns = (closes: readonly number[]): number[] =>
  closes.slice(1).map((close, i) => close / closes[i]! - 1);

export type Drawdown = { drawdown: number; peak: string | null; trough: string | null };

/**
 * Maximum drawdown of a value path: the most negative value / running maximum − 1 (a fraction, 0 when it never
 * fell), the date the running maximum was reached (peak) and the first date of the deepest point (trough).
 */
export const maxDrawdown = (dates: readonly string[], values: readonly number[]): Drawdown => {
  let peak = -Infinity;
  let peakDate: string | null = null;
  const worst: Drawdown = { drawdown: 0, peak: null, trough: null };
  values.forEach((value, i) => {
    if (value > peak) {
      peak = value;
      peakDate = dates[i]!;
    } else if (value / peak - 1 < worst.drawdown) {
      Object.assign(worst, { drawdown: value / peak - 1, peak: peakDate, trough: dates[i]! });
    }
  });
  return worst;
};

export type RiskContribution = {
  symbol: string;
  weight: number;
  /** w_i · (Σw)_i / σ_p, annualised: the contributions add up to the portfolio's volatility. */
  contribution: number | null;
  /** contribution / volatility: the holding's share of the portfolio's risk (the shares add up to 1). */
  share: number | null;
};

export type PortfolioRisk = {
  symbols: string[];
  /** Weights normalised to sum 1, in `symbols` order. */
  weights: number[];
  /** The common dates; returns[k] is from dates[k] to dates[k + 1]. */
  dates: string[];
  portfolio_returns: number[];
  /** The index's returns over the periods of `portfolio_returns` it has both closes of (all of them when it is complete). */
  index_returns: number[];
  /** Sample covariance matrix of the holdings' daily returns, in `symbols` order (for `optimise.ts`). */
  covariance: number[][];
  /** Annualised: sample standard deviation of daily returns × √252. */
  volatility: number | null;
  index_volatility: number | null;
  /** Covariance of portfolio and NIFTY 50 daily returns / the variance of NIFTY 50's. */
  beta: number | null;
  /** Of the portfolio's value path (1 on the first common date, compounding its daily returns). */
  max_drawdown: Drawdown;
  contributions: RiskContribution[];
};

/**
 * Risk of a portfolio held in fixed proportions: the weights (e.g. today's market values; normalised to sum 1) applied
 * to past daily simple returns, i.e. "how would today's portfolio have moved", rebalanced daily. Closes should be
 * adjusted for corporate actions (the market service's adjusted bars), else a split reads as a crash. The holdings are
 * aligned on their common dates (`alignCloses`); the index only on the returns it also has both days of, and only for
 * beta and its own volatility, so an index series that ends earlier (or has gaps) does not shorten the portfolio's
 * window. Volatility and contributions are null with fewer than `minReturns` returns, beta and the index volatility
 * with fewer than `minReturns` paired returns or an index that never moved.
 * Throws LedgerError('no_price') for a weighted symbol without closes.
 */
export const portfolioRisk = (
  closes: Readonly<Record<string, readonly Close[]>>,
  index: readonly Close[],
  weights: Readonly<Record<string, number>>,
  minReturns = MIN_RETURNS,
): PortfolioRisk => {
  const symbols = Object.keys(weights);
  const missing = symbols.filter((symbol) => !closes[symbol]?.length);
  if (missing.length) throw new LedgerError('no_price', `No closes for ${missing.join(', ')}`, { symbols: missing });
  const total = symbols.reduce((sum, symbol) => sum + weights[symbol]!, 0);
  if (!(total > 0)) throw new RangeError('weights must add up to more than 0');
  const w = symbols.map((symbol) => weights[symbol]! / total);

  const aligned = alignCloses(symbols.map((symbol) => closes[symbol]!));
  const returns = aligned.closes.map(simpleReturns);
  const count = Math.max(aligned.dates.length - 1, 0);
  const portfolioReturns = Array.from({ length: count }, (_, t) =>
    w.reduce((sum, wi, i) => sum + wi * returns[i]![t]!, 0),
  );
  // The index's return over each of the portfolio's return periods it has both closes of, paired with the portfolio's.
  const indexClose = new Map(index.map((point) => [point.date, point.close]));
  const paired: number[] = [];
  const indexReturns: number[] = [];
  for (let t = 0; t < count; t++) {
    const from = indexClose.get(aligned.dates[t]!);
    const to = indexClose.get(aligned.dates[t + 1]!);
    if (from === undefined || to === undefined) continue;
    paired.push(portfolioReturns[t]!);
    indexReturns.push(to / from - 1);
  }
  const cov = count >= 2 ? covarianceMatrix(returns) : symbols.map(() => symbols.map(() => NaN));

  const path = aligned.dates.length ? [1] : [];
  for (const r of portfolioReturns) path.push(path.at(-1)! * (1 + r));
  const enough = count >= minReturns;
  const pairedEnough = indexReturns.length >= minReturns;
  const annual = Math.sqrt(TRADING_DAYS);
  const sigma = enough ? Math.sqrt(covariance(portfolioReturns, portfolioReturns)) : null;
  const indexVariance = pairedEnough ? covariance(indexReturns, indexReturns) : 0;
  const sigmaW = multiply(cov, w);
  return {
    symbols,
    weights: w,
    dates: aligned.dates,
    portfolio_returns: portfolioReturns,
    index_returns: indexReturns,
    covariance: cov,
    volatility: sigma === null ? null : sigma * annual,
    index_volatility: pairedEnough ? Math.sqrt(indexVariance) * annual : null,
    beta: indexVariance > 0 ? covariance(paired, indexReturns) / indexVariance : null,
    max_drawdown: maxDrawdown(aligned.dates, path),
    contributions: symbols.map((symbol, i) => {
      const part = sigma ? (w[i]! * sigmaW[i]!) / sigma : null;
      return {
        symbol,
        weight: w[i]!,
        contribution: part === null ? null : part * annual,
        share: part === null ? null : part / sigma!,
      };
    }),
  };
};
