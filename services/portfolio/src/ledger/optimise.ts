import { multiply } from './risk';

/**
 * What the minimum-variance and risk-parity illustrations assume, in words for the investor reading them. They are
 * shown beside the weights, as an educational what-if, never as a recommendation.
 */
export const OPTIMISATION_ASSUMPTIONS: readonly string[] = [
  'These weights are an illustration for learning, not investment advice or a recommendation to buy or sell.',
  "They use only how your stocks' prices moved together in the past; the future can be different.",
  'They look at risk (how much prices swing) and ignore returns: a low-risk mix can still lose money or grow slowly.',
  'They ignore brokerage, taxes, the capital gains tax of selling to rebalance, and the effort of trading.',
  'They only use the stocks you already hold, never sell short and never borrow, and the weights add up to 100 %.',
  'Minimum variance looks for the mix whose value would have swung the least; it may put most money in a few stocks.',
  'Risk parity looks for the mix in which every stock adds the same amount of swing to the whole.',
];

export type OptimiseOptions = { maxIterations: number; tolerance: number };

export type OptimisedWeights = {
  /** Long-only weights adding up to 1, in the covariance matrix's order. */
  weights: number[];
  /** Each asset's share of the portfolio's variance w_i (Σw)_i / wᵀΣw (they add up to 1). */
  risk_shares: number[];
  iterations: number;
  /** False when `maxIterations` ran out before the weights stopped moving by more than `tolerance`. */
  converged: boolean;
};

const DEFAULT_OPTIONS: OptimiseOptions = { maxIterations: 200_000, tolerance: 1e-12 };

/** Throws RangeError unless `cov` is a square symmetric matrix of finite numbers with a non-negative diagonal. */
const checkCovariance = (cov: readonly (readonly number[])[]) => {
  const n = cov.length;
  if (!n) throw new RangeError('the covariance matrix is empty');
  cov.forEach((row, i) => {
    if (row.length !== n) throw new RangeError('the covariance matrix is not square');
    if (!(row[i]! >= 0)) throw new RangeError(`variance ${i} is negative or not a number`);
    row.forEach((value, j) => {
      if (!Number.isFinite(value)) throw new RangeError(`covariance (${i}, ${j}) is not a finite number`);
      const mirror = cov[j]![i]!;
      if (Math.abs(value - mirror) > 1e-12 * Math.max(1, Math.abs(value)))
        throw new RangeError('the covariance matrix is not symmetric');
    });
  });
};

/** Each weight's share of wᵀΣw; zeros when the portfolio has no variance. */
export const riskShares = (cov: readonly (readonly number[])[], w: readonly number[]): number[] => {
  const sigmaW = multiply(cov, w);
  const variance = w.reduce((sum, wi, i) => sum + wi * sigmaW[i]!, 0);
  return w.map((wi, i) => (variance > 0 ? (wi * sigmaW[i]!) / variance : 0));
};

/**
 * The Euclidean projection of `v` onto the simplex {w ≥ 0, Σw = 1}: w_i = max(v_i − θ, 0) with θ chosen so the
 * weights add up to 1 (sort-based, Duchi et al. 2008).
 */
export const projectToSimplex = (v: readonly number[]): number[] => {
  const sorted = [...v].sort((a, b) => b - a);
  let sum = 0;
  let theta = 0;
  for (let j = 0; j < sorted.length; j++) {
    sum += sorted[j]!;
    const candidate = (sum - 1) / (j + 1);
    if (sorted[j]! - candidate > 0) theta = candidate;
  }
  return v.map((value) => Math.max(value - theta, 0));
};

/**
 * Long-only minimum-variance weights: w minimising wᵀΣw with w ≥ 0 and Σw = 1, by projected gradient descent from
 * equal weights. Each step moves against the gradient 2Σw by 1/L, L = 2 × (a bound on Σ's largest eigenvalue: the
 * smaller of its trace and largest absolute row sum), which can never overshoot, then projects back onto the
 * simplex (`projectToSimplex`). The problem is convex, so this converges to the minimum from any start; it stops when
 * no weight moves by more than `tolerance`. With perfectly correlated or duplicate assets the minimum is not unique
 * and the weights found are one of the minima.
 */
export const minimumVarianceWeights = (
  cov: readonly (readonly number[])[],
  options: Partial<OptimiseOptions> = {},
): OptimisedWeights => {
  checkCovariance(cov);
  const { maxIterations, tolerance } = { ...DEFAULT_OPTIONS, ...options };
  const n = cov.length;
  const trace = cov.reduce((sum, row, i) => sum + row[i]!, 0);
  const rowSum = Math.max(...cov.map((row) => row.reduce((sum, value) => sum + Math.abs(value), 0)));
  const lipschitz = 2 * Math.min(trace, rowSum);
  let w = new Array<number>(n).fill(1 / n);
  if (lipschitz === 0) return { weights: w, risk_shares: riskShares(cov, w), iterations: 0, converged: true };
  let iterations = 0;
  let converged = false;
  while (!converged && iterations < maxIterations) {
    iterations++;
    const gradient = multiply(cov, w);
    const next = projectToSimplex(w.map((wi, i) => wi - (2 * gradient[i]!) / lipschitz));
    converged = next.every((value, i) => Math.abs(value - w[i]!) <= tolerance);
    w = next;
  }
  return { weights: w, risk_shares: riskShares(cov, w), iterations, converged };
};

/**
 * Risk-parity (equal risk contribution) weights: every asset's share of the portfolio's variance w_i (Σw)_i / wᵀΣw
 * equal to 1/n. Solved as the convex problem min ½ yᵀΣy − Σ (1/n) ln y_i over y > 0, whose minimum has
 * y_i (Σy)_i = 1/n, by cyclical coordinate descent (Griveau-Billion, Richard and Roncalli, 2013): each y_i in turn
 * is set to the positive root of Σ_ii y_i² + c_i y_i − 1/n = 0, c_i = Σ_{j≠i} Σ_ij y_j, which exists and is unique
 * whatever the signs of the covariances. Then w = y / Σy. Starts from inverse volatilities (the answer when the
 * assets are uncorrelated); stops when no y_i moves by more than `tolerance` of itself. Every variance must be above
 * 0 (an asset that never moves cannot carry an equal share of risk).
 */
export const riskParityWeights = (
  cov: readonly (readonly number[])[],
  options: Partial<OptimiseOptions> = {},
): OptimisedWeights => {
  checkCovariance(cov);
  if (cov.some((row, i) => !(row[i]! > 0))) throw new RangeError('risk parity needs every variance above 0');
  const { maxIterations, tolerance } = { ...DEFAULT_OPTIONS, ...options };
  const n = cov.length;
  const budget = 1 / n;
  const y = cov.map((row, i) => 1 / Math.sqrt(row[i]!));
  let iterations = 0;
  let converged = false;
  while (!converged && iterations < maxIterations) {
    iterations++;
    converged = true;
    for (let i = 0; i < n; i++) {
      const row = cov[i]!;
      let c = 0;
      for (let j = 0; j < n; j++) if (j !== i) c += row[j]! * y[j]!;
      // The positive root of a y² + c y − b, written 2b / (c + √(c² + 4ab)) to avoid cancellation when c > 0.
      const next = (2 * budget) / (c + Math.sqrt(c * c + 4 * row[i]! * budget));
      if (Math.abs(next - y[i]!) > tolerance * y[i]!) converged = false;
      y[i] = next;
    }
  }
  const total = y.reduce((sum, value) => sum + value, 0);
  const weights = y.map((value) => value / total);
  return { weights, risk_shares: riskShares(cov, weights), iterations, converged };
};
