import type { Backtest } from './backtest';
import { chooseModel } from './model-choice';
import { MODEL_NAMES, type ModelName } from './models';

const ORIGINS = 60;
const positions = Array.from({ length: ORIGINS }, (_, i) => i);

/** A back-test whose naive errors alternate ±1 % at both horizons; other models' errors are naive's scaled. */
const backtest = (scale: Partial<Record<ModelName, (i: number) => number>>): Backtest => {
  const naive = positions.map((i) => Float64Array.from([0.01, 0.01], (e) => (i % 2 ? e : -e)));
  const errors = Object.fromEntries(MODEL_NAMES.map((name) => [name, naive.map((row, i) => row.map((e) => e * (scale[name]?.(i) ?? 1)))]));
  return { horizon: 2, origins: positions.map((i) => 500 + 5 * i), errors } as unknown as Backtest;
};

describe('chooseModel', () => {
  it('chooses the challenger with the lowest validation MAE among those that beat naive significantly', () => {
    const choice = chooseModel(backtest({ drift: () => 0.8, arima: (i) => (i % 3 ? 0.5 : 0.7), holt: () => 1.2 }), positions, 5);
    expect(choice.chosen).toBe('arima');
    expect(choice.beatsNaive).toBe(true);
    expect(choice.validationMae.naive[0]).toBeCloseTo(0.01, 12);
    expect(choice.validationMae.holt[0]).toBeCloseTo(0.012, 12);
    expect(choice.statistic.drift).toBe(Number.NEGATIVE_INFINITY);
    expect(choice.statistic.holt).toBe(Number.POSITIVE_INFINITY);
    expect(choice.statistic.ets).toBe(0);
  });

  it('keeps naive when the lowest validation MAE is not significantly lower', () => {
    // ets is better at one origin only: its MAE is lower, but by a margin noise explains (statistic about -1)
    const choice = chooseModel(backtest({ ets: (i) => (i === 7 ? 0.5 : 1), holt: () => 1.1 }), positions, 5);
    expect(choice.validationMae.ets[0]).toBeLessThan(choice.validationMae.naive[0]);
    expect(choice.statistic.ets).toBeGreaterThan(-2);
    expect(choice).toMatchObject({ chosen: 'naive', beatsNaive: false });
  });

  it('reads validation origins only', () => {
    const choice = chooseModel(backtest({ drift: (i) => (i < 30 ? 1.5 : 0.1) }), positions.slice(0, 30), 5);
    expect(choice.chosen).toBe('naive');
  });
});
