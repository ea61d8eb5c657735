import type { Libraries } from './libraries';

/** The forecasters TrendVision compares: two baselines and three models from maintained libraries. */
export const MODEL_NAMES = ['naive', 'drift', 'ets', 'holt', 'arima'] as const;
export type ModelName = (typeof MODEL_NAMES)[number];

/**
 * The models a library fits, at 0.5 to 15 ms an origin: a back-test stores their forecasts per origin for the next
 * one. The baselines are closed-form and computed again.
 */
export const FITTED_MODELS = ['ets', 'holt', 'arima'] as const satisfies readonly ModelName[];

/**
 * Bars each fit reads: the last 500 before the origin (about two years). Long enough for stable smoothing
 * parameters and a drift estimate, short enough to follow a changed regime and to keep a fit near 10 ms.
 */
export const FIT_WINDOW = 500;

/** Point forecasts of log prices for h = 1..horizon from a window of log prices (oldest first). */
export type Forecaster = (window: Float64Array, horizon: number) => Float64Array;

/** Random walk: every step is the last value. */
export const naive: Forecaster = (window, horizon) => new Float64Array(horizon).fill(window[window.length - 1]);

/** Random walk with drift: the last value plus h times the window's mean daily log return. */
export const drift: Forecaster = (window, horizon) => {
  const n = window.length;
  const last = window[n - 1];
  const slope = n > 1 ? (last - window[0]) / (n - 1) : 0;
  return Float64Array.from({ length: horizon }, (_, i) => last + slope * (i + 1));
};

// 'ANN' (simple exponential smoothing) fails upstream in augurs 0.10; 'ZZN' searches the non-seasonal ETS family.
const ets =
  ({ AutoETS }: Libraries, spec: 'ZZN' | 'AAN'): Forecaster =>
  (window, horizon) => {
    const model = new AutoETS(1, spec);
    try {
      model.fit(window);
      return Float64Array.from(model.predict(horizon).point);
    } finally {
      model.free();
    }
  };

// ARIMA(0,1,1) only: in arima 0.2.8, (0,1,0) and the auto search return all-zero forecasts on random walks.
const arima =
  ({ ARIMA }: Libraries): Forecaster =>
  (window, horizon) => {
    const model = new ARIMA({ p: 0, d: 1, q: 1, verbose: false });
    try {
      model.train(Array.from(window));
      return Float64Array.from(model.predict(horizon)[0]);
    } finally {
      model.destroy();
    }
  };

/** Every forecaster, the library ones bound to loaded libraries. */
export const forecasters = (libraries: Libraries): Record<ModelName, Forecaster> => ({
  naive,
  drift,
  ets: ets(libraries, 'ZZN'),
  holt: ets(libraries, 'AAN'),
  arima: arima(libraries),
});

/** Farther than this many daily standard deviations (times √h) from the last price, a forecast is a failed fit. */
export const IMPLAUSIBLE_MOVE = 10;

/**
 * A model's forecast, or naive's (`fellBack`) when the model throws, answers a non-finite value or moves more than
 * IMPLAUSIBLE_MOVE × sigma × √h from the last value (sigma: the daily volatility known at the origin).
 */
export const predict = (forecaster: Forecaster, window: Float64Array, horizon: number, sigma: number): { point: Float64Array; fellBack: boolean } => {
  const last = window[window.length - 1];
  try {
    const point = forecaster(window, horizon);
    const plausible = point.length === horizon && point.every((value, i) => Number.isFinite(value) && Math.abs(value - last) <= IMPLAUSIBLE_MOVE * sigma * Math.sqrt(i + 1));
    if (plausible) return { point, fellBack: false };
  } catch {
    // counted as a fallback by the caller
  }
  return { point: naive(window, horizon), fellBack: true };
};
