import {
  type ForecastLiveRecord,
  type LiveRecordHorizon,
  PREDICTION_LIVE_RECORD_MINIMUM,
  PREDICTION_REPORTED_HORIZONS,
} from '@nivesh/proto';

/** A recorded forecast of one day's close, in the prices of the day it was made. */
export type RecordedForecast = {
  as_of: string;
  target_date: string;
  forecast: number;
  lower80: number;
  upper80: number;
  lower95: number;
  upper95: number;
  last_close: number;
};

/** How a recorded forecast fared against the close of its day; errors in rupees of the forecast's own prices. */
export type ForecastScore = {
  actual: number;
  inside80: boolean;
  inside95: boolean;
  abs_error: number;
  naive_abs_error: number;
};

/**
 * Scores a recorded forecast against the symbol's adjusted closes as the market holds them now, or null when its day or
 * its starting day has no close. Those closes are adjusted again whenever a split or bonus goes ex, while the forecast
 * stays in the prices of the day it was made; so the actual close is put on the forecast's footing by the ratio of the
 * recorded last close to today's adjusted close of that same day, which is 1 when nothing was adjusted since.
 */
export const scoreForecast = (record: RecordedForecast, closes: ReadonlyMap<string, number>): ForecastScore | null => {
  const target = closes.get(record.target_date);
  const start = closes.get(record.as_of);
  if (target === undefined || start === undefined || start <= 0) return null;
  const actual = target * (record.last_close / start);
  return {
    actual,
    inside80: record.lower80 <= actual && actual <= record.upper80,
    inside95: record.lower95 <= actual && actual <= record.upper95,
    abs_error: Math.abs(record.forecast - actual),
    naive_abs_error: Math.abs(record.last_close - actual),
  };
};

/**
 * The scored forecasts of one symbol (or, with symbol null, of every symbol) at one day ahead, summed. Errors are of log
 * prices: summed across stocks, rupee errors would let the few with prices in the tens of thousands decide the record.
 */
export type ScoredGroup = {
  symbol: string | null;
  step: number;
  scored: number;
  inside80: number;
  inside95: number;
  log_error: number;
  naive_log_error: number;
  first: string;
  last: string;
  /** Distinct trading days the forecasts were for. */
  days: number;
};

/** Whether a horizon has scored enough forecasts, over enough trading days, for its shares to be shown as figures. */
export const hasEnough = (scored: number, days: number): boolean =>
  scored >= PREDICTION_LIVE_RECORD_MINIMUM.forecasts && days >= PREDICTION_LIVE_RECORD_MINIMUM.days;

const horizonOf = (horizon: number, group: ScoredGroup | undefined): LiveRecordHorizon => {
  if (!group || group.scored === 0) {
    return { horizon_days: horizon, scored: 0, days: 0, coverage80: null, coverage95: null, relative_mae: null, first: null, last: null, enough: false };
  }
  return {
    horizon_days: horizon,
    scored: group.scored,
    days: group.days,
    coverage80: group.inside80 / group.scored,
    coverage95: group.inside95 / group.scored,
    // A ratio of sums, not a mean of per-forecast ratios: one quiet day's tiny no-change error cannot blow it up.
    relative_mae: group.naive_log_error > 0 ? group.log_error / group.naive_log_error : null,
    first: group.first,
    last: group.last,
    enough: hasEnough(group.scored, group.days),
  };
};

export type LiveRecordTotals = { recorded: number; scored: number; since: string | null };

/**
 * The live record from the scored groups: each reported horizon overall (the groups with symbol null), and per symbol
 * with at least one scored forecast at a reported horizon.
 */
export const liveRecordOf = (totals: LiveRecordTotals, groups: readonly ScoredGroup[]): ForecastLiveRecord => {
  const find = (symbol: string | null, step: number) => groups.find((group) => group.symbol === symbol && group.step === step);
  const horizons = (symbol: string | null) => PREDICTION_REPORTED_HORIZONS.map((horizon) => horizonOf(horizon, find(symbol, horizon)));
  const symbols = [...new Set(groups.flatMap((group) => (group.symbol !== null && group.scored > 0 ? [group.symbol] : [])))].sort();
  return {
    ...totals,
    minimum: { ...PREDICTION_LIVE_RECORD_MINIMUM },
    horizons: horizons(null),
    symbols: symbols.map((ticker) => ({ ticker, horizons: horizons(ticker) })),
  };
};
