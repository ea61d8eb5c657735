import { LogisticRegression } from './logistic-regression';

describe('LogisticRegression', () => {
  const examples = [
    { features: ['should', 'buy', 'ticker'], positive: true },
    { features: ['should', 'sell', 'ticker'], positive: true },
    { features: ['target', 'ticker'], positive: true },
    { features: ['what', 'is', 'rsi'], positive: false },
    { features: ['what', 'is', 'target', 'price'], positive: false },
    { features: ['how', 'does', 'sip', 'work'], positive: false },
  ];
  // Six examples need more passes than the guard's thousands.
  const fitted = () => new LogisticRegression({ epochs: 200 }).fit(examples);

  it('learns which features mark the positive class', () => {
    const model = fitted();
    expect(model.probability(['should', 'buy', 'ticker'])).toBeGreaterThan(0.8);
    expect(model.probability(['what', 'is', 'rsi'])).toBeLessThan(0.2);
  });

  it('weighs features against each other: a word seen on both sides decides nothing alone', () => {
    const model = fitted();
    const target = model.probability(['target']);
    expect(model.probability(['target', 'ticker'])).toBeGreaterThan(target);
    expect(model.probability(['what', 'is', 'target'])).toBeLessThan(target);
  });

  it('ignores features it never saw and counts a repeated feature once', () => {
    const model = fitted();
    expect(model.probability(['should', 'buy', 'zzqx'])).toBeCloseTo(model.probability(['should', 'buy']), 12);
    expect(model.probability(['should', 'should', 'buy'])).toBeCloseTo(model.probability(['should', 'buy']), 12);
  });

  it('gives the same model for the same examples and seed', () => {
    const a = fitted();
    const b = fitted();
    const otherSeed = new LogisticRegression({ epochs: 200, seed: 99 }).fit(examples);
    expect(a.probability(['target', 'price'])).toBe(b.probability(['target', 'price']));
    expect(otherSeed.probability(['target', 'price'])).not.toBe(a.probability(['target', 'price']));
  });

  it('with averaging, depends less on the order it saw the examples in', () => {
    // Noisy labels: the last steps of a plain fit swing with the shuffle; the mean of the late steps does not.
    const noisy = Array.from({ length: 400 }, (_, i) => ({ features: [`a${i % 3}`, `b${i % 5}`, `c${i % 7}`], positive: (i * 7919) % 10 < 4 + (i % 3) }));
    const spread = (average: boolean) => {
      const probabilities = [1, 2, 3, 4, 5].map((seed) => new LogisticRegression({ epochs: 6, rate: 0.1, seed, average }).fit(noisy).probability(['a0', 'b1', 'c2']));
      return Math.max(...probabilities) - Math.min(...probabilities);
    };
    expect(spread(true)).toBeLessThan(spread(false) / 2);
  });

  it('answers 0.5 before it is fitted', () => {
    expect(new LogisticRegression().probability(['anything'])).toBe(0.5);
  });
});
