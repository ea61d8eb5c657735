import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  minimumVarianceWeights,
  OPTIMISATION_ASSUMPTIONS,
  projectToSimplex,
  riskParityWeights,
  riskShares,
} from './optimise';
import { multiply, portfolioRisk } from './risk';

/** The 2 × 2 covariance matrix of volatilities s1, s2 and correlation rho. */
const two = (s1: number, s2: number, rho: number) => [
  [s1 * s1, rho * s1 * s2],
  [rho * s1 * s2, s2 * s2],
];
const variance = (cov: number[][], w: number[]) => w.reduce((sum, wi, i) => sum + wi * multiply(cov, w)[i]!, 0);

describe('projectToSimplex', () => {
  it('finds the nearest weights that are not negative and add up to 1', () => {
    expect(projectToSimplex([0.5, 0.5])).toEqual([0.5, 0.5]);
    expect(projectToSimplex([2, 0])).toEqual([1, 0]);
    expect(projectToSimplex([0.6, 0.6, -1])).toEqual([0.5, 0.5, 0]);
    expect(projectToSimplex([0, 0, 0]).map((w) => w * 3)).toEqual([1, 1, 1].map((w) => expect.closeTo(w, 12)));
  });
});

describe('minimumVarianceWeights', () => {
  it('matches the two-asset closed form w1 = (s2² − ρ s1 s2) / (s1² + s2² − 2ρ s1 s2)', () => {
    for (const [s1, s2, rho] of [
      [0.2, 0.3, 0.3],
      [0.25, 0.18, -0.4],
      [0.15, 0.15, 0.9],
    ] as const) {
      const w1 = (s2 * s2 - rho * s1 * s2) / (s1 * s1 + s2 * s2 - 2 * rho * s1 * s2);
      const result = minimumVarianceWeights(two(s1, s2, rho));
      expect(result.converged).toBe(true);
      expect(result.weights[0]).toBeCloseTo(w1, 9);
      expect(result.weights[1]).toBeCloseTo(1 - w1, 9);
    }
  });

  it('stays long-only where the closed form would short', () => {
    // s1 = 10 %, s2 = 30 %, ρ = 0.9: the unconstrained answer is w1 = 1.37, w2 = −0.37.
    const result = minimumVarianceWeights(two(0.1, 0.3, 0.9));
    expect(result.weights).toEqual([expect.closeTo(1, 12), expect.closeTo(0, 12)]);
  });

  it('gives equal weights to identical assets', () => {
    const same = [
      [0.04, 0.01, 0.01],
      [0.01, 0.04, 0.01],
      [0.01, 0.01, 0.04],
    ];
    expect(minimumVarianceWeights(same).weights).toEqual([1, 1, 1].map(() => expect.closeTo(1 / 3, 12)));
    const duplicates = Array.from({ length: 4 }, () => [0.09, 0.09, 0.09, 0.09]);
    expect(minimumVarianceWeights(duplicates).weights).toEqual([1, 1, 1, 1].map(() => expect.closeTo(0.25, 12)));
  });

  it('weights uncorrelated assets by inverse variance', () => {
    const result = minimumVarianceWeights([
      [0.01, 0, 0],
      [0, 0.04, 0],
      [0, 0, 0.16],
    ]);
    const inverse = [100, 25, 6.25];
    expect(result.weights).toEqual(inverse.map((v) => expect.closeTo(v / 131.25, 9)));
  });

  it('checks the covariance matrix', () => {
    expect(() => minimumVarianceWeights([])).toThrow(RangeError);
    expect(() => minimumVarianceWeights([[1, 0]])).toThrow(RangeError);
    expect(() =>
      minimumVarianceWeights(two(0.2, 0.3, 0.5).map((row, i) => row.map((v, j) => (i < j ? v + 0.01 : v)))),
    ).toThrow('not symmetric');
  });
});

