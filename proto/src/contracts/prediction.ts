import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc, systemPatterns } from '../rpc';
import { TickerSchema, withOptionalCaller } from './common';

const TAG = 'prediction';

export const PREDICTION_DEFAULT_HORIZON_DAYS = 7;
export const PREDICTION_MAX_HORIZON_DAYS = 30;

// ---- bodies ---------------------------------------------------------------------------------

export const PredictRequestSchema = z.object({
  ticker: TickerSchema,
  /** Trading days to forecast; the specification's client sends only the ticker. */
  horizon_days: z
    .number()
    .int()
    .min(1)
    .max(PREDICTION_MAX_HORIZON_DAYS)
    .default(PREDICTION_DEFAULT_HORIZON_DAYS),
});
export type PredictRequest = z.infer<typeof PredictRequestSchema>;

/** How the model fared on rolling-origin back-tests over past data. */
export const BacktestSchema = z.object({
  /** Mean absolute percentage error, in percent. */
  mape: z.number().nonnegative(),
  /** Share of windows whose predicted direction matched the actual one, 0..1. */
  directional_accuracy: z.number().min(0).max(1),
  /** Number of back-test windows evaluated. */
  windows: z.number().int().nonnegative(),
});
export type Backtest = z.infer<typeof BacktestSchema>;

/**
 * TrendVision forecast: `forecast[i]` is the predicted close (rupees) of trading day i + 1 after
 * `as_of`; `lower` / `upper`, when present, bound an 80% interval and have the same length.
 */
export const PredictResponseSchema = z.object({
  ticker: z.string(),
  forecast: z.array(z.number()).min(1),
  /** Date of the last daily bar the forecast is based on. */
  as_of: z.iso.date(),
  horizon_days: z.number().int().positive(),
  last_close: z.number().optional(),
  lower: z.array(z.number()).optional(),
  upper: z.array(z.number()).optional(),
  model: z.string().optional(),
  backtest: BacktestSchema.optional(),
});
export type PredictResponse = z.infer<typeof PredictResponseSchema>;

// ---- RPC ------------------------------------------------------------------------------------

export const PredictPayloadSchema = withOptionalCaller(PredictRequestSchema);
export type PredictPayload = z.infer<typeof PredictPayloadSchema>;

/** RPC patterns answered by services/prediction. */
export const PREDICTION = {
  ...systemPatterns('prediction'),
  predict: defineRpc('prediction', 'predict', PredictPayloadSchema, PredictResponseSchema, 30_000),
};

// ---- HTTP routes ----------------------------------------------------------------------------

export const PREDICTION_ROUTES = {
  predict: defineRoute({
    method: 'POST',
    path: '/predict',
    tag: TAG,
    summary: 'TrendVision: forecast daily closing prices of an NSE stock.',
    auth: 'optional',
    input: PredictRequestSchema,
    response: PredictResponseSchema,
    rpc: PREDICTION.predict,
    rateLimitPerMinute: 30,
  }),
};
