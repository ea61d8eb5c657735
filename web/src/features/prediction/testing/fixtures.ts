/** Test answers of the prediction routes, shaped as proto's contracts (the answer check runs on them in tests too). */
import type { FetchCall } from '../../../testing/fetch-mock';
import { json, notFound } from '../../../testing/fetch-mock';

export const SYMBOLS = [
  { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', industry: 'Oil Gas & Consumable Fuels', isin: 'INE002A01018', first_date: '2015-01-01', last_date: '2024-03-28' },
  { symbol: 'TCS', company: 'Tata Consultancy Services Ltd.', industry: 'Information Technology', isin: 'INE467B01029', first_date: '2015-01-01', last_date: '2024-03-28' },
  { symbol: 'INFY', company: 'Infosys Ltd.', industry: 'Information Technology', isin: 'INE009A01021', first_date: '2015-01-01', last_date: '2024-03-28' },
];

const COMPANIES: Record<string, string> = Object.fromEntries(SYMBOLS.map((entry) => [entry.symbol, entry.company]));

/** The ten weekdays after 28 Mar 2024. */
export const FORECAST_DATES = ['2024-03-29', '2024-04-01', '2024-04-02', '2024-04-03', '2024-04-04', '2024-04-05', '2024-04-08', '2024-04-09', '2024-04-10', '2024-04-11'];

export const ACCURACY = {
  mase: { h1: 0.994, h5: 0.982, h10: 0.968 },
  coverage80: 0.794,
  coverage95: 0.951,
  origins: 240,
  tests: 2400,
  test_window: { from: '2022-04-01', to: '2024-03-28' },
  beats_naive: true,
};

/** A forecast of `ticker`: day i's close 1,500.125 + 2.5 i, the 80 % band ± (10 + i), the 95 % band ± (20 + 2 i). */
export const forecastOf = (ticker: string, overrides: Record<string, unknown> = {}) => {
  const forecast = FORECAST_DATES.map((_, index) => 1500.125 + 2.5 * index);
  return {
    ticker,
    company: COMPANIES[ticker] ?? `${ticker} Ltd.`,
    forecast,
    dates: FORECAST_DATES,
    lower80: forecast.map((value, index) => value - (10 + index)),
    upper80: forecast.map((value, index) => value + 10 + index),
    lower95: forecast.map((value, index) => value - (20 + 2 * index)),
    upper95: forecast.map((value, index) => value + 20 + 2 * index),
    as_of: '2024-03-28',
    last_close: 1498.15,
    horizon_days: 10,
    model: 'ets',
    model_name: 'Exponential smoothing (AutoETS)',
    baseline: 'naive',
    accuracy: ACCURACY,
    computed_at: '2024-03-29T02:00:00.000Z',
    ...overrides,
  };
};

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
    trackRow('TCS', { mase: { h1: 1.01, h5: 1.02, h10: 1.04 }, coverage80: 0.81, model: 'naive', model_name: 'No change (naive)', beats_naive: false }),
    trackRow('INFY'),
    trackRow('RELIANCE', { mase: { h1: 0.99, h5: 0.95, h10: 0.9 }, coverage80: 0.77, model: 'holt', model_name: "Holt's linear trend (ETS)" }),
  ],
  pending: 0,
  horizon_days: 10,
};

type Routes = {
  predict?: (call: FetchCall) => Response | Promise<Response>;
  history?: (call: FetchCall) => Response | Promise<Response>;
  accuracy?: () => Response | Promise<Response>;
};

const symbolOf = (call: FetchCall) => new URL(call.url, 'http://x').searchParams.get('symbol') ?? '';

/** A server for the page: the stocks, their history, the track record, and forecasts of whatever ticker is posted. */
export const predictionServer =
  ({ predict, history, accuracy }: Routes = {}) =>
  (call: FetchCall): Response | Promise<Response> => {
    if (call.url === '/api/market/symbols') return json(SYMBOLS);
    if (call.url.startsWith('/api/market/history?')) return history ? history(call) : json(historyOf(symbolOf(call)));
    if (call.url === '/api/predictions/accuracy') return accuracy ? accuracy() : json(TRACK_RECORD);
    if (call.url === '/predict') return predict ? predict(call) : json(forecastOf((call.body as { ticker: string }).ticker));
    return notFound();
  };