describe('riskParityWeights', () => {
  it('weights two assets by inverse volatility, whatever their correlation', () => {
    for (const rho of [0.5, -0.3, 0]) {
      const result = riskParityWeights(two(0.2, 0.3, rho));
      expect(result.converged).toBe(true);
      expect(result.weights[0]).toBeCloseTo(0.3 / 0.5, 10);
      expect(result.risk_shares).toEqual([expect.closeTo(0.5, 10), expect.closeTo(0.5, 10)]);
    }
  });

  it('gives equal weights to identical assets', () => {
    const same = [
      [0.04, 0.02, 0.02],
      [0.02, 0.04, 0.02],
      [0.02, 0.02, 0.04],
    ];
    expect(riskParityWeights(same).weights).toEqual([1, 1, 1].map(() => expect.closeTo(1 / 3, 12)));
  });

  it('equalises risk shares of correlated assets', () => {
    const cov = [
      [0.04, 0.006, 0.012, -0.002],
      [0.006, 0.09, 0.018, 0.01],
      [0.012, 0.018, 0.0225, 0.003],
      [-0.002, 0.01, 0.003, 0.0625],
    ];
    const result = riskParityWeights(cov);
    expect(result.weights.reduce((sum, w) => sum + w, 0)).toBeCloseTo(1, 12);
    expect(result.risk_shares).toEqual([0.25, 0.25, 0.25, 0.25].map((s) => expect.closeTo(s, 10)));
    expect(riskShares(cov, result.weights)).toEqual(result.risk_shares);
  });

  it('needs every variance above 0', () => {
    expect(() => riskParityWeights(two(0, 0.3, 0))).toThrow(RangeError);
  });
});

describe('on a year of the shared NSE dataset', () => {
  // Daily closes of 2021 for every stock in ../shared/data/nse (read in place), equally weighted.
  const DATA = path.resolve(__dirname, '../../../..', '..', 'shared/data/nse');
  const read = (file: string) =>
    fs
      .readFileSync(path.join(DATA, file), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map(([date, , , , close]) => ({ date: date!, close: Number(close) }))
      .filter((point) => point.date >= '2021-01-01' && point.date <= '2021-12-31');
  const closes = Object.fromEntries(
    fs
      .readdirSync(DATA)
      .filter((file) => file.endsWith('.csv') && file !== 'NIFTY50.csv')
      .map((file) => [file.replace(/\.csv$/, ''), read(file)] as const)
      .filter(([, points]) => points.length > 200),
  );
  const risk = portfolioRisk(
    closes,
    read('NIFTY50.csv'),
    Object.fromEntries(Object.keys(closes).map((symbol) => [symbol, 1])),
  );

  it('finds the minimum variance: every held stock at the same marginal risk, none left out lower', () => {
    const result = minimumVarianceWeights(risk.covariance);
    expect(result.converged).toBe(true);
    // Optimality (KKT) of min wᵀΣw on the simplex: (Σw)_i is one value λ where w_i > 0 and at least λ where w_i = 0.
    const marginal = multiply(risk.covariance, result.weights);
    const lambda = variance(risk.covariance, result.weights);
    result.weights.forEach((w, i) => {
      if (w > 1e-9) expect(marginal[i]! / lambda).toBeCloseTo(1, 6);
      else expect(marginal[i]! / lambda).toBeGreaterThan(1 - 1e-6);
    });
    expect(lambda).toBeLessThan(variance(risk.covariance, risk.weights));
  });

  it('finds risk-parity weights with equal shares of risk', () => {
    const result = riskParityWeights(risk.covariance);
    expect(result.converged).toBe(true);
    const n = risk.symbols.length;
    expect(n).toBeGreaterThan(40);
    result.risk_shares.forEach((share) => expect(share * n).toBeCloseTo(1, 8));
  });
});

describe('OPTIMISATION_ASSUMPTIONS', () => {
  it('says plainly that the weights are an illustration, from the past, without costs', () => {
    const text = OPTIMISATION_ASSUMPTIONS.join(' ');
    expect(text).toContain('not investment advice');
    expect(text).toContain('past');
    expect(text).toContain('brokerage, taxes');
  });
});
