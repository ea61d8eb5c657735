import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc, systemPatterns } from '../rpc';
import { EmptyQuerySchema } from './market';
import { TickerSchema, withOptionalCaller } from './common';
import { ResearchAnalystSchema } from './compliance';
import { PREDICTION_PATHS } from '../values/prediction';

const TAG = 'prediction';

/** Trading days TrendVision forecasts: taken from the data's own calendar (bars), not calendar days. */
export const PREDICTION_DEFAULT_HORIZON_DAYS = 10;
/** The longest forecast free to everyone; beyond it the horizon is a premium tool (PREMIUM_TOOLS.trendvisionLongHorizon). */
export const PREDICTION_FREE_HORIZON_DAYS = 10;
/** The premium horizon: 30 trading days, with every model's back-test side by side. */
export const PREDICTION_PREMIUM_HORIZON_DAYS = 30;
export const PREDICTION_MAX_HORIZON_DAYS = PREDICTION_PREMIUM_HORIZON_DAYS;
/** The horizons whose back-tested accuracy every answer reports; premium answers add 30. */
export const PREDICTION_REPORTED_HORIZONS = [1, 5, 10] as const;

/** The forecasters TrendVision compares: two baselines and three models from maintained libraries. */
export const FORECAST_MODELS = ['naive', 'drift', 'ets', 'holt', 'arima'] as const;
export const ForecastModelSchema = z.enum(FORECAST_MODELS);
export type ForecastModel = z.infer<typeof ForecastModelSchema>;

/** Each model's name for people. */
export const FORECAST_MODEL_NAMES: Record<ForecastModel, string> = {
  naive: 'No change (naive)',
  drift: 'Random walk with drift',
  ets: 'Exponential smoothing (AutoETS)',
  holt: "Holt's linear trend (ETS)",
  arima: 'ARIMA(0,1,1)',
};

const IsoDate = z.iso.date();
const Rupees = z.number().nonnegative();

// ---- bodies ---------------------------------------------------------------------------------

export const PredictRequestSchema = z.object({
  ticker: TickerSchema,
  /**
   * Trading days to forecast; the specification's client sends only the ticker. Beyond PREDICTION_FREE_HORIZON_DAYS
   * the forecast is a premium tool.
   */
  horizon_days: z
    .number()
    .int()
    .min(1)
    .max(PREDICTION_MAX_HORIZON_DAYS, { error: `Forecasts reach at most ${PREDICTION_MAX_HORIZON_DAYS} trading days ahead` })
    .default(PREDICTION_DEFAULT_HORIZON_DAYS),
});
export type PredictRequest = z.infer<typeof PredictRequestSchema>;

/** An error figure at 1, 5 and 10 trading days, and at 30 on the premium horizon's back-test. */
const ByHorizonSchema = z.object({
  h1: z.number().nonnegative(),
  h5: z.number().nonnegative(),
  h10: z.number().nonnegative(),
  h30: z.number().nonnegative().optional(),
});

/**
 * How the served forecast fared on past data: a walk-forward back-test with rolling origins, the model chosen on an
 * earlier validation window and measured on a later test window it never saw.
 */
export const ForecastAccuracySchema = z.object({
  /**
   * Relative MAE at 1, 5 and 10 trading days: the model's mean absolute error (of log prices) divided by the naive
   * forecast's ("no change") at the same horizon over the same test origins. Below 1: smaller errors than naive; the
   * naive forecast's own is 1.
   */
  relative_mae: ByHorizonSchema,
  /**
   * MASE (Hyndman and Koehler, 2006) at 1, 5 and 10 trading days: each test error of log prices divided by the mean
   * absolute one-day move over the 500 bars its forecast was fitted on, averaged. It says how large the errors are
   * against a typical day's move: the naive forecast's is about 1 at 1 day and about 3 at 10 days on a random walk.
   */
  mase: ByHorizonSchema,
  /** Share of test forecasts (every origin and horizon) whose actual close fell inside the 80 % band, 0..1. */
  coverage80: z.number().min(0).max(1),
  /** The same for the 95 % band. */
  coverage95: z.number().min(0).max(1),
  /** Forecast origins in the test window. */
  origins: z.number().int().nonnegative(),
  /** Forecasts checked against actual closes (origins × horizons). */
  tests: z.number().int().nonnegative(),
  test_window: z.object({ from: IsoDate, to: IsoDate }),
  /** Whether any model beat the naive forecast on the validation window; when none did, the naive forecast is served. */
  beats_naive: z.boolean(),
});
export type ForecastAccuracy = z.infer<typeof ForecastAccuracySchema>;

/**
 * One model's walk-forward back-test on the same origins as the served one (premium): its relative MAE and MASE on the
 * test window, as in ForecastAccuracySchema, and how often its own bands, calibrated the same way, held.
 */
