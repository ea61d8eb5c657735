import { PREDICTION_LIVE_RECORD_MINIMUM } from '@nivesh/proto';
import { type RecordedForecast, type ScoredGroup, hasEnough, liveRecordOf, scoreForecast } from './live-record';

/** A forecast from a close of 100 on 28 Mar of 102 on 2 Apr, 80 % band 98..106, 95 % band 95..109. */
const RECORD: RecordedForecast = {
  as_of: '2024-03-28',
  target_date: '2024-04-02',
  forecast: 102,
  lower80: 98,
  upper80: 106,
  lower95: 95,
  upper95: 109,
  last_close: 100,
};

const closes = (start: number, target: number) =>
  new Map([
    ['2024-03-28', start],
    ['2024-04-01', 101],
    ['2024-04-02', target],
  ]);

describe('scoreForecast', () => {
  it('scores the close of the forecast day: inside each band, its error and the no-change error', () => {
    expect(scoreForecast(RECORD, closes(100, 104))).toEqual({ actual: 104, inside80: true, inside95: true, abs_error: 2, naive_abs_error: 4 });
    expect(scoreForecast(RECORD, closes(100, 107.5))).toEqual({ actual: 107.5, inside80: false, inside95: true, abs_error: 5.5, naive_abs_error: 7.5 });
    expect(scoreForecast(RECORD, closes(100, 94))).toMatchObject({ inside80: false, inside95: false, abs_error: 8, naive_abs_error: 6 });
  });

  it('counts a close on the edge of a band as inside it', () => {
    expect(scoreForecast(RECORD, closes(100, 106))).toMatchObject({ inside80: true, inside95: true });
    expect(scoreForecast(RECORD, closes(100, 95))).toMatchObject({ inside80: false, inside95: true });
  });

  it('puts a close adjusted for a later split back in the prices the forecast was made in', () => {
    // A 1:2 split went ex after 28 Mar: the market now holds that close as 50, and 2 Apr's 52 is 104 before the split.
    expect(scoreForecast(RECORD, closes(50, 52))).toEqual({ actual: 104, inside80: true, inside95: true, abs_error: 2, naive_abs_error: 4 });
  });

  it('cannot score a forecast whose day or starting day has no close', () => {
    expect(scoreForecast(RECORD, new Map([['2024-03-28', 100]]))).toBeNull();
    expect(scoreForecast(RECORD, new Map([['2024-04-02', 104]]))).toBeNull();
  });
});

describe('hasEnough', () => {
  const { forecasts, days } = PREDICTION_LIVE_RECORD_MINIMUM;

  it('asks for 30 scored forecasts over 10 trading days', () => {
    expect(PREDICTION_LIVE_RECORD_MINIMUM).toEqual({ forecasts: 30, days: 10 });
    expect(hasEnough(forecasts, days)).toBe(true);
    expect(hasEnough(forecasts - 1, days)).toBe(false);
  });

  it('is not satisfied by many symbols on a few days: those forecasts move together with the market', () => {
    expect(hasEnough(49 * 3, 3)).toBe(false);
    expect(hasEnough(49 * days, days - 1)).toBe(false);
  });
});

const group = (symbol: string | null, step: number, overrides: Partial<ScoredGroup> = {}): ScoredGroup => ({
  symbol,
  step,
  scored: 40,
  inside80: 30,
  inside95: 38,
  log_error: 0.9,
  naive_log_error: 1,
  first: '2024-04-01',
  last: '2024-05-31',
  days: 40,
  ...overrides,
});

describe('liveRecordOf', () => {
  const totals = { recorded: 900, scored: 400, since: '2024-03-28' };

  it('reports each of the 1, 5 and 10 day horizons: shares inside the bands and summed errors against no change', () => {
    const record = liveRecordOf(totals, [group(null, 1), group(null, 5, { scored: 20, inside80: 15, inside95: 19, log_error: 3, naive_log_error: 2.5, days: 8 })]);
    expect(record).toMatchObject({ recorded: 900, scored: 400, since: '2024-03-28', minimum: { forecasts: 30, days: 10 } });
    expect(record.horizons).toEqual([
      { horizon_days: 1, scored: 40, days: 40, coverage80: 0.75, coverage95: 0.95, relative_mae: 0.9, first: '2024-04-01', last: '2024-05-31', enough: true },
      { horizon_days: 5, scored: 20, days: 8, coverage80: 0.75, coverage95: 0.95, relative_mae: 1.2, first: '2024-04-01', last: '2024-05-31', enough: false },
      { horizon_days: 10, scored: 0, days: 0, coverage80: null, coverage95: null, relative_mae: null, first: null, last: null, enough: false },
    ]);
  });

  it('leaves relative MAE empty while no change has made no error, and ignores days ahead it does not report', () => {
    const record = liveRecordOf(totals, [group(null, 1, { log_error: 0, naive_log_error: 0 }), group(null, 2)]);
    expect(record.horizons[0]).toMatchObject({ scored: 40, relative_mae: null });
    expect(record.horizons.map((horizon) => horizon.horizon_days)).toEqual([1, 5, 10]);
  });

  it('lists each symbol with a scored forecast, in order, with its own horizons', () => {
    const record = liveRecordOf(totals, [group(null, 1), group('TCS', 1, { scored: 2, inside80: 1, days: 2 }), group('INFY', 5, { scored: 1, inside80: 0, inside95: 1, days: 1 }), group('INFY', 1, { scored: 1, inside80: 1, days: 1 })]);
    expect(record.symbols.map((entry) => entry.ticker)).toEqual(['INFY', 'TCS']);
    expect(record.symbols[0]!.horizons.map((horizon) => [horizon.horizon_days, horizon.scored, horizon.coverage80])).toEqual([
      [1, 1, 1],
      [5, 1, 0],
      [10, 0, null],
    ]);
    expect(record.symbols[1]!.horizons[0]).toMatchObject({ scored: 2, coverage80: 0.5, enough: false });
  });

  it('is empty before anything is recorded', () => {
    const record = liveRecordOf({ recorded: 0, scored: 0, since: null }, []);
    expect(record.horizons.every((horizon) => horizon.scored === 0 && !horizon.enough)).toBe(true);
    expect(record.symbols).toEqual([]);
  });
});
