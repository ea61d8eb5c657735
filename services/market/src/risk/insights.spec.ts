import { type MarketBar, MarketInsightsSchema } from '@nivesh/proto';
import { lastIndexOnOrBefore as lastOnOrBefore, monthsBefore } from '../analysis/stats';
import { buildInsights, correlations, drawdownEpisodes, horizonReturns, seasonality, volumeProfile } from './insights';
import type { Close } from './risk';

const day = (i: number, from = Date.UTC(2024, 0, 1)) => new Date(from + i * 86_400_000).toISOString().slice(0, 10);
const series = (closes: readonly number[]): Close[] => closes.map((close, i) => ({ date: day(i), close }));
const wiggle = (n: number, phase = 0) => Array.from({ length: n }, (_, i) => 0.01 * Math.sin(i * 1.7 + phase) + 0.004 * Math.cos(i * 0.3));
const compound = (returns: readonly number[], start = 100) => returns.reduce((closes, r) => [...closes, closes[closes.length - 1]! * (1 + r)], [start]);

describe('monthsBefore and lastOnOrBefore', () => {
  it('steps back calendar months, clamping to the month end', () => {
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2024-01-15', 1)).toBe('2023-12-15');
    expect(monthsBefore('2024-03-28', 60)).toBe('2019-03-28');
    expect(monthsBefore('2024-02-29', 12)).toBe('2023-02-28');
  });

  it('finds the last point on or before a date', () => {
    const points = series([1, 2, 3]);
    expect(lastOnOrBefore(points, day(1))).toBe(1);
    expect(lastOnOrBefore(points, '2024-01-02T')).toBe(1);
    expect(lastOnOrBefore(points, '2023-12-31')).toBe(-1);
    expect(lastOnOrBefore(points, '2030-01-01')).toBe(2);
  });
});

describe('horizonReturns', () => {
  // Every calendar day from 2022-01-01 to 2024-03-31 (820 days), rising by 1 a day; the index rises by 2 but stops on 2024-03-20.
  const start = Date.UTC(2022, 0, 1);
  const points = Array.from({ length: 821 }, (_, i) => ({ date: day(i, start), close: 100 + i }));
  const index = points.filter((p) => p.date <= '2024-03-20').map((p, i) => ({ date: p.date, close: 1000 + 2 * i }));
  const closeOn = (list: Close[], date: string) => list.find((p) => p.date === date)!.close;
  const answer = horizonReturns(points, index);

  it('compares the last close with the close on or before the date a horizon back', () => {
    expect(points[points.length - 1]!.date).toBe('2024-03-31');
    const oneMonth = answer.find((h) => h.horizon === '1m')!;
    expect(oneMonth.return_pct).toBeCloseTo((920 / closeOn(points, '2024-02-29') - 1) * 100, 2);
    expect(oneMonth.annualised_pct).toBeNull();
    expect(oneMonth.above_average).toBe(true);
    // NIFTY over the same dates: its close on or before 2024-03-31 (2024-03-20) against 2024-02-29.
    expect(oneMonth.nifty_return_pct).toBeCloseTo((closeOn(index, '2024-03-20') / closeOn(index, '2024-02-29') - 1) * 100, 2);
  });

  it('annualises 1y and longer, and is null where history does not reach', () => {
    const year = answer.find((h) => h.horizon === '1y')!;
    const r = 920 / closeOn(points, '2023-03-31') - 1;
    expect(year.return_pct).toBeCloseTo(r * 100, 2);
    expect(year.annualised_pct).toBeCloseTo(r * 100, 2);
    expect(answer.map((h) => h.horizon)).toEqual(['1m', '3m', '6m', '1y', '3y', '5y']);
    expect(answer.find((h) => h.horizon === '3y')).toEqual({ horizon: '3y', return_pct: null, annualised_pct: null, nifty_return_pct: null, above_average: null });
  });

  it('annualises over several years with (1 + r)^(1 / years) - 1', () => {
    const long = [
      { date: '2021-03-01', close: 100 },
      { date: '2022-06-01', close: 50 },
      { date: '2024-03-01', close: 133.1 },
    ];
    const [, , , , threeYears] = horizonReturns(long, []);
    expect(threeYears).toEqual({ horizon: '3y', return_pct: 33.1, annualised_pct: 10, nifty_return_pct: null, above_average: true });
    const falling = horizonReturns([...long.slice(0, 2), { date: '2024-03-01', close: 80 }], []);
    expect(falling[4]!.above_average).toBe(true);
    expect(horizonReturns([...long.slice(0, 2), { date: '2024-03-01', close: 40 }], [])[4]!.above_average).toBe(false);
  });
});

