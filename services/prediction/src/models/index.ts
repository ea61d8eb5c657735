export {
  type DailyClose,
  type EvaluateOptions,
  type Evaluation,
  type EvaluationDetail,
  type Forecast,
  InsufficientHistoryError,
  MIN_HISTORY_BARS,
  evaluate,
  evaluateInDetail,
  forecast,
  reportedHorizons,
} from './evaluation';
export { ForecastPool, type ForecastPoolOptions } from './forecast-pool';
export { FITTED_MODELS, MODEL_NAMES, type ModelName } from './models';
export { type OriginUpdate, type StoredOrigin } from './stored-origins';
