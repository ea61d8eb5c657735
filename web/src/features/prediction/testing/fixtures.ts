/** Test answers of the prediction routes, shaped as proto's contracts (the answer check runs on them in tests too). */
import type { FetchCall } from '../../../testing/fetch-mock';
import { json, notFound } from '../../../testing/fetch-mock';

export const SYMBOLS = [
  { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', industry: 'Oil Gas & Consumable Fuels', isin: 'INE002A01018', first_date: '2015-01-01', last_date: '2024-03-28' },
  { symbol: 'TCS', company: 'Tata Consultancy Services Ltd.', industry: 'Information Technology', isin: 'INE467B01029', first_date: '2015-01-01', last_date: '2024-03-28' },
  { symbol: 'INFY', company: 'Infosys Ltd.', industry: 'Information Technology', isin: 'INE009A01021', first_date: '2015-01-01', last_date: '2024-03-28' },
];

const COMPANIES: Record<string, string> = Object.fromEntries(SYMBOLS.map((entry) => [entry.symbol, entry.company]));

/** The ten NSE sessions after 28 Mar 2024 (29 Mar was Good Friday, 11 Apr Id-Ul-Fitr), as the server's calendar labels them. */
export const FORECAST_DATES = ['2024-04-01', '2024-04-02', '2024-04-03', '2024-04-04', '2024-04-05', '2024-04-08', '2024-04-09', '2024-04-10', '2024-04-12', '2024-04-15'];

export const ACCURACY = {
  relative_mae: { h1: 0.994, h5: 0.982, h10: 0.968 },
  mase: { h1: 0.921, h5: 2.047, h10: 2.876 },
  coverage80: 0.794,
  coverage95: 0.951,
  origins: 240,
  tests: 2400,
  test_window: { from: '2022-04-01', to: '2024-03-28' },
  beats_naive: true,
};

/** The thirty NSE sessions after 28 Mar 2024, to 15 May 2024: the premium horizon (1 May was a holiday too). */
export const PREMIUM_FORECAST_DATES = [
  ...FORECAST_DATES,
  '2024-04-16', '2024-04-18', '2024-04-19', '2024-04-22', '2024-04-23', '2024-04-24', '2024-04-25', '2024-04-26', '2024-04-29', '2024-04-30',
  '2024-05-02', '2024-05-03', '2024-05-06', '2024-05-07', '2024-05-08', '2024-05-09', '2024-05-10', '2024-05-13', '2024-05-14', '2024-05-15',
];

/** The served model's accuracy on a premium answer: the free one's, with relative MAE and MASE at 30 days too. */
export const PREMIUM_ACCURACY = { ...ACCURACY, relative_mae: { ...ACCURACY.relative_mae, h30: 0.941 }, mase: { ...ACCURACY.mase, h30: 4.812 }, tests: 7200 };

/** Every model's back-test on a premium answer, naive first; exponential smoothing is served. */
export const MODEL_BACKTESTS = [
  { model: 'naive', model_name: 'No change (naive)', served: false, beat_naive_on_validation: false, relative_mae: { h1: 1, h5: 1, h10: 1, h30: 1 }, mase: { h1: 0.927, h5: 2.083, h10: 2.971, h30: 5.113 }, coverage80: 0.802, coverage95: 0.948, winkler80: 9.84 },
  { model: 'drift', model_name: 'Random walk with drift', served: false, beat_naive_on_validation: false, relative_mae: { h1: 1.002, h5: 1.011, h10: 1.024, h30: 1.057 }, mase: { h1: 0.929, h5: 2.106, h10: 3.042, h30: 5.407 }, coverage80: 0.79, coverage95: 0.944, winkler80: 10.12 },
  { model: 'ets', model_name: 'Exponential smoothing (AutoETS)', served: true, beat_naive_on_validation: true, relative_mae: { h1: 0.994, h5: 0.982, h10: 0.968, h30: 0.941 }, mase: { h1: 0.921, h5: 2.047, h10: 2.876, h30: 4.812 }, coverage80: 0.794, coverage95: 0.951, winkler80: 9.31 },
  { model: 'holt', model_name: "Holt's linear trend (ETS)", served: false, beat_naive_on_validation: true, relative_mae: { h1: 0.997, h5: 0.99, h10: 0.981, h30: 0.973 }, mase: { h1: 0.924, h5: 2.062, h10: 2.917, h30: 4.977 }, coverage80: 0.771, coverage95: 0.932, winkler80: 9.6 },
  { model: 'arima', model_name: 'ARIMA(0,1,1)', served: false, beat_naive_on_validation: false, relative_mae: { h1: 1.001, h5: 1.004, h10: 1.009, h30: 1.012 }, mase: { h1: 0.928, h5: 2.091, h10: 2.998, h30: 5.174 }, coverage80: 0.8, coverage95: 0.95, winkler80: 9.88 },
];

/** A forecast of `ticker`: day i's close 1,500.125 + 2.5 i, the 80 % band ± (10 + i), the 95 % band ± (20 + 2 i). */
export const forecastOf = (ticker: string, overrides: Record<string, unknown> = {}) => {
  const dates = (overrides.dates as string[] | undefined) ?? FORECAST_DATES;
  const forecast = dates.map((_, index) => 1500.125 + 2.5 * index);
  return {
    ticker,
    company: COMPANIES[ticker] ?? `${ticker} Ltd.`,
    forecast,
    dates,
    lower80: forecast.map((value, index) => value - (10 + index)),
    upper80: forecast.map((value, index) => value + 10 + index),
    lower95: forecast.map((value, index) => value - (20 + 2 * index)),
    upper95: forecast.map((value, index) => value + 20 + 2 * index),
    as_of: '2024-03-28',
    last_close: 1498.15,
    horizon_days: dates.length,
    model: 'ets',
    model_name: 'Exponential smoothing (AutoETS)',
    baseline: 'naive',
    accuracy: ACCURACY,
    computed_at: '2024-03-29T02:00:00.000Z',
    ...overrides,
  };
};

/** The ten NSE sessions after 27 Feb 2024 (8 Mar was Mahashivratri): an illustration's forecast days. */
export const ILLUSTRATION_DATES = ['2024-02-28', '2024-02-29', '2024-03-01', '2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07', '2024-03-11', '2024-03-12', '2024-03-13'];

/** How far each actual close fell from the forecast: days 5 and 8 outside the 80 % band, every day inside the 95 % one. */
const ACTUAL_OFFSETS = [0, 3, -5, 8, 15, -2, 6, -20, 1, 4];

/**
 * An illustration (the `education` profile): forecastOf's figures as made from the close of 27 Feb 2024, 30 days before
 * the latest bar of 28 Mar 2024, with the actual closes since. With `passed`, only the first days have closed.
 */
export const illustratedForecastOf = (ticker: string, { passed = ILLUSTRATION_DATES.length, ...overrides }: Record<string, unknown> & { passed?: number } = {}) => {
  const answer = forecastOf(ticker, { dates: ILLUSTRATION_DATES, as_of: '2024-02-27', last_close: 1490.5, ...overrides });
  const actual = answer.forecast.map((value, index) => (index < passed ? value + (ACTUAL_OFFSETS[index] ?? 0) : null));
  const inside = (lower: number[], upper: number[]) => actual.map((close, index) => (close === null ? null : close >= lower[index]! && close <= upper[index]!));
  const inside80 = inside(answer.lower80, answer.upper80);
  const inside95 = inside(answer.lower95, answer.upper95);
  return {
    ...answer,
    illustration: {
      lag_days: 30,
      latest: '2024-03-28',
      cutoff: '2024-02-27',
      outcome: {
        through: '2024-03-28',
        actual,
        inside80,
        inside95,
        days: actual.filter((close) => close !== null).length,
        hits80: inside80.filter(Boolean).length,
        hits95: inside95.filter(Boolean).length,
      },
    },
  };
};

/** A premium answer (horizon 30): thirty days of forecast, both error figures at 30 days and every model's back-test side by side. */
export const premiumForecastOf = (ticker: string, overrides: Record<string, unknown> = {}) =>
  forecastOf(ticker, { dates: PREMIUM_FORECAST_DATES, accuracy: PREMIUM_ACCURACY, models: MODEL_BACKTESTS, ...overrides });

/** 120 weekday bars ending on 28 Mar 2024, closing at 1,000 + the bar's index. */
export const historyOf = (symbol: string) => {
  const bars: Array<{ date: string; open: number; high: number; low: number; close: number; volume: number }> = [];
  const day = new Date('2024-03-28T00:00:00Z');
  while (bars.length < 120) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) {
      bars.push({ date: day.toISOString().slice(0, 10), open: 0, high: 0, low: 0, close: 0, volume: 1000 });
    }
    day.setUTCDate(day.getUTCDate() - 1);
  }
  bars.reverse();
  bars.forEach((bar, index) => {
    const close = 1000 + index;
    Object.assign(bar, { open: close, high: close + 5, low: close - 5, close });
  });
  return { symbol, adjusted: true, bars, actions: [] };
};

