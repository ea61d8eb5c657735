import { band, conformalQuantile, ewmaVolatility, hasConformalRank, score, widening } from './bands';

describe('ewmaVolatility', () => {
  it('updates the variance with each squared log return', () => {
    // returns 0.1, 0, 0.2 with lambda 0.5: variances 0.01, 0.005, 0.5 × 0.005 + 0.5 × 0.04 = 0.0225
    const sigma = ewmaVolatility(Float64Array.from([0, 0.1, 0.1, 0.3]), 0.5);
    expect(sigma[0]).toBe(1e-6);
    expect(sigma[1]).toBeCloseTo(0.1, 12);
    expect(sigma[2]).toBeCloseTo(Math.sqrt(0.005), 12);
    expect(sigma[3]).toBeCloseTo(0.15, 12);
  });

  it('reads no bar after the one it is for', () => {
    const a = ewmaVolatility(Float64Array.from([0, 0.01, -0.02, 0.03, 0.01]));
    const b = ewmaVolatility(Float64Array.from([0, 0.01, -0.02, 9, -9]));
    expect(Array.from(b.subarray(0, 3))).toEqual(Array.from(a.subarray(0, 3)));
  });
});

describe('conformalQuantile', () => {
  const shuffled = (n: number) => Array.from({ length: n }, (_, i) => ((i * 7) % n) + 1);

  it('takes the ceil((n + 1)(1 - alpha))-th smallest score', () => {
    // n = 9, alpha 0.2: rank ceil(10 × 0.8) = 8; n = 19, alpha 0.05: rank ceil(20 × 0.95) = 19
    expect(conformalQuantile(shuffled(9), 0.2)).toBe(8);
    expect(conformalQuantile(shuffled(19), 0.05)).toBe(19);
    expect(conformalQuantile(shuffled(100), 0.2)).toBe(81);
    expect(hasConformalRank(19, 0.05)).toBe(true);
  });

  it('falls back to the largest score when the rank is beyond the scores', () => {
    // n = 9, alpha 0.05: rank ceil(9.5) = 10 > 9
    expect(hasConformalRank(9, 0.05)).toBe(false);
    expect(conformalQuantile(shuffled(9), 0.05)).toBe(9);
    expect(conformalQuantile([], 0.2)).toBeNaN();
  });
});

describe('score and band', () => {
  it('scale errors by the volatility known at the origin times the square root of h', () => {
    expect(score(-0.04, 0.01, 4)).toBeCloseTo(2, 12);
    const [lower, upper] = band(1, 2, 0.01, 4);
    expect(lower).toBeCloseTo(0.96, 12);
    expect(upper).toBeCloseTo(1.04, 12);
  });
});

describe('widening', () => {
  it('keeps the half-width q × sqrt(h) from narrowing', () => {
    // half-widths 1, 0.6 × sqrt(2) = 0.85 (raised to 1), 1 × sqrt(3) = 1.73
    const [q1, q2, q3] = widening([1, 0.6, 1]);
    expect(q1).toBe(1);
    expect(q2 * Math.sqrt(2)).toBeCloseTo(1, 12);
    expect(q3).toBeCloseTo(1, 12);
  });
});
