import { NSE_CALENDAR } from '@nivesh/platform';
import { score } from './bands';
import { naiveStepMae } from './metrics';
import { type Forecaster, MODEL_NAMES, type ModelName, predict } from './models';

/** An adjusted close; series are in ascending date order. */
export type DailyClose = { date: string; close: number };

/** Where and how far the walk-forward back-test forecasts. */
export type BacktestPlan = {
  /** Trading days ahead (bars of the series' own calendar). */
  horizon: number;
  /** Bars between consecutive origins. */
  stride: number;
  /** Origins lie in the last `span` bars of the series. */
  span: number;
  /** Bars each fit reads: the origin's bar and those before it. */
  fitWindow: number;
};

/** Every model's forecasts and errors at every origin; the per-horizon arrays are indexed h − 1. */
export type Backtest = {
  horizon: number;
  /** Bar index of each origin, ascending. */
  origins: number[];
  /** Daily volatility known at each origin. */
  sigma: number[];
  /** In-sample MAE of the one-step naive forecast on each origin's fit window (log points): the scale of its MASE. */
  scale: number[];
  /** Log point forecasts, per model, per origin, per horizon. */
  points: Record<ModelName, Float64Array[]>;
  /** Actual minus forecast log price, per model, per origin, per horizon. */
  errors: Record<ModelName, Float64Array[]>;
  /** Origins where a library model failed and naive stood in, per model. */
  fallbacks: Record<ModelName, number>;
  /** The models that fell back to naive, per origin. */
  fellBack: ModelName[][];
};

/** One origin's forecasts as a later back-test reuses them: log points (h = 1..horizon) of the models it holds. */
export type OriginForecasts = {
  points: Partial<Record<ModelName, Float64Array>>;
  /** Those of its models that failed there and hold naive's forecast instead. */
  fellBack: readonly ModelName[];
};

/**
 * Origin bars, ascending, on a grid fixed to the first bar: every `stride` bars from the first full fit window
 * (bar fitWindow − 1), so a new bar adds at most one origin and never moves the others. Only origins in the last `span`
 * bars whose every horizon is known (up to end − horizon) count. With the bars' `dates`, an origin counts only when its
 * next `horizon` bars are the next `horizon` NSE sessions, so "h days ahead" is h sessions even where the data misses
 * a session.
 */
export const planOrigins = (bars: number, { horizon, stride, span, fitWindow }: BacktestPlan, dates?: readonly string[]): number[] => {
  const grid = fitWindow - 1;
  const first = grid + Math.ceil(Math.max(bars - span - grid, 0) / stride) * stride;
  const origins: number[] = [];
  for (let t = first; t + horizon <= bars - 1; t += stride) {
    if (!dates || NSE_CALENDAR.countBetween(dates[t]!, dates[t + horizon]!) === horizon) origins.push(t);
  }
  return origins;
};

/**
 * Walk-forward back-test with rolling origins and no look-ahead: at origin t each model is fitted on bars
 * t − fitWindow + 1 .. t and the volatility is that known at t; bars after t are read only to measure errors. The
 * forecasts `known` holds for an origin's bar are taken as they are (the caller vouches they were made on these
 * bars); the models it lacks are fitted.
 */
export const runBacktest = (
  logPrices: Float64Array,
  sigmaByBar: Float64Array,
  models: Record<ModelName, Forecaster>,
  plan: BacktestPlan,
  dates?: readonly string[],
  known: ReadonlyMap<number, OriginForecasts> = new Map(),
): Backtest => {
  const { horizon, fitWindow } = plan;
  const origins = planOrigins(logPrices.length, plan, dates);
  const perModel = <T>(make: () => T) => Object.fromEntries(MODEL_NAMES.map((name) => [name, make()])) as Record<ModelName, T>;
  const backtest: Backtest = {
    horizon,
    origins,
    sigma: origins.map((t) => sigmaByBar[t]),
    scale: origins.map((t) => naiveStepMae(logPrices.subarray(t - fitWindow + 1, t + 1))),
    points: perModel(() => []),
    errors: perModel(() => []),
    fallbacks: perModel(() => 0),
    fellBack: [],
  };
  for (const t of origins) {
    const window = logPrices.subarray(t - fitWindow + 1, t + 1);
    const stored = known.get(t);
    const fellBack: ModelName[] = [];
    for (const name of MODEL_NAMES) {
      const point = stored?.points[name];
      const forecast = point ? { point, fellBack: stored.fellBack.includes(name) } : predict(models[name], window, horizon, sigmaByBar[t]);
      if (forecast.fellBack) {
        backtest.fallbacks[name] += 1;
        fellBack.push(name);
      }
      backtest.points[name].push(forecast.point);
      backtest.errors[name].push(forecast.point.map((value, i) => logPrices[t + i + 1] - value));
    }
    backtest.fellBack.push(fellBack);
  }
  return backtest;
};

/**
 * Positions (in `origins`) of the validation window, the first `share` of the origins, and of the test window: the
 * origins at least `horizon` bars after the last validation origin, so that every error the choice reads is known
 * at the first test origin.
 */
export const splitOrigins = (origins: readonly number[], horizon: number, share = 0.6): { validation: number[]; test: number[] } => {
  const count = Math.floor(origins.length * share);
  const validation = origins.slice(0, count).map((_, i) => i);
  const lastValidation = count > 0 ? origins[count - 1] : Number.NEGATIVE_INFINITY;
  const test = origins.map((t, i) => (t >= lastValidation + horizon ? i : -1)).filter((i) => i >= count);
  return { validation, test };
};

/** Scores of `model` at horizon h that are known at bar `at`: from the origins o with o + h ≤ at. */
export const knownScores = (backtest: Backtest, model: ModelName, h: number, at: number): number[] => {
  const scores: number[] = [];
  backtest.origins.forEach((o, i) => {
    if (o + h <= at) scores.push(score(backtest.errors[model][i][h - 1], backtest.sigma[i], h));
  });
  return scores;
};
