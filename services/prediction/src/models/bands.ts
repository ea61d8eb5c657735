/** RiskMetrics' decay for daily returns: the volatility estimate's half-life is about 11 trading days. */
export const EWMA_LAMBDA = 0.94;

/** Below this daily volatility (a price that did not move for weeks) bands use this floor instead of zero. */
const MIN_SIGMA = 1e-6;

/**
 * EWMA standard deviation of daily log returns at each bar: `sigma[t]` reads bars 0..t only, so it is known at the
 * close of bar t. Started from the first squared return; the start is forgotten within a few hundred bars.
 */
export const ewmaVolatility = (logPrices: Float64Array, lambda = EWMA_LAMBDA): Float64Array => {
  const sigma = new Float64Array(logPrices.length).fill(MIN_SIGMA);
  let variance = 0;
  for (let t = 1; t < logPrices.length; t++) {
    const r = logPrices[t] - logPrices[t - 1];
    variance = t === 1 ? r * r : lambda * variance + (1 - lambda) * r * r;
    sigma[t] = Math.max(Math.sqrt(variance), MIN_SIGMA);
  }
  return sigma;
};

/** The band's scale at horizon h: daily volatility known at the origin times √h. */
export const bandScale = (sigma: number, h: number): number => sigma * Math.sqrt(h);

/** A forecast error in units of the band's scale; the conformal quantiles are taken over these. */
export const score = (error: number, sigma: number, h: number): number => Math.abs(error) / bandScale(sigma, h);

/** `conformalQuantile` of the first `n` of `sorted`, which are in ascending order. */
export const sortedConformalQuantile = (sorted: Float64Array, n: number, alpha: number): number => {
  if (n === 0) return Number.NaN;
  // The epsilon keeps float noise, e.g. (19 + 1) × 0.95 = 19.000000000000004, from moving the rank up by one.
  const rank = Math.ceil((n + 1) * (1 - alpha) - 1e-9);
  return sorted[Math.min(rank, n) - 1];
};

/**
 * Split-conformal quantile of `scores` for miscoverage `alpha`: the ceil((n + 1)(1 − alpha))-th smallest, which covers
 * a new exchangeable score with probability at least 1 − alpha. With too few scores for that rank the largest is
 * used (the guarantee then does not hold); with none, NaN.
 */
export const conformalQuantile = (scores: readonly number[], alpha: number): number => sortedConformalQuantile(Float64Array.from(scores).sort(), scores.length, alpha);

/** Whether `conformalQuantile` has enough scores for its guarantee. */
export const hasConformalRank = (n: number, alpha: number): boolean => Math.ceil((n + 1) * (1 - alpha) - 1e-9) <= n;

/** Lower and upper band around a log point forecast. */
export const band = (point: number, quantile: number, sigma: number, h: number): [number, number] => {
  const half = quantile * bandScale(sigma, h);
  return [point - half, point + half];
};

/**
 * Quantiles adjusted so the band's half-width q_h·√h never narrows as h grows: a later day is not more certain
 * than an earlier one, though per-horizon quantiles of a few hundred scores can dip by chance.
 */
export const widening = (quantiles: readonly number[]): number[] => {
  let widest = 0;
  return quantiles.map((q, k) => {
    widest = Math.max(widest, q * Math.sqrt(k + 1));
    return widest / Math.sqrt(k + 1);
  });
};