export const trackRow = (ticker: string, overrides: Record<string, unknown> = {}) => ({
  ...ACCURACY,
  ticker,
  company: COMPANIES[ticker] ?? `${ticker} Ltd.`,
  model: 'ets',
  model_name: 'Exponential smoothing (AutoETS)',
  as_of: '2024-03-28',
  ...overrides,
});

export const TRACK_RECORD = {
  rows: [
    trackRow('TCS', { relative_mae: { h1: 1.01, h5: 1.02, h10: 1.04 }, mase: { h1: 0.95, h5: 2.19, h10: 3.13 }, coverage80: 0.81, model: 'naive', model_name: 'No change (naive)', beats_naive: false }),
    trackRow('INFY'),
    trackRow('RELIANCE', { relative_mae: { h1: 0.99, h5: 0.95, h10: 0.9 }, mase: { h1: 1.02, h5: 2.07, h10: 2.71 }, coverage80: 0.77, model: 'holt', model_name: "Holt's linear trend (ETS)" }),
  ],
  pending: 0,
  horizon_days: 10,
};

/** One horizon of the live record: 1,200 forecasts over 40 trading days, 79 % and 94 % inside the bands. */
export const liveHorizon = (horizon_days: number, overrides: Record<string, unknown> = {}) => ({
  horizon_days,
  scored: 1200,
  days: 40,
  coverage80: 0.791,
  coverage95: 0.942,
  relative_mae: 0.987,
  first: '2024-04-01',
  last: '2024-05-27',
  enough: true,
  ...overrides,
});

