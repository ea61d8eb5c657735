import { band, conformalQuantile, ewmaVolatility, hasConformalRank, score, sortedConformalQuantile, widening } from './bands';
import { type Backtest, type BacktestPlan, type DailyClose, knownScores, planOrigins, runBacktest, splitOrigins } from './backtest';
import { loadLibraries } from './libraries';
import { type IntervalOutcome, coverage, mase, meanWinkler, relativeMae } from './metrics';
import { chooseModel } from './model-choice';
import { FIT_WINDOW, MODEL_NAMES, type ModelName, forecasters, predict } from './models';
import { type OriginUpdate, type StoredOrigin, originFingerprints, originUpdate, reusableOrigins } from './stored-origins';

export { MODEL_NAMES, type ModelName } from './models';

export type { DailyClose } from './backtest';

/** A symbol's walk-forward back-test at one horizon set: stored per symbol and data version, JSON-serialisable. */
export type Evaluation = {
  horizon: number;
  chosen: ModelName;
  /** Whether a challenger beat naive significantly on the validation window. */
  beats_naive: boolean;
  /**
   * Per model: per horizon (index h − 1) MAE of log prices on validation, and relative MAE and MASE on test; whether
   * it beat naive significantly on validation; and how its own bands, calibrated as the chosen model's are, held on test.
   */
  models: Record<ModelName, ModelEvaluation>;
  /** The chosen model on the test window; Winkler scores in log points × 100 (about percent of the price). */
  accuracy: {
    /** MAE over naive's MAE at the same horizon; h30 when the back-test reaches 30 trading days. */
    relative_mae: ReportedHorizons;
    /** Hyndman and Koehler's MASE: errors over the in-sample one-step naive MAE of each fit window. */
    mase: ReportedHorizons;
    coverage80: number;
    coverage95: number;
    winkler80: number;
    winkler95: number;
    /** Test origins. */
    origins: number;
    /** Forecasts checked: test origins × horizons. */
    tests: number;
    /** The first test origin's date and the date of the last bar checked. */
    test_window: { from: string; to: string };
  };
  /** Conformal quantiles of scaled errors per horizon (index h − 1) from every residual known at the last bar, widening. */
  calibration: { q80: number[]; q95: number[] };
  /** Origins where a library model failed and naive stood in, all models together. */
  fallbacks: number;
};

/** A figure at the horizons answers report. */
export type ReportedHorizons = { h1: number; h5: number; h10: number; h30?: number };

/** The reported horizons of a per-horizon series (index h − 1); h30 when it reaches 30 trading days. */
export const reportedHorizons = (values: readonly number[]): ReportedHorizons => ({
  h1: values[0],
  h5: values[4],
  h10: values[9],
  ...(values.length >= 30 ? { h30: values[29] } : {}),
});

/** One model's back-test on the evaluation's origins. */
export type ModelEvaluation = {
  validation_mae: number[];
  /** Test MAE of log prices over naive's at the same horizon: below 1, smaller errors than naive (naive: 1). */
  test_relative_mae: number[];
  /** Test MASE: each error over the in-sample one-step naive MAE of its fit window, averaged (naive: about √h). */
  test_mase: number[];
  beat_naive: boolean;
  test_coverage80: number;
  test_coverage95: number;
  /** Mean Winkler score of its 80 % band on test, log points × 100. */
  test_winkler80: number;
};

/** A forecast in rupees (2 decimals): the median path (exp of the log forecast) and the 80 % and 95 % bands. */
export type Forecast = {
  as_of: string;
  last_close: number;
  model: ModelName;
  horizon: number;
  forecast: number[];
  lower80: number[];
  upper80: number[];
  lower95: number[];
  upper95: number[];
};

/** Options of `evaluate`: trading days ahead (10..60), bars between origins, bars of the evaluation span. */
export type EvaluateOptions = { horizon?: number; stride?: number; span?: number };

