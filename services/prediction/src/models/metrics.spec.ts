import { coverage, dieboldMariano, mase, meanAbsoluteError, meanWinkler, naiveStepMae, relativeMae, winkler } from './metrics';
import { normal } from './testing/random-walk';

describe('meanAbsoluteError', () => {
  it('averages absolute errors', () => {
    expect(meanAbsoluteError([1, -2, 3])).toBe(2);
    expect(meanAbsoluteError([])).toBeNaN();
  });
});

describe('relativeMae', () => {
  it("divides the model's MAE by naive's over the same origins", () => {
    // model: (1 + 1 + 2 + 0) / 4 = 1; naive: (2 + 2 + 2 + 2) / 4 = 2
    expect(relativeMae([1, -1, 2, 0], [2, -2, 2, 2])).toBe(0.5);
    expect(relativeMae([3, -3], [2, 2])).toBe(1.5);
  });

  it('is 1 when both are exact and Infinity when only naive is', () => {
    expect(relativeMae([0, 0], [0, 0])).toBe(1);
    expect(relativeMae([0.1, 0], [0, 0])).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses errors of different origins', () => {
    expect(() => relativeMae([1, 2], [1])).toThrow(RangeError);
  });
});

describe('naiveStepMae', () => {
  it('averages the absolute one-step changes of the window', () => {
    // |2 − 1|, |0 − 2|, |3 − 0| = 1, 2, 3
    expect(naiveStepMae([1, 2, 0, 3])).toBe(2);
    expect(naiveStepMae([5])).toBeNaN();
  });
});

describe('mase', () => {
  it('scales each error by the one-step naive MAE of its own fit window, then averages', () => {
    // |0.2| / 0.1 = 2 and |−0.3| / 0.3 = 1
    expect(mase([0.2, -0.3], [0.1, 0.3])).toBeCloseTo(1.5, 12);
  });

  it("is about √h for the no-change forecast of a random walk: h steps' moves against one step's", () => {
    const draw = normal(11);
    const steps = Array.from({ length: 200_000 }, () => 0.01 * draw());
    const path = [0];
    for (const step of steps) path.push(path.at(-1)! + step);
    const typicalDay = naiveStepMae(path);
    for (const h of [1, 5, 10]) {
      const errors = Array.from({ length: steps.length / h }, (_, i) => steps.slice(i * h, i * h + h).reduce((sum, step) => sum + step, 0));
      expect(mase(errors, errors.map(() => typicalDay))).toBeCloseTo(Math.sqrt(h), 1);
    }
  });

  it('counts an exact forecast on a flat window as 0 and an inexact one as Infinity', () => {
    expect(mase([0, 0.1], [0, 0.1])).toBe(0.5);
    expect(mase([0.1], [0])).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses errors without their scales', () => {
    expect(() => mase([1, 2], [1])).toThrow(RangeError);
  });
});

describe('coverage', () => {
  it('counts actual values inside their closed interval', () => {
    const outcomes = [
      { actual: 5, lower: 4, upper: 6 },
      { actual: 4, lower: 4, upper: 6 },
      { actual: 7, lower: 4, upper: 6 },
      { actual: 3, lower: 4, upper: 6 },
    ];
    expect(coverage(outcomes)).toBe(0.5);
    expect(coverage([])).toBeNaN();
  });
});

describe('winkler', () => {
  it('is the width when the interval holds', () => {
    expect(winkler({ actual: 5, lower: 4, upper: 6 }, 0.2)).toBe(2);
  });

  it('adds 2/alpha times the miss', () => {
    // below: 2 + (2 / 0.2) × 1 = 12; above: 2 + 10 × 0.5 = 7; alpha 0.05 below: 2 + 40 × 1 = 42
    expect(winkler({ actual: 3, lower: 4, upper: 6 }, 0.2)).toBeCloseTo(12, 12);
    expect(winkler({ actual: 6.5, lower: 4, upper: 6 }, 0.2)).toBeCloseTo(7, 12);
    expect(winkler({ actual: 3, lower: 4, upper: 6 }, 0.05)).toBeCloseTo(42, 12);
  });

  it('averages over outcomes', () => {
    const outcomes = [
      { actual: 5, lower: 4, upper: 6 },
      { actual: 3, lower: 4, upper: 6 },
    ];
    expect(meanWinkler(outcomes, 0.05)).toBeCloseTo(22, 12);
  });
});

describe('dieboldMariano', () => {
  const differentials = [-1, 1, -1, 1, -2];

  it('is the mean over its standard error without lags', () => {
    // mean -0.4; squared deviations 0.36 + 1.96 + 0.36 + 1.96 + 2.56 = 7.2, variance 1.44; -0.4 / sqrt(1.44 / 5)
    expect(dieboldMariano(differentials, 0)).toBeCloseTo(-0.745356, 6);
  });

  it('adds Bartlett-weighted autocovariances', () => {
    // lag-1 autocovariance (-0.84 - 0.84 - 0.84 - 2.24) / 5 = -0.952; variance 1.44 + 2 × 0.5 × -0.952 = 0.488
    expect(dieboldMariano(differentials, 1)).toBeCloseTo(-0.4 / Math.sqrt(0.488 / 5), 10);
    expect(dieboldMariano(differentials, 1)).toBeCloseTo(-1.280369, 6);
  });

  it('handles differentials without variance', () => {
    expect(dieboldMariano([0, 0, 0], 1)).toBe(0);
    expect(dieboldMariano([-0.5, -0.5, -0.5], 1)).toBe(Number.NEGATIVE_INFINITY);
    expect(dieboldMariano([-1], 1)).toBe(0);
  });
});