export const ModelBacktestSchema = z.object({
  model: ForecastModelSchema,
  model_name: z.string(),
  /** The model this answer's forecast comes from. */
  served: z.boolean(),
  /** Whether it beat naive significantly on the validation window (naive: false). */
  beat_naive_on_validation: z.boolean(),
  relative_mae: ByHorizonSchema,
  mase: ByHorizonSchema,
  coverage80: z.number().min(0).max(1),
  coverage95: z.number().min(0).max(1),
  /** Mean Winkler score of the 80 % band, in log points × 100 (about percent of the price): lower is better. */
  winkler80: z.number().nonnegative(),
});
export type ModelBacktest = z.infer<typeof ModelBacktestSchema>;

/**
 * TrendVision forecast: `forecast[i]` is the estimated close (rupees, the median of the forecast distribution) of
 * trading day i + 1 after `as_of`, on prices adjusted for corporate actions; the bands have the same length. `dates`
 * are the NSE sessions after `as_of` on the platform's trading calendar (holidays skipped, special sessions kept).
 */
/**
 * What became of a forecast shown as an illustration (the `education` profile): each forecast day's actual close so
 * far, and whether it fell inside each band.
 */
export const ForecastOutcomeSchema = z.object({
  /** The market's latest close the outcome runs through. */
  through: IsoDate,
  /** Per forecast day (as `dates`), the actual close; null for a day still to come. */
  actual: z.array(Rupees.nullable()),
  inside80: z.array(z.boolean().nullable()),
  inside95: z.array(z.boolean().nullable()),
  /** Forecast days with an actual close, and how many of them fell inside each band. */
  days: z.number().int().nonnegative(),
  hits80: z.number().int().nonnegative(),
  hits95: z.number().int().nonnegative(),
});
export type ForecastOutcome = z.infer<typeof ForecastOutcomeSchema>;

/**
 * Under the `education` compliance profile a forecast is an illustration: made as it would have been `lag_days` or more
 * before the latest prices, from none of the bars after `cutoff`, and shown beside what happened since.
 */
export const ForecastIllustrationSchema = z.object({
  lag_days: z.number().int().positive(),
  /** The market's latest bar for the stock. */
  latest: IsoDate,
  /** latest − lag_days: the forecast and its back-test read no bar after it. */
  cutoff: IsoDate,
  outcome: ForecastOutcomeSchema,
});
export type ForecastIllustration = z.infer<typeof ForecastIllustrationSchema>;

export const PredictResponseSchema = z.object({
  ticker: z.string(),
  company: z.string(),
  forecast: z.array(Rupees).min(1),
  dates: z.array(IsoDate).min(1),
  lower80: z.array(Rupees).min(1),
  upper80: z.array(Rupees).min(1),
  lower95: z.array(Rupees).min(1),
  upper95: z.array(Rupees).min(1),
  /** Date of the last daily bar the forecast is based on. */
  as_of: IsoDate,
  last_close: Rupees,
  horizon_days: z.number().int().positive(),
  model: ForecastModelSchema,
  /** The model's name for people. */
  model_name: z.string(),
  /** What the accuracy is measured against. */
  baseline: z.literal('naive'),
  accuracy: ForecastAccuracySchema,
  /** When the back-test behind this answer was computed. */
  computed_at: z.iso.datetime(),
  /** Premium horizons only: every model's back-test side by side, naive first. */
  models: z.array(ModelBacktestSchema).optional(),
  /** Present under the `education` compliance profile: the forecast is 30 or more days old, shown with its outcome. */
  illustration: ForecastIllustrationSchema.optional(),
  /** Present under the `registered` compliance profile: the SEBI-registered research analyst this forecast is published by. */
  research_analyst: ResearchAnalystSchema.optional(),
});
export type PredictResponse = z.infer<typeof PredictResponseSchema>;

/** One row of the track record: a symbol's chosen model and its test-window accuracy. */
export const ForecastTrackRecordRowSchema = ForecastAccuracySchema.extend({
  ticker: z.string(),
  company: z.string(),
  model: ForecastModelSchema,
  model_name: z.string(),
  as_of: IsoDate,
});
export type ForecastTrackRecordRow = z.infer<typeof ForecastTrackRecordRowSchema>;

/** Every symbol's back-tested accuracy; symbols whose back-test has not run yet are counted in `pending`. */
export const ForecastTrackRecordSchema = z.object({
  rows: z.array(ForecastTrackRecordRowSchema),
  pending: z.number().int().nonnegative(),
  horizon_days: z.number().int().positive(),
});
export type ForecastTrackRecord = z.infer<typeof ForecastTrackRecordSchema>;

/**
 * When a horizon's live record has enough scored forecasts for its shares to mean something: 30 forecasts (an 80 %
 * share's binomial standard error is then about 7 points), over at least 10 trading days, because the forecasts for
 * one day move together with the market and a single day must not make the whole record.
 */
export const PREDICTION_LIVE_RECORD_MINIMUM = { forecasts: 30, days: 10 } as const;

