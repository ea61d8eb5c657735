/** Mean absolute value of `errors`; NaN when there are none. */
export const meanAbsoluteError = (errors: ArrayLike<number>): number => {
  let sum = 0;
  for (let i = 0; i < errors.length; i++) sum += Math.abs(errors[i]);
  return errors.length ? sum / errors.length : Number.NaN;
};

/**
 * Relative MAE against naive at one horizon: MAE of the model's h-step errors over the test origins divided by the MAE
 * of the naive (no change) forecast's h-step errors over the same origins. Below 1: smaller errors than naive; naive's
 * own is 1. 1 when both are zero; Infinity when only naive's are.
 */
export const relativeMae = (modelErrors: ArrayLike<number>, naiveErrors: ArrayLike<number>): number => {
  if (modelErrors.length !== naiveErrors.length) throw new RangeError('Relative MAE compares errors of the same origins');
  const model = meanAbsoluteError(modelErrors);
  const naive = meanAbsoluteError(naiveErrors);
  if (naive === 0) return model === 0 ? 1 : Number.POSITIVE_INFINITY;
  return model / naive;
};

/** In-sample MAE of the one-step naive forecast on a window: the mean of |y[t] − y[t − 1]|, a typical day's move. */
export const naiveStepMae = (window: ArrayLike<number>): number => {
  let sum = 0;
  for (let t = 1; t < window.length; t++) sum += Math.abs(window[t] - window[t - 1]);
  return window.length > 1 ? sum / (window.length - 1) : Number.NaN;
};

/**
 * MASE (Hyndman and Koehler, 2006) at one horizon: the mean over the origins of |h-step error| / scale, each origin's
 * scale being the in-sample MAE of the one-step naive forecast on the window its forecast was fitted on
 * (`naiveStepMae`). Naive's own is not 1: on a random walk it is about √h. An exact forecast on a flat window counts 0,
 * an inexact one Infinity.
 */
export const mase = (errors: ArrayLike<number>, scales: ArrayLike<number>): number => {
  if (errors.length !== scales.length) throw new RangeError('MASE scales each error by its own origin');
  if (errors.length === 0) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < errors.length; i++) {
    const error = Math.abs(errors[i]);
    sum += error === 0 ? 0 : error / scales[i];
  }
  return sum / errors.length;
};

/** An interval forecast and what happened. */
export type IntervalOutcome = { actual: number; lower: number; upper: number };

/** Share of outcomes inside their closed interval; NaN when there are none. */
export const coverage = (outcomes: readonly IntervalOutcome[]): number =>
  outcomes.length ? outcomes.filter(({ actual, lower, upper }) => actual >= lower && actual <= upper).length / outcomes.length : Number.NaN;

/**
 * Winkler (interval) score of a central (1 − alpha) interval: its width, plus 2/alpha times the distance by which the
 * actual value falls outside it. Lower is better; it rewards narrow bands only when they hold.
 */
export const winkler = ({ actual, lower, upper }: IntervalOutcome, alpha: number): number => {
  const width = upper - lower;
  if (actual < lower) return width + (2 / alpha) * (lower - actual);
  if (actual > upper) return width + (2 / alpha) * (actual - upper);
  return width;
};

/** Mean Winkler score over outcomes; NaN when there are none. */
export const meanWinkler = (outcomes: readonly IntervalOutcome[], alpha: number): number =>
  outcomes.length ? outcomes.reduce((sum, outcome) => sum + winkler(outcome, alpha), 0) / outcomes.length : Number.NaN;

/**
 * Diebold–Mariano statistic of a loss differential series (model loss minus baseline loss, one per origin): its mean
 * over its standard error, with a Newey–West (Bartlett) long-run variance over `lags` lags because forecasts of nearby
 * origins share days. Negative: the model's losses are smaller. A constant differential gives 0 or ±Infinity.
 */
export const dieboldMariano = (differentials: readonly number[], lags: number): number => {
  const n = differentials.length;
  if (n < 2) return 0;
  const mean = differentials.reduce((sum, d) => sum + d, 0) / n;
  const autocovariance = (k: number) => {
    let sum = 0;
    for (let i = k; i < n; i++) sum += (differentials[i] - mean) * (differentials[i - k] - mean);
    return sum / n;
  };
  let variance = autocovariance(0);
  for (let k = 1; k <= Math.min(lags, n - 1); k++) variance += 2 * (1 - k / (lags + 1)) * autocovariance(k);
  if (!(variance > 1e-30)) return mean === 0 ? 0 : Math.sign(mean) * Number.POSITIVE_INFINITY;
  return mean / Math.sqrt(variance / n);
};
