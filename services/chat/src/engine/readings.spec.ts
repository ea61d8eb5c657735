import type { MarketIndicators } from '@nivesh/proto';
import { earlierPoint } from './readings';

/** Indicators whose RSI column holds 1, 2, 3… on the given dates. */
const indicators = (dates: string[]): MarketIndicators => ({ dates, series: { rsi14: dates.map((_, i) => i + 1) } }) as unknown as MarketIndicators;
const rsi = (series: MarketIndicators['series']) => series.rsi14;

describe('earlierPoint', () => {
  it('counts NSE trading sessions, so "five trading days earlier" skips Good Friday 2024', () => {
    const dates = ['2024-03-21', '2024-03-22', '2024-03-26', '2024-03-27', '2024-03-28', '2024-04-01', '2024-04-02'];
    // 25 Mar (Holi) and 29 Mar (Good Friday) were holidays: five sessions before 2 Apr is 22 Mar.
    expect(earlierPoint(indicators(dates), rsi, 5)).toEqual({ value: 2, date: '2024-03-22' });
  });

  it('answers nothing, rather than a day too early, when the data misses a session', () => {
    // 11 May 2021 was a session this series lacks (13 May was Id-Ul-Fitr): three sessions before 17 May is 11 May.
    const dates = ['2021-05-07', '2021-05-10', '2021-05-12', '2021-05-14', '2021-05-17'];
    expect(earlierPoint(indicators(dates), rsi, 3)).toBeNull();
    expect(earlierPoint(indicators(dates), rsi, 4)).toEqual({ value: 2, date: '2021-05-10' });
  });

  it('answers nothing when the series does not reach back that far', () => {
    expect(earlierPoint(indicators(['2024-04-01', '2024-04-02']), rsi, 5)).toBeNull();
    expect(earlierPoint(undefined, rsi, 5)).toBeNull();
  });
});