/**
 * The live record of forecasts some trading days ahead: each forecast of one symbol's close on one day, recorded when it
 * was served and scored when that close arrived. Shares and relative MAE are null until one is scored.
 */
export const LiveRecordHorizonSchema = z.object({
  horizon_days: z.number().int().positive(),
  /** Forecasts scored against the actual close. */
  scored: z.number().int().nonnegative(),
  /** The distinct trading days those forecasts were for. */
  days: z.number().int().nonnegative(),
  /** Share of scored forecasts whose actual close fell inside the 80 % band, 0..1. */
  coverage80: z.number().min(0).max(1).nullable(),
  /** The same for the 95 % band. */
  coverage95: z.number().min(0).max(1).nullable(),
  /**
   * The forecasts' summed absolute errors (of log prices, so every stock weighs alike) divided by those of the no-change
   * forecast (the last close) on the same forecasts; below 1: smaller errors than no change. Null while no-change has
   * made no error.
   */
  relative_mae: z.number().nonnegative().nullable(),
  /** The first and last trading day a scored forecast was for. */
  first: IsoDate.nullable(),
  last: IsoDate.nullable(),
  /** Whether it meets PREDICTION_LIVE_RECORD_MINIMUM. */
  enough: z.boolean(),
});
export type LiveRecordHorizon = z.infer<typeof LiveRecordHorizonSchema>;

/**
 * TrendVision's live, out-of-sample record: every forecast it served, made before the closes it forecasts existed, and
 * scored when they arrived, at 1, 5 and 10 trading days ahead (PREDICTION_REPORTED_HORIZONS), overall and per symbol.
 */
export const ForecastLiveRecordSchema = z.object({
  /** Forecasts recorded: one per symbol, starting close, model and day ahead, however often it was served. */
  recorded: z.number().int().nonnegative(),
  /** Of those, the ones scored against an actual close (at any horizon, not only the reported ones). */
  scored: z.number().int().nonnegative(),
  /** The first close a recorded forecast started from; null while none is recorded. */
  since: IsoDate.nullable(),
  minimum: z.object({ forecasts: z.number().int().positive(), days: z.number().int().positive() }),
  horizons: z.array(LiveRecordHorizonSchema),
  /** Symbols with at least one scored forecast, by symbol. */
  symbols: z.array(z.object({ ticker: z.string(), horizons: z.array(LiveRecordHorizonSchema) })),
});
export type ForecastLiveRecord = z.infer<typeof ForecastLiveRecordSchema>;

// ---- RPC ------------------------------------------------------------------------------------

export const PredictPayloadSchema = withOptionalCaller(PredictRequestSchema);
export type PredictPayload = z.infer<typeof PredictPayloadSchema>;

/** RPC patterns answered by services/prediction. */
export const PREDICTION = {
  ...systemPatterns('prediction'),
  predict: defineRpc('prediction', 'predict', PredictPayloadSchema, PredictResponseSchema, 30_000),
  accuracy: defineRpc('prediction', 'accuracy', EmptyQuerySchema, ForecastTrackRecordSchema, 10_000),
  liveRecord: defineRpc('prediction', 'liveRecord', EmptyQuerySchema, ForecastLiveRecordSchema, 10_000),
};

// ---- HTTP routes ----------------------------------------------------------------------------

export const PREDICTION_ROUTES = {
  predict: defineRoute({
    method: 'POST',
    path: PREDICTION_PATHS.predict,
    tag: TAG,
    summary: 'TrendVision: forecast daily closing prices of an NSE stock, with calibrated 80 % and 95 % bands and back-tested accuracy.',
    auth: 'optional',
    input: PredictRequestSchema,
    response: PredictResponseSchema,
    rpc: PREDICTION.predict,
    rateLimitPerMinute: 30,
    premiumTool: {
      tool: 'trendvisionLongHorizon',
      appliesTo: (input: PredictRequest) => input.horizon_days > PREDICTION_FREE_HORIZON_DAYS,
    },
  }),
  predictionAccuracy: defineRoute({
    method: 'GET',
    path: PREDICTION_PATHS.predictionAccuracy,
    tag: TAG,
    summary: "TrendVision's track record: every symbol's chosen model and its accuracy on a test window it was not chosen on.",
    auth: 'none',
    input: EmptyQuerySchema,
    response: ForecastTrackRecordSchema,
    rpc: PREDICTION.accuracy,
    rateLimitPerMinute: 60,
  }),
  predictionLiveRecord: defineRoute({
    method: 'GET',
    path: PREDICTION_PATHS.predictionLiveRecord,
    tag: TAG,
    summary: "TrendVision's live record: every forecast it served, scored against the actual closes that arrived after it was made.",
    auth: 'none',
    input: EmptyQuerySchema,
    response: ForecastLiveRecordSchema,
    rpc: PREDICTION.liveRecord,
    rateLimitPerMinute: 60,
  }),
};