describe('drawdownEpisodes', () => {
  it('lists peak-to-trough falls until the close regains the peak, deepest first, ignoring those under 10%', () => {
    const closes = [100, 120, 90, 110, 125, 100, 124, 130, 116, 140, 133, 141, 70, 80];
    const episodes = drawdownEpisodes(series(closes));
    expect(episodes).toEqual([
      { peak_date: day(11), trough_date: day(12), recovery_date: null, depth_pct: -50.35, days_to_trough: 1, days_to_recover: null },
      { peak_date: day(1), trough_date: day(2), recovery_date: day(4), depth_pct: -25, days_to_trough: 1, days_to_recover: 2 },
      { peak_date: day(4), trough_date: day(5), recovery_date: day(7), depth_pct: -20, days_to_trough: 1, days_to_recover: 2 },
      { peak_date: day(7), trough_date: day(8), recovery_date: day(9), depth_pct: -10.77, days_to_trough: 1, days_to_recover: 1 },
    ]);
  });

  it('counts a close equal to the peak as the recovery, and calendar days between dates', () => {
    const points = [
      { date: '2020-01-01', close: 100 },
      { date: '2020-01-31', close: 80 },
      { date: '2020-02-10', close: 79 },
      { date: '2020-03-01', close: 100 },
      { date: '2020-03-02', close: 85 },
    ];
    expect(drawdownEpisodes(points)).toEqual([
      { peak_date: '2020-01-01', trough_date: '2020-02-10', recovery_date: '2020-03-01', depth_pct: -21, days_to_trough: 40, days_to_recover: 20 },
      { peak_date: '2020-03-01', trough_date: '2020-03-02', recovery_date: null, depth_pct: -15, days_to_trough: 1, days_to_recover: null },
    ]);
  });

  it('keeps the five deepest', () => {
    // Seven falls of 11%..17% from a rising peak, each recovered.
    const closes = [100];
    for (let k = 1; k <= 7; k++) {
      const peak = closes[closes.length - 1]!;
      closes.push(peak * (1 - (10 + k) / 100), peak * 1.01);
    }
    const episodes = drawdownEpisodes(series(closes));
    expect(episodes.map((e) => e.depth_pct)).toEqual([-17, -16, -15, -14, -13]);
    expect(drawdownEpisodes(series([1, 2, 3]))).toEqual([]);
  });
});