/** The test window's figures per horizon (index h − 1) and the bands' coverage on validation, for reports. */
export type EvaluationDetail = {
  evaluation: Evaluation;
  perHorizon: { relative_mae: number[]; mase: number[]; coverage80: number[]; coverage95: number[]; winkler80: number[]; winkler95: number[] };
  /** The same rolling calibration run over validation origins with enough earlier residuals: chosen without the test window. */
  validationCoverage: { coverage80: number; coverage95: number; tests: number };
  /** Diebold–Mariano statistics against naive on validation. */
  statistic: Record<ModelName, number>;
  /** Origins where each library model failed and naive stood in. */
  fallbacks: Record<ModelName, number>;
  /** The origins to store for the next back-test, and the stored ones this one reused. */
  origins: OriginUpdate;
  ms: number;
};

export const DEFAULT_HORIZON = 10;
/** Five trading days: one origin a week keeps the back-test near 5 s per symbol. */
export const DEFAULT_STRIDE = 5;
/** About five years of trading days. */
export const DEFAULT_SPAN = 1250;
/** About one year: the shortest evaluation span (about 50 origins) whose two windows still hold 20 and 10 origins. */
export const MIN_SPAN = 250;
/** The least history an evaluation needs: a fit window before the first origin and the shortest evaluation span. */
export const MIN_HISTORY_BARS = FIT_WINDOW + MIN_SPAN;
/** The earlier share of origins, where the model is chosen; bands are reported on the later ones only. */
export const VALIDATION_SHARE = 0.6;
const MIN_VALIDATION_ORIGINS = 20;
const MIN_TEST_ORIGINS = 10;
const ALPHA80 = 0.2;
const ALPHA95 = 0.05;

/** Too little history: `minimum` closes are needed (MIN_HISTORY_BARS to evaluate, FIT_WINDOW to forecast). */
export class InsufficientHistoryError extends Error {
  constructor(
    readonly available: number,
    readonly minimum = MIN_HISTORY_BARS,
  ) {
    super(`At least ${minimum} daily closes are needed; the series has ${available}`);
    this.name = 'InsufficientHistoryError';
  }
}

/** Log closes of a validated series: dates strictly ascending, closes finite and positive. */
const logCloses = (series: readonly DailyClose[]): Float64Array => {
  const y = new Float64Array(series.length);
  series.forEach(({ date, close }, i) => {
    if (!(Number.isFinite(close) && close > 0)) throw new RangeError(`Close of ${date} is not a positive number: ${close}`);
    if (i > 0 && !(date > series[i - 1].date)) throw new RangeError(`Dates must ascend: ${series[i - 1].date} then ${date}`);
    y[i] = Math.log(close);
  });
  return y;
};

const positiveInteger = (name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`${name} must be an integer from ${min} to ${max}: ${value}`);
  return value;
};

/**
 * A model's calibrated quantiles for h = 1..H at every origin from the scores known there (those of origins o with
 * o + h ≤ the origin), widening; null while too few for both bands. Each horizon's known scores are a growing prefix
 * of the origins, kept sorted as they become known rather than sorted again at every origin.
 */
const rollingQuantiles = (backtest: Backtest, model: ModelName, alpha: number): Array<number[] | null> => {
  const { origins, horizon } = backtest;
  const perHorizon = Array.from({ length: horizon }, (_, k) => {
    const sorted = new Float64Array(origins.length);
    let known = 0;
    return origins.map((at) => {
      for (; origins[known] + k + 1 <= at; known++) {
        const value = score(backtest.errors[model][known][k], backtest.sigma[known], k + 1);
        let slot = known;
        for (; slot > 0 && sorted[slot - 1] > value; slot--) sorted[slot] = sorted[slot - 1];
        sorted[slot] = value;
      }
      return hasConformalRank(known, ALPHA95) ? sortedConformalQuantile(sorted, known, alpha) : null;
    });
  });
  return origins.map((_, i) => {
    const quantiles = perHorizon.map((values) => values[i]);
    return quantiles.every((q) => q !== null) ? widening(quantiles) : null;
  });
};

/** The bands at origin `i` from its calibrated quantiles, with the actual values. */
const outcomesAt = (backtest: Backtest, model: ModelName, quantiles: readonly number[], i: number, logPrices: Float64Array): IntervalOutcome[] => {
  const t = backtest.origins[i];
  return quantiles.map((q, k) => {
    const [lower, upper] = band(backtest.points[model][i][k], q, backtest.sigma[i], k + 1);
    return { actual: logPrices[t + k + 1], lower, upper };
  });
};

