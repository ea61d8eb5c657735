import { loadLibraries } from './libraries';
import { type Forecaster, drift, forecasters, naive, predict } from './models';
import { randomWalk } from './testing/random-walk';

const logs = (closes: readonly number[]) => Float64Array.from(closes, Math.log);

describe('baselines', () => {
  it('naive repeats the last value', () => {
    expect(Array.from(naive(Float64Array.from([1, 2, 3]), 3))).toEqual([3, 3, 3]);
  });

  it("drift adds h times the window's mean step", () => {
    // slope (4 - 1) / 2 = 1.5
    expect(Array.from(drift(Float64Array.from([1, 2, 4]), 2))).toEqual([5.5, 7]);
  });
});

describe('predict', () => {
  const window = Float64Array.from([1, 1.01, 1.02]);

  it("answers the model's forecast when it is plausible", () => {
    const model: Forecaster = (_, horizon) => new Float64Array(horizon).fill(1.03);
    expect(predict(model, window, 2, 0.01)).toEqual({ point: Float64Array.from([1.03, 1.03]), fellBack: false });
  });

  it('falls back to naive when the model throws, answers a non-finite value or moves implausibly far', () => {
    const throws: Forecaster = () => {
      throw new Error('no model found');
    };
    const nan: Forecaster = (_, horizon) => new Float64Array(horizon).fill(Number.NaN);
    // 0.5 log points in a day is 50 daily standard deviations of 1 %
    const far: Forecaster = (_, horizon) => new Float64Array(horizon).fill(1.52);
    const short: Forecaster = () => new Float64Array(1).fill(1.02);
    for (const model of [throws, nan, far, short]) {
      expect(predict(model, window, 2, 0.01)).toEqual({ point: Float64Array.from([1.02, 1.02]), fellBack: true });
    }
  });
});

describe('library models', () => {
  it('forecast a random walk near its last value with ETS, Holt and ARIMA(0,1,1)', async () => {
    const models = forecasters(await loadLibraries());
    const window = logs(randomWalk(500, { seed: 7 }).map(({ close }) => close));
    const last = window[window.length - 1];
    for (const name of ['ets', 'holt', 'arima'] as const) {
      const { point, fellBack } = predict(models[name], window, 30, 0.015);
      expect(fellBack).toBe(false);
      expect(point).toHaveLength(30);
      // a random walk has no trend worth following: within 3 daily standard deviations × sqrt(30) of the last value
      expect(Math.abs(point[29] - last)).toBeLessThan(3 * 0.015 * Math.sqrt(30));
    }
  });

  it('follow a steady trend where naive cannot', async () => {
    const models = forecasters(await loadLibraries());
    const window = logs(randomWalk(500, { seed: 3, drift: 0.004, sigma: 0.002 }).map(({ close }) => close));
    const last = window[window.length - 1];
    for (const name of ['holt', 'drift'] as const) {
      expect(models[name](window, 10)[9] - last).toBeCloseTo(0.04, 1);
    }
  });
});