describe('seasonality', () => {
  it('averages month-end to month-end returns per calendar month, leaving out the latest month', () => {
    const points = [
      { date: '2022-01-31', close: 100 },
      { date: '2022-02-15', close: 105 },
      { date: '2022-02-28', close: 110 },
      { date: '2022-03-31', close: 99 },
      // 2022-04 .. 2022-12 missing: January 2023 has no previous month-end.
      { date: '2023-01-31', close: 200 },
      { date: '2023-02-27', close: 220 },
      { date: '2023-03-30', close: 220 },
      { date: '2023-04-03', close: 230 },
      { date: '2023-04-10', close: 240 },
    ];
    const answer = seasonality(points);
    expect(answer).toHaveLength(12);
    expect(answer[0]).toEqual({ month: 1, mean_return_pct: null, positive_share: null, years: 0 });
    expect(answer[1]).toEqual({ month: 2, mean_return_pct: 10, positive_share: 1, years: 2 });
    // March: -10% in 2022, 0% in 2023 (not positive).
    expect(answer[2]).toEqual({ month: 3, mean_return_pct: -5, positive_share: 0, years: 2 });
    // April 2023 is the latest bar's month, possibly incomplete.
    expect(answer[3]).toEqual({ month: 4, mean_return_pct: null, positive_share: null, years: 0 });
    expect(answer.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('counts December to January across the year end', () => {
    const answer = seasonality([
      { date: '2021-12-31', close: 100 },
      { date: '2022-01-31', close: 103 },
      { date: '2022-02-01', close: 1 },
    ]);
    expect(answer[0]).toEqual({ month: 1, mean_return_pct: 3, positive_share: 1, years: 1 });
  });
});

describe('volumeProfile', () => {
  const bar = (low: number, high: number, close: number, volume: number | null): MarketBar => ({ date: '2024-01-01', open: close, high, low, close, volume });

  it('adds each bar volume to the band of its typical price between the lowest low and highest high', () => {
    const profile = volumeProfile([
      bar(100, 112, 106, 100), // typical 106 -> band 6 (106..107)
      bar(100, 110, 105, 200), // 105 -> band 5
      bar(101, 111, 102, 300), // 104.67 -> band 4
      bar(112, 112, 112, 400), // the top edge belongs to the top band
      bar(50, 200, 120, null), // no volume: skipped, also for the price range
    ]);
    expect(profile.bands).toHaveLength(12);
    expect(profile.bands[0]).toEqual({ price_from: 100, price_to: 101, volume: 0, share_pct: 0 });
    expect(profile.bands.map((b) => b.volume)).toEqual([0, 0, 0, 0, 300, 200, 100, 0, 0, 0, 0, 400]);
    expect(profile.bands[11]).toEqual({ price_from: 111, price_to: 112, volume: 400, share_pct: 40 });
    expect(profile.bands[4]!.share_pct).toBe(30);
    expect(profile.point_of_control).toBe(111.5);
  });

  it('puts everything in the first band when the price never moved, and answers nothing without volume', () => {
    const flat = volumeProfile([bar(10, 10, 10, 5), bar(10, 10, 10, 7)]);
    expect(flat.bands[0]).toEqual({ price_from: 10, price_to: 10, volume: 12, share_pct: 100 });
    expect(flat.point_of_control).toBe(10);
    expect(volumeProfile([bar(10, 11, 10, null)])).toEqual({ bands: [], point_of_control: null });
  });
});

describe('correlations', () => {
  const own = series(compound(wiggle(60)));
  const opposite = series(compound(wiggle(60).map((r) => -r)));
  const other = series(compound(wiggle(60, 2)));

  it('correlates daily returns after `since` with NIFTY 50 and each peer, highest first', () => {
    const answer = correlations(own, own, [
      { symbol: 'OPP', company: 'Opposite', points: opposite },
      { symbol: 'SAME', company: 'Same', points: own.map((p) => ({ ...p, close: p.close * 3 })) },
      { symbol: 'OTHER', company: 'Other', points: other },
      { symbol: 'SHORT', company: 'Short', points: own.slice(0, 20) },
    ], day(-1));
    expect(answer.nifty).toBe(1);
    expect(answer.peers.map((p) => p.symbol)).toEqual(['SAME', 'OTHER', 'OPP']);
    expect(answer.peers[0]).toEqual({ symbol: 'SAME', company: 'Same', correlation: 1 });
    expect(answer.peers[2]!.correlation).toBeCloseTo(-1, 2);
  });

  it('uses only dates after since', () => {
    // After day 40 only 19 returns remain.
    expect(correlations(own, own, [], day(40)).nifty).toBeNull();
    expect(correlations(own, own, [], day(39)).nifty).toBe(1);
  });
});

describe('buildInsights', () => {
  it('answers the whole contract', () => {
    const bars: MarketBar[] = compound(wiggle(400)).map((close, i) => ({ date: day(i), open: close, high: close * 1.01, low: close * 0.99, close, volume: 1000 + i }));
    const answer = { symbol: 'X', company: 'X Ltd.', industry: 'IT', as_of: bars[bars.length - 1]!.date, nifty_as_of: bars[bars.length - 1]!.date, ...buildInsights(bars, bars, [], day(30)) };
    expect(MarketInsightsSchema.parse(answer)).toEqual(answer);
    expect(answer.volume_profile.bands.reduce((sum, b) => sum + b.volume, 0)).toBe(bars.slice(-252).reduce((sum, b) => sum + b.volume!, 0));
    expect(answer.correlation.nifty).toBe(1);
  });
});