/**
 * `evaluate` with the per-horizon figures and diagnostics that reports print. The forecasts of `stored` origins whose
 * fingerprint still matches these closes are reused instead of fitted again, so the answer is the same as without them.
 */
export const evaluateInDetail = async (series: readonly DailyClose[], options: EvaluateOptions = {}, stored: readonly StoredOrigin[] = []): Promise<EvaluationDetail> => {
  const started = performance.now();
  const horizon = positiveInteger('horizon', options.horizon ?? DEFAULT_HORIZON, 10, 60);
  const stride = positiveInteger('stride', options.stride ?? DEFAULT_STRIDE, 1, 250);
  const span = positiveInteger('span', options.span ?? DEFAULT_SPAN, 1);
  const logPrices = logCloses(series);
  if (logPrices.length < MIN_HISTORY_BARS) throw new InsufficientHistoryError(logPrices.length);

  const plan: BacktestPlan = { horizon, stride, span, fitWindow: FIT_WINDOW };
  const sigma = ewmaVolatility(logPrices);
  const dates = series.map((point) => point.date);
  const planned = planOrigins(logPrices.length, plan, dates);
  const fingerprints = originFingerprints(series, planned, plan);
  const known = reusableOrigins(stored, dates, planned, fingerprints);
  const backtest = runBacktest(logPrices, sigma, forecasters(await loadLibraries()), plan, dates, known);
  const { validation, test } = splitOrigins(backtest.origins, horizon, VALIDATION_SHARE);
  if (validation.length < MIN_VALIDATION_ORIGINS || test.length < MIN_TEST_ORIGINS) {
    throw new RangeError(`span ${span} with stride ${stride} leaves ${validation.length} validation and ${test.length} test origins`);
  }

  const choice = chooseModel(backtest, validation, stride);
  const { chosen } = choice;
  const testErrors = (model: ModelName, k: number) => test.map((i) => backtest.errors[model][i][k]);
  const testScales = test.map((i) => backtest.scale[i]);
  const calibrated = new Map<string, Array<number[] | null>>();
  const byHorizon = (model: ModelName, alpha: number, positions: readonly number[]) => {
    const key = `${model}:${alpha}`;
    const quantiles = calibrated.get(key) ?? rollingQuantiles(backtest, model, alpha);
    calibrated.set(key, quantiles);
    const rows = Array.from({ length: horizon }, (): IntervalOutcome[] => []);
    for (const i of positions) {
      const q = quantiles[i];
      if (q) outcomesAt(backtest, model, q, i, logPrices).forEach((outcome, k) => rows[k].push(outcome));
    }
    return rows;
  };
  const all = (rows: IntervalOutcome[][]) => rows.flat();
  const modelEvaluation = (model: ModelName): ModelEvaluation => {
    const own80 = all(byHorizon(model, ALPHA80, test));
    return {
      validation_mae: choice.validationMae[model],
      test_relative_mae: Array.from({ length: horizon }, (_, k) => relativeMae(testErrors(model, k), testErrors('naive', k))),
      test_mase: Array.from({ length: horizon }, (_, k) => mase(testErrors(model, k), testScales)),
      beat_naive: choice.winners.includes(model),
      test_coverage80: coverage(own80),
      test_coverage95: coverage(all(byHorizon(model, ALPHA95, test))),
      test_winkler80: 100 * meanWinkler(own80, ALPHA80),
    };
  };
  const models = Object.fromEntries(MODEL_NAMES.map((model) => [model, modelEvaluation(model)])) as Evaluation['models'];

  const test80 = byHorizon(chosen, ALPHA80, test);
  const test95 = byHorizon(chosen, ALPHA95, test);
  const lastBar = logPrices.length - 1;
  const quantiles = (alpha: number) => widening(Array.from({ length: horizon }, (_, k) => conformalQuantile(knownScores(backtest, chosen, k + 1, lastBar), alpha)));
  const testRelativeMae = models[chosen].test_relative_mae;
  const testMase = models[chosen].test_mase;
  const firstTest = backtest.origins[test[0]];
  const lastTest = backtest.origins[test[test.length - 1]];

  const evaluation: Evaluation = {
    horizon,
    chosen,
    beats_naive: choice.beatsNaive,
    models,
    accuracy: {
      relative_mae: reportedHorizons(testRelativeMae),
      mase: reportedHorizons(testMase),
      coverage80: coverage(all(test80)),
      coverage95: coverage(all(test95)),
      winkler80: 100 * meanWinkler(all(test80), ALPHA80),
      winkler95: 100 * meanWinkler(all(test95), ALPHA95),
      origins: test.length,
      tests: all(test80).length,
      test_window: { from: series[firstTest].date, to: series[lastTest + horizon].date },
    },
    calibration: { q80: quantiles(ALPHA80), q95: quantiles(ALPHA95) },
    fallbacks: MODEL_NAMES.reduce((sum, model) => sum + backtest.fallbacks[model], 0),
  };
  const validation80 = all(byHorizon(chosen, ALPHA80, validation));
  const validation95 = all(byHorizon(chosen, ALPHA95, validation));
  return {
    evaluation,
    perHorizon: {
      relative_mae: testRelativeMae,
      mase: testMase,
      coverage80: test80.map((rows) => coverage(rows)),
      coverage95: test95.map((rows) => coverage(rows)),
      winkler80: test80.map((rows) => 100 * meanWinkler(rows, ALPHA80)),
      winkler95: test95.map((rows) => 100 * meanWinkler(rows, ALPHA95)),
    },
    validationCoverage: { coverage80: coverage(validation80), coverage95: coverage(validation95), tests: validation95.length },
    statistic: choice.statistic,
    fallbacks: backtest.fallbacks,
    origins: originUpdate(backtest, dates, fingerprints, known),
    ms: Math.round(performance.now() - started),
  };
};

