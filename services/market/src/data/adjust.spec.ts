import { adjustBars, type Bar } from './adjust';

const bar = (date: string, close: number, volume: number | null = 100): Bar => ({ date, open: close, high: close + 2, low: close - 2, close, volume });

describe('adjustBars', () => {
  it('divides prices before an ex-date by its ratio and multiplies volumes', () => {
    const out = adjustBars([bar('2020-01-01', 200), bar('2020-01-02', 100)], [{ ex_date: '2020-01-02', ratio: 2 }]);
    expect(out).toEqual([
      { date: '2020-01-01', open: 100, high: 101, low: 99, close: 100, volume: 200 },
      bar('2020-01-02', 100),
    ]);
  });

  it('compounds ratios of several actions, in any order, and keeps a null volume null', () => {
    const bars = [bar('2001-01-01', 1000, null), bar('2002-01-01', 500), bar('2003-01-01', 50)];
    const out = adjustBars(bars, [{ ex_date: '2003-01-01', ratio: 10 }, { ex_date: '2002-01-01', ratio: 2 }]);
    expect(out.map((b) => [b.close, b.volume])).toEqual([[50, null], [50, 1000], [50, 100]]);
  });

  it('leaves a series without actions (or with actions before it) unchanged, and does not mutate its input', () => {
    const bars = [bar('2020-01-01', 10), bar('2020-01-02', 11)];
    expect(adjustBars(bars, [])).toEqual(bars);
    expect(adjustBars(bars, [{ ex_date: '2019-01-01', ratio: 5 }])).toEqual(bars);
    adjustBars(bars, [{ ex_date: '2020-01-02', ratio: 2 }]);
    expect(bars[0]!.close).toBe(10);
  });
});
