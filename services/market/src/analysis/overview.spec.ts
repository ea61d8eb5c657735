import { DomainError, type MarketBar } from '@nivesh/proto';
import { marketOverview, type StockSeries } from './overview';

const bar = (date: string, close: number, volume: number | null = 100, high = close, low = close): MarketBar => ({ date, open: close, high, low, close, volume });
/** Closes a month before, the day before and on 2024-03-28. */
const stock = (symbol: string, industry: string, [month, previous, last]: [number, number, number], volume: number | null = 100): StockSeries => ({
  symbol,
  company: `${symbol} Ltd.`,
  industry,
  bars: [bar('2024-02-27', month), bar('2024-03-27', previous), bar('2024-03-28', last, volume)],
});
const day = (i: number) => new Date(Date.UTC(2023, 2, 1 + i)).toISOString().slice(0, 10);
/** Daily index bars from 2023-03-01 to 2024-03-07 (the index lags the stocks), close 1000 + i, range ±5. */
const index: MarketBar[] = Array.from({ length: 373 }, (_, i) => bar(day(i), 1000 + i, null, 1000 + i + 5, 1000 + i - 5));
index[4] = { ...index[4]!, low: 1 }; // 2023-03-05: before the 52-week window
index[100] = { ...index[100]!, high: 5000 };

describe('marketOverview', () => {
  const stocks = [
    stock('AAA', 'IT', [100, 100, 110], 1000),
    stock('BBB', 'IT', [50, 50, 45], null),
    stock('CCC', 'BANKS', [200, 200, 202], 10),
    stock('FFF', 'BANKS', [10, 10, 10], 5),
    { symbol: 'DDD', company: 'DDD Ltd.', industry: 'IT', bars: [bar('2024-03-26', 10), bar('2024-03-27', 20)] }, // no bar on the day
    { symbol: 'EEE', company: 'EEE Ltd.', industry: 'IT', bars: [bar('2024-03-28', 10)] }, // no previous bar
  ];

  it('reads the day from stocks with a bar on it and a bar before', () => {
    const overview = marketOverview(stocks, index);
    expect(overview.as_of).toBe('2024-03-28');
    expect(overview.breadth).toEqual({ advancers: 2, decliners: 1, unchanged: 1 });
    expect(overview.gainers).toEqual([
      { symbol: 'AAA', company: 'AAA Ltd.', industry: 'IT', close: 110, change_pct: 10, volume: 1000, traded_value: 110_000 },
      { symbol: 'CCC', company: 'CCC Ltd.', industry: 'BANKS', close: 202, change_pct: 1, volume: 10, traded_value: 2020 },
    ]);
    expect(overview.losers).toEqual([{ symbol: 'BBB', company: 'BBB Ltd.', industry: 'IT', close: 45, change_pct: -10, volume: null, traded_value: null }]);
    expect(overview.most_active.map((move) => move.symbol)).toEqual(['AAA', 'CCC', 'FFF']);
  });

  it('averages sectors equally over their stocks, largest day change first', () => {
    expect(marketOverview(stocks, index).sectors).toEqual([
      { industry: 'BANKS', change_pct: 0.5, change_1m_pct: 0.5, stocks: 2, advancers: 1, decliners: 0 },
      { industry: 'IT', change_pct: 0, change_1m_pct: 0, stocks: 2, advancers: 1, decliners: 1 },
    ]);
  });

  it("takes the index's latest bar on or before the day, its 52-week range and a year of closes", () => {
    const { index: nifty } = marketOverview(stocks, index);
    const last = index[index.length - 1]!;
    expect(last.date).toBe('2024-03-07');
    const year = index.filter((b) => b.date > '2023-03-07');
    expect(nifty).toEqual({
      symbol: 'NIFTY 50',
      as_of: '2024-03-07',
      close: last.close,
      change: 1,
      change_pct: Math.round((1 / (last.close - 1)) * 10_000) / 100,
      high_52w: 5000,
      low_52w: year[0]!.close - 5,
      history: year.map((b) => ({ date: b.date, close: b.close })),
    });
    expect(nifty.history.at(-1)!.date).toBe('2024-03-07');
  });

  it('lists five of each at most, ties by symbol, and a month change only where a bar exists a month back', () => {
    const closes: Record<string, number> = { G: 105, B: 105, C: 103, A: 105, E: 101, F: 102, D: 101 };
    const many = Object.entries(closes).map(([symbol, close], k) => stock(symbol, 'X', [100, 100, close], 10 + k));
    const young: StockSeries = { symbol: 'Y', company: 'Y Ltd.', industry: 'Y', bars: [bar('2024-03-27', 10), bar('2024-03-28', 10.35)] };
    const overview = marketOverview([...many, young], index);
    expect(overview.gainers.map((move) => move.symbol)).toEqual(['A', 'B', 'G', 'Y', 'C']);
    expect(overview.losers).toEqual([]);
    expect(overview.most_active).toHaveLength(5);
    expect(overview.sectors.find((sector) => sector.industry === 'Y')).toEqual({ industry: 'Y', change_pct: 3.5, change_1m_pct: null, stocks: 1, advancers: 1, decliners: 0 });
  });

  it('answers not_found without prices or without the index', () => {
    expect(() => marketOverview([], [])).toThrow(DomainError);
    expect(() => marketOverview(stocks, [])).toThrow('No NIFTY 50 prices');
  });
});
