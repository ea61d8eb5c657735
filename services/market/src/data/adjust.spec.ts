import type { MarketBar } from '@nivesh/proto';
import { adjustBars, type AdjustingAction } from './adjust';

const bar = (date: string, close: number, volume: number | null = 100): MarketBar => ({ date, open: close, high: close + 2, low: close - 2, close, volume });
/** A split or bonus issue of `ratio` new shares per old share. */
const shares = (ex_date: string, ratio: number): AdjustingAction => ({ ex_date, kind: ratio < 1 ? 'reverse_split' : 'split', factor: 1 / ratio });

describe('adjustBars', () => {
  it('multiplies prices before an ex-date by its factor (1/ratio) and divides volumes by it', () => {
    const out = adjustBars([bar('2020-01-01', 200), bar('2020-01-02', 100)], [shares('2020-01-02', 2)]);
    expect(out).toEqual([
      { date: '2020-01-01', open: 100, high: 101, low: 99, close: 100, volume: 200 },
      bar('2020-01-02', 100),
    ]);
  });

  it('compounds ratios of several actions, in any order, and keeps a null volume null', () => {
    const bars = [bar('2001-01-01', 1000, null), bar('2002-01-01', 500), bar('2003-01-01', 50)];
    const out = adjustBars(bars, [shares('2003-01-01', 10), shares('2002-01-01', 2)]);
    expect(out.map((b) => [b.close, b.volume])).toEqual([[50, null], [50, 1000], [50, 100]]);
  });

  it('leaves a series without actions (or with actions before it) unchanged, and does not mutate its input', () => {
    const bars = [bar('2020-01-01', 10), bar('2020-01-02', 11)];
    expect(adjustBars(bars, [])).toEqual(bars);
    expect(adjustBars(bars, [shares('2019-01-01', 5)])).toEqual(bars);
    adjustBars(bars, [shares('2020-01-02', 2)]);
    expect(bars[0]!.close).toBe(10);
  });

  it('adjusts prices but not volumes for a demerger: the shares stay, their price drops by the factor', () => {
    // RELIANCE: 2,841.85 on the day before the Jio Financial demerger, 2,580 discovered on the ex-date.
    const bars = [bar('2023-07-19', 2841.85, 18_054_869), bar('2023-07-20', 2580, 19_358_812)];
    const out = adjustBars(bars, [{ ex_date: '2023-07-20', kind: 'demerger', factor: 2580 / 2841.85 }]);
    expect(out[0]).toEqual({ date: '2023-07-19', open: 2580, high: 2581.8157, low: 2578.1843, close: 2580, volume: 18_054_869 });
    expect(out[1]).toEqual(bars[1]);
  });

  it('compounds a demerger with a later bonus issue, and lifts prices before a consolidation', () => {
    const bars = [bar('2001-01-01', 400, 10), bar('2002-01-01', 300, 10), bar('2003-01-01', 150, 20)];
    const out = adjustBars(bars, [shares('2003-01-01', 2), { ex_date: '2002-01-01', kind: 'special_dividend', factor: 0.75 }]);
    expect(out.map((b) => [b.close, b.volume])).toEqual([[150, 20], [150, 20], [150, 20]]);
    const merged = adjustBars([bar('2020-01-01', 10, 1000), bar('2020-01-02', 100, 100)], [shares('2020-01-02', 0.1)]);
    expect(merged[0]).toMatchObject({ close: 100, volume: 100 });
  });
});
