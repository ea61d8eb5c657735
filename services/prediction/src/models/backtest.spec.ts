import { band, conformalQuantile, ewmaVolatility } from './bands';
import { type Backtest, type OriginForecasts, knownScores, planOrigins, runBacktest, splitOrigins } from './backtest';
import { loadLibraries } from './libraries';
import { type Forecaster, forecasters, MODEL_NAMES, type ModelName, naive } from './models';
import { randomWalk, uniform } from './testing/random-walk';

describe('planOrigins', () => {
  it('places origins every stride bars from the first full fit window, those within the span with every horizon known', () => {
    // 20 bars, horizon 3: the last origin is bar 16; span 12 starts at bar 8
    expect(planOrigins(20, { horizon: 3, stride: 4, span: 12, fitWindow: 5 })).toEqual([8, 12, 16]);
    // a span longer than the history starts at the first full fit window (bar 4)
    expect(planOrigins(20, { horizon: 3, stride: 4, span: 100, fitWindow: 5 })).toEqual([4, 8, 12, 16]);
    // one bar more: bar 17 is off the grid and span 12 now starts at bar 9, so the first origin is bar 12
    expect(planOrigins(21, { horizon: 3, stride: 4, span: 12, fitWindow: 5 })).toEqual([12, 16]);
  });

  it('adds at most one origin with each new bar and never moves the others; those leaving the span drop off', () => {
    const plan = { horizon: 10, stride: 5, span: 160, fitWindow: 500 };
    for (let bars = 660; bars < 760; bars++) {
      const before = planOrigins(bars, plan);
      const after = planOrigins(bars + 1, plan);
      const added = after.filter((t) => !before.includes(t));
      const dropped = before.filter((t) => !after.includes(t));
      expect(added.length).toBeLessThanOrEqual(1);
      // the new origin is the bar whose last horizon the new bar completes
      expect(added.every((t) => t === bars - plan.horizon)).toBe(true);
      expect(dropped.every((t) => t < bars + 1 - plan.span)).toBe(true);
      expect(after.every((t) => (t - (plan.fitWindow - 1)) % plan.stride === 0)).toBe(true);
    }
  });

  it('keeps an origin only when its next bars are the next NSE sessions: a session missing from the data drops the origins that would span it', () => {
    // 11 May 2021 was a session that the stocks' data lacks; 13 May (Id-Ul-Fitr) was a holiday.
    const dates = ['2021-05-03', '2021-05-04', '2021-05-05', '2021-05-06', '2021-05-07', '2021-05-10', '2021-05-12', '2021-05-14', '2021-05-17', '2021-05-18'];
    const plan = { horizon: 2, stride: 1, span: 100, fitWindow: 1 };
    expect(planOrigins(dates.length, plan)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // From 7 May two bars ahead is 12 May, three sessions on; from 10 May, 14 May, also three.
    expect(planOrigins(dates.length, plan, dates)).toEqual([0, 1, 2, 3, 6, 7]);
  });
});

describe('runBacktest with stored forecasts', () => {
  /** Naive's forecast, counting its fits. */
  const counting = () => {
    const fit: Forecaster & { calls: number } = Object.assign((window: Float64Array, horizon: number) => {
      fit.calls += 1;
      return naive(window, horizon);
    }, { calls: 0 });
    return fit;
  };
  const modelsWith = (ets: Forecaster) => ({ naive, drift: naive, holt: naive, arima: naive, ets }) as Record<ModelName, Forecaster>;
  const plan = { horizon: 5, stride: 5, span: 200, fitWindow: 500 };
  const logPrices = Float64Array.from(randomWalk(700, { seed: 3 }), ({ close }) => Math.log(close));
  const sigma = ewmaVolatility(logPrices);

  it('takes the stored forecasts of an origin as they are and fits only the origins without them', () => {
    const full = runBacktest(logPrices, sigma, modelsWith(counting()), plan);
    const stored = new Map<number, OriginForecasts>(full.origins.slice(0, -1).map((t, i) => [t, { points: { ets: full.points.ets[i] }, fellBack: [] }]));
    const fit = counting();
    const incremental = runBacktest(logPrices, sigma, modelsWith(fit), plan, undefined, stored);
    expect(fit.calls).toBe(1);
    expect(incremental.points).toEqual(full.points);
    expect(incremental.errors).toEqual(full.errors);
  });

  it("counts a stored origin's fallbacks as its own", () => {
    const [first] = planOrigins(logPrices.length, plan);
    const fellBack = { points: { ets: new Float64Array(plan.horizon).fill(logPrices[first]) }, fellBack: ['ets'] as ModelName[] };
    const backtest = runBacktest(logPrices, sigma, modelsWith(counting()), plan, undefined, new Map([[first, fellBack]]));
    expect(backtest.fallbacks.ets).toBe(1);
    expect(backtest.fellBack[0]).toEqual(['ets']);
    expect(backtest.fellBack.slice(1).flat()).toEqual([]);
  });
});

describe('splitOrigins', () => {
  it('leaves out the origins whose validation errors are not yet known', () => {
    const origins = [10, 15, 20, 25, 30, 35, 40, 45, 50, 55];
    // validation: the first 6 (last at bar 35, errors up to bar 45); test: origins from bar 45 on
    expect(splitOrigins(origins, 10)).toEqual({ validation: [0, 1, 2, 3, 4, 5], test: [7, 8, 9] });
  });
});

describe('knownScores', () => {
  it('reads only errors whose actual value is known at the bar', () => {
    const errors = [Float64Array.from([0.01, 0.02]), Float64Array.from([-0.03, 0.04]), Float64Array.from([0.05, -0.06])];
    const backtest = {
      horizon: 2,
      origins: [10, 12, 14],
      sigma: [0.01, 0.01, 0.02],
      errors: Object.fromEntries(MODEL_NAMES.map((name) => [name, errors])),
    } as unknown as Backtest;
    // h = 2 at bar 14: origins 10 and 12 (10 + 2, 12 + 2 <= 14); scores |e| / (sigma × sqrt 2)
    const scores = knownScores(backtest, 'naive', 2, 14);
    expect(scores).toHaveLength(2);
    expect(scores[0]).toBeCloseTo(0.02 / (0.01 * Math.SQRT2), 12);
    expect(scores[1]).toBeCloseTo(0.04 / (0.01 * Math.SQRT2), 12);
    // h = 1 at bar 14: origin 14 + 1 > 14 is not known yet
    expect(knownScores(backtest, 'naive', 1, 14)).toHaveLength(2);
    expect(knownScores(backtest, 'naive', 1, 15)).toHaveLength(3);
  });
});

describe('no look-ahead', () => {
  it('gives the same forecasts, volatility and band quantiles at every origin up to t when the bars after t are garbage', async () => {
    const models = forecasters(await loadLibraries());
    const plan = { horizon: 10, stride: 5, span: 160, fitWindow: 500 };
    const logPrices = Float64Array.from(randomWalk(700, { seed: 11 }), ({ close }) => Math.log(close));
    const origins = planOrigins(logPrices.length, plan);
    const t = origins[Math.floor(origins.length / 2)];
    const random = uniform(99);
    const garbage = logPrices.map((value, bar) => (bar > t ? Math.log(1 + random() * 1e6) : value));

    const clean = runBacktest(logPrices, ewmaVolatility(logPrices), models, plan);
    const spoiled = runBacktest(garbage, ewmaVolatility(garbage), models, plan);

    const upTo = clean.origins.filter((origin) => origin <= t).length;
    expect(upTo).toBeGreaterThan(10);
    expect(spoiled.origins).toEqual(clean.origins);
    expect(spoiled.sigma.slice(0, upTo)).toEqual(clean.sigma.slice(0, upTo));
    for (const name of MODEL_NAMES) {
      expect(spoiled.points[name].slice(0, upTo)).toEqual(clean.points[name].slice(0, upTo));
      clean.origins.slice(0, upTo).forEach((origin, i) => {
        for (let h = 1; h <= plan.horizon; h++) {
          const scores = knownScores(clean, name, h, origin);
          expect(knownScores(spoiled, name, h, origin)).toEqual(scores);
          if (scores.length === 0) continue;
          const width = (backtest: Backtest) => band(0, conformalQuantile(knownScores(backtest, name, h, origin), 0.05), backtest.sigma[i], h);
          expect(width(spoiled)).toEqual(width(clean));
        }
      });
    }
    // and the garbage did reach the later origins
    expect(spoiled.points.naive[upTo]).not.toEqual(clean.points.naive[upTo]);
  });
});