/**
 * Walk-forward evaluation of every model on a symbol's adjusted closes: the model is chosen on the earlier 60 % of
 * origins and its accuracy and band coverage reported on the later ones. Throws InsufficientHistoryError below
 * MIN_HISTORY_BARS closes.
 */
export const evaluate = async (series: readonly DailyClose[], options: EvaluateOptions = {}): Promise<Evaluation> =>
  (await evaluateInDetail(series, options)).evaluation;

const rupees = (logPrice: number) => Math.round(Math.exp(logPrice) * 100) / 100;

/**
 * The live forecast for h = 1..horizon trading days after the last close, from the evaluation's chosen model fitted
 * on the last FIT_WINDOW bars and its calibrated bands. When the model fails, naive stands in and is named.
 */
export const forecast = async (series: readonly DailyClose[], evaluation: Evaluation, horizon: number): Promise<Forecast> => {
  positiveInteger('horizon', horizon, 1, evaluation.horizon);
  const logPrices = logCloses(series);
  if (logPrices.length < FIT_WINDOW) throw new InsufficientHistoryError(logPrices.length, FIT_WINDOW);
  const last = logPrices.length - 1;
  const sigma = ewmaVolatility(logPrices)[last];
  const model = forecasters(await loadLibraries())[evaluation.chosen];
  const { point, fellBack } = predict(model, logPrices.subarray(last - FIT_WINDOW + 1), horizon, sigma);
  const bands = (quantiles: readonly number[]) => Array.from(point, (value, k) => band(value, quantiles[k], sigma, k + 1));
  const b80 = bands(evaluation.calibration.q80);
  const b95 = bands(evaluation.calibration.q95);
  return {
    as_of: series[last].date,
    last_close: Math.round(series[last].close * 100) / 100,
    model: fellBack ? 'naive' : evaluation.chosen,
    horizon,
    forecast: Array.from(point, rupees),
    lower80: b80.map(([lower]) => rupees(lower)),
    upper80: b80.map(([, upper]) => rupees(upper)),
    lower95: b95.map(([lower]) => rupees(lower)),
    upper95: b95.map(([, upper]) => rupees(upper)),
  };
};
