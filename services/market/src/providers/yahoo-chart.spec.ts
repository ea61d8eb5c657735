import type { MarketBar } from '@nivesh/proto';
import { adjustBars } from '../data/adjust';
import { localDate, toPublishedSeries, toYahooTicker, unadjustSplits, type YahooChart } from './yahoo-chart';

const bar = (date: string, close: number, volume: number | null = 1_000): MarketBar => ({ date, open: close, high: close, low: close, close, volume });

describe('toYahooTicker', () => {
  it.each([
    ['RELIANCE', 'RELIANCE.NS'],
    ['M&M', 'M&M.NS'],
    ['BAJAJ-AUTO', 'BAJAJ-AUTO.NS'],
    ['NIFTY 50', '^NSEI'],
  ])('%s -> %s', (symbol, ticker) => expect(toYahooTicker(symbol)).toBe(ticker));
});

describe('localDate', () => {
  it("gives the exchange's calendar day of a session stamped with its opening time", () => {
    // NSE opens 09:15 IST = 03:45 UTC, the same day; a late-evening UTC time is the next day in India.
    expect(localDate(new Date('2024-04-01T03:45:00Z'), 19_800)).toBe('2024-04-01');
    expect(localDate(new Date('2024-03-31T19:00:00Z'), 19_800)).toBe('2024-04-01');
    expect(localDate(new Date('2021-07-20T13:30:00Z'), -14_400)).toBe('2021-07-20');
  });
});

describe('unadjustSplits', () => {
  it('multiplies prices before each split by the ratios of every later split, divides volumes, rounds to paise', () => {
    const adjusted = [bar('2024-01-01', 25.0125, 8_000), bar('2024-01-02', 50.02, 4_000), bar('2024-01-03', 100.04, 2_000), bar('2024-01-04', 101.5, 2_000)];
    const splits = [
      { ex_date: '2024-01-03', ratio: 2 },
      { ex_date: '2024-01-02', ratio: 2 },
    ];
    const published = unadjustSplits(adjusted, splits);
    expect(published.map((b) => b.close)).toEqual([100.05, 100.04, 100.04, 101.5]);
    expect(published.map((b) => b.volume)).toEqual([2_000, 2_000, 2_000, 2_000]);
  });

  it("is undone by the service's own adjustment (adjustBars), up to rounding", () => {
    const published = [bar('2024-01-01', 2971.7), bar('2024-01-02', 1490.35), bar('2024-01-03', 1500)];
    const splits = [{ ex_date: '2024-01-02', ratio: 2 }];
    const adjusted = adjustBars(published, [{ ex_date: '2024-01-02', kind: 'split', factor: 1 / 2 }]);
    expect(unadjustSplits(adjusted, splits)).toEqual(published);
  });

  it('handles bonus ratios (1:2 bonus = 3 for 2) and consolidations, and can leave volume out', () => {
    const published = unadjustSplits([bar('2024-01-01', 100), bar('2024-01-02', 150, null)], [{ ex_date: '2024-01-02', ratio: 1.5 }], { volume: false });
    expect(published[0]).toEqual({ date: '2024-01-01', open: 150, high: 150, low: 150, close: 150, volume: null });
    expect(unadjustSplits([bar('2024-01-01', 100), bar('2024-01-02', 100)], [{ ex_date: '2024-01-02', ratio: 0.1 }])[0]!.close).toBe(10);
  });
});

describe('toPublishedSeries', () => {
  const at = (iso: string) => new Date(iso);
  const chart: YahooChart = {
    meta: { gmtoffset: 19_800 },
    quotes: [
      { date: at('2024-03-27T03:45:00Z'), open: 1400, high: 1500, low: 1390, close: 1490, volume: 10 },
      { date: at('2024-03-28T03:45:00Z'), open: 745, high: 760, low: 740, close: 750, volume: 20 },
      { date: at('2024-03-29T03:45:00Z'), open: null, high: null, low: null, close: null, volume: null },
      { date: at('2024-04-01T03:45:00Z'), open: 751, high: 749, low: 752, close: 750, volume: 20 },
      { date: at('2024-04-02T03:45:00Z'), open: 752, high: 760, low: 750, close: 755, volume: 30 },
      { date: at('2024-04-02T09:59:00Z'), open: 752, high: 761, low: 750, close: 756, volume: 31 },
      { date: at('2024-04-03T03:45:00Z'), open: 756, high: 770, low: 755, close: 765, volume: 5 },
    ],
    events: { splits: [{ date: at('2024-03-28T03:45:00Z'), numerator: 2, denominator: 1 }] },
  };

  it('keeps finished sessions in the period, drops incomplete and inconsistent bars, keeps the last row of a repeated day', () => {
    const series = toPublishedSeries(chart, { from: '2024-03-28', before: '2024-04-03' });
    expect(series.bars).toEqual([
      { date: '2024-03-28', open: 745, high: 760, low: 740, close: 750, volume: 20 },
      { date: '2024-04-02', open: 752, high: 761, low: 750, close: 756, volume: 31 },
    ]);
    expect(series.splits).toEqual([{ ex_date: '2024-03-28', ratio: 2 }]);
    expect(series.dropped).toBe(2);
  });

  it('un-adjusts bars before a split even when the split day starts the period', () => {
    const series = toPublishedSeries(chart, { from: '2024-03-27', before: '2024-03-28' });
    expect(series.bars).toEqual([{ date: '2024-03-27', open: 2800, high: 3000, low: 2780, close: 2980, volume: 5 }]);
    expect(series.splits).toEqual([]);
  });
});