/** A live record with enough scored forecasts at every horizon. */
export const LIVE_RECORD = {
  recorded: 5210,
  scored: 3400,
  since: '2024-03-28',
  minimum: { forecasts: 30, days: 10 },
  horizons: [liveHorizon(1), liveHorizon(5, { scored: 1100, days: 36, coverage80: 0.772, coverage95: 0.931, relative_mae: 1.012, first: '2024-04-05' }), liveHorizon(10, { scored: 1000, days: 31, coverage80: 0.8, coverage95: 0.95, relative_mae: 0.961, first: '2024-04-15' })],
  symbols: [],
};

type Routes = {
  predict?: (call: FetchCall) => Response | Promise<Response>;
  history?: (call: FetchCall) => Response | Promise<Response>;
  accuracy?: () => Response | Promise<Response>;
  /** GET /api/predictions/live-record (LIVE_RECORD when not given). */
  live?: () => Response | Promise<Response>;
  /** GET /api/premium/status (a 404 when not given: the stored premium flag decides). */
  premium?: () => Response | Promise<Response>;
  /** GET /api/system/compliance (a 404 when not given: no research analyst line). */
  compliance?: () => Response | Promise<Response>;
};

const symbolOf = (call: FetchCall) => new URL(call.url, 'http://x').searchParams.get('symbol') ?? '';

/** The answer to a posted forecast: the premium one when 30 days are asked for. */
const forecastFor = (call: FetchCall) => {
  const { ticker, horizon_days: days } = call.body as { ticker: string; horizon_days?: number };
  return json(days === 30 ? premiumForecastOf(ticker) : forecastOf(ticker));
};

/** A server for the page: the stocks, their history, the track record, the live record, and forecasts of whatever ticker is posted. */
export const predictionServer =
  ({ predict, history, accuracy, live, premium, compliance }: Routes = {}) =>
  (call: FetchCall): Response | Promise<Response> => {
    if (call.url === '/api/market/symbols') return json(SYMBOLS);
    if (call.url.startsWith('/api/market/history?')) return history ? history(call) : json(historyOf(symbolOf(call)));
    if (call.url === '/api/predictions/accuracy') return accuracy ? accuracy() : json(TRACK_RECORD);
    if (call.url === '/api/predictions/live-record') return live ? live() : json(LIVE_RECORD);
    if (call.url === '/predict') return predict ? predict(call) : forecastFor(call);
    if (call.url.startsWith('/api/premium/status?') && premium) return premium();
    if (call.url === '/api/system/compliance' && compliance) return compliance();
    return notFound();
  };
