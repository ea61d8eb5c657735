import path from 'node:path';
import { ConfigSchema } from '../config';
import { ANOMALY_RULES, detectCorporateActions, dailyChanges, findAnomalies, nearestConsolidation, nearestRatio, type PriceBar } from './corporate-actions';
import { readBarsCsv } from './csv';
import { DATASET_ACTIONS } from './dataset-actions';

// The dataset directory as the service finds it: MARKET_DATA_DIR, else its default beside the repository.
const DATA = ConfigSchema.shape.MARKET_DATA_DIR.parse(process.env.MARKET_DATA_DIR);

describe('nearestRatio', () => {
  it('snaps a price factor to the clean ratio it is nearest to', () => {
    expect(nearestRatio(0.5).ratio).toBe(2);
    expect(nearestRatio(0.66).ratio).toBe(1.5);
    expect(nearestRatio(0.102).ratio).toBe(10);
    expect(nearestRatio(0.2).error).toBeCloseTo(0, 10);
    // NTPC's 1:5 bonus of 2019 opened at 0.844 of the previous close: 6 shares for 5, not 5 for 4.
    expect(nearestRatio(0.844).ratio).toBe(1.2);
  });

  it('snaps a price jump to the consolidation it is nearest to, as a ratio below 1', () => {
    expect(nearestConsolidation(9.8).ratio).toBe(0.1);
    expect(nearestConsolidation(2.05).ratio).toBe(0.5);
  });
});

describe('detectCorporateActions', () => {
  const series = (...points: Array<[string, number, number]>): PriceBar[] => points.map(([date, open, close]) => ({ date, open, close }));

  it('finds an overnight halving while the index is flat, with its ratio', () => {
    const bars = series(['2020-01-01', 100, 100], ['2020-01-02', 50.5, 50], ['2020-01-03', 50, 51]);
    expect(detectCorporateActions(bars, new Map([['2020-01-02', 0.004]]))).toEqual([
      expect.objectContaining({ ex_date: '2020-01-02', ratio: 2 }),
    ]);
  });

  it('ignores a fall when the index fell too, a move far from any clean ratio, and ordinary days', () => {
    const crash = series(['2020-03-20', 100, 100], ['2020-03-23', 66.5, 66]);
    expect(detectCorporateActions(crash, new Map([['2020-03-23', -0.13]]))).toEqual([]);
    expect(detectCorporateActions(series(['2020-01-01', 100, 100], ['2020-01-02', 55.5, 55.5]))).toEqual([]);
    expect(detectCorporateActions(series(['2020-01-01', 100, 100], ['2020-01-02', 97, 95]))).toEqual([]);
  });

  it('rejects a gap that does not hold: the open says 1:4 bonus but the close fell much further', () => {
    expect(detectCorporateActions(series(['2024-01-22', 231.4, 231.4], ['2024-01-23', 208, 156]))).toEqual([]);
  });

  it('finds a consolidation (reverse split): the price jumps tenfold overnight while the index is flat', () => {
    const bars = series(['2020-01-01', 10, 10], ['2020-01-02', 99, 101], ['2020-01-03', 100, 102]);
    expect(detectCorporateActions(bars, new Map([['2020-01-02', 0.002]]))).toEqual([expect.objectContaining({ ex_date: '2020-01-02', ratio: 0.1 })]);
    // An upper-circuit day is no consolidation.
    expect(detectCorporateActions(series(['2020-01-01', 100, 100], ['2020-01-02', 110, 120]))).toEqual([]);
  });

  it("does not take a demerger for a split: RELIANCE's open at 0.908 of the previous close is no clean ratio", () => {
    expect(detectCorporateActions(series(['2023-07-19', 2830, 2841.85], ['2023-07-20', 2580, 2619.85]), new Map([['2023-07-20', 0.007]]))).toEqual([]);
  });

  it('finds the README-listed actions of RELIANCE (2009, 2017 bonuses) and TATASTEEL (2022 split) in the real data', async () => {
    const index = dailyChanges(await readBarsCsv(path.join(DATA, 'NIFTY50.csv')));
    const reliance = detectCorporateActions(await readBarsCsv(path.join(DATA, 'RELIANCE.csv')), index);
    expect(reliance).toEqual([
      expect.objectContaining({ ex_date: '2009-11-26', ratio: 2 }),
      expect.objectContaining({ ex_date: '2017-09-07', ratio: 2 }),
    ]);
    const tata = detectCorporateActions(await readBarsCsv(path.join(DATA, 'TATASTEEL.csv')), index);
    expect(tata).toEqual(expect.arrayContaining([expect.objectContaining({ ex_date: '2022-07-28', ratio: 10 })]));
    const known = DATASET_ACTIONS.filter((action) => ['RELIANCE', 'TATASTEEL'].includes(action.symbol) && action.ratio !== null).map((action) => [action.ex_date, action.ratio]);
    expect(known).toEqual([['2009-11-26', 2], ['2017-09-07', 2], ['2004-08-11', 1.5], ['2022-07-28', 10]]);
  });
});

describe('findAnomalies', () => {
  const series = (...points: Array<[string, number, number]>): PriceBar[] => points.map(([date, open, close]) => ({ date, open, close }));

  it('flags an overnight drop of 9% or more that holds while the index is quiet, with its figures', () => {
    const bars = series(['2023-07-19', 2830, 2841.85], ['2023-07-20', 2580, 2619.85], ['2023-07-21', 2609, 2538.75]);
    expect(findAnomalies(bars, new Map([['2023-07-20', 0.0072]]))).toEqual([
      { date: '2023-07-20', previous_close: 2841.85, open: 2580, close: 2619.85, index_change: 0.0072 },
    ]);
  });

  it('leaves days a stored or detected action explains, and moves that are small, do not hold, or come with the market', () => {
    const drop = series(['2020-01-01', 100, 100], ['2020-01-02', 85, 86]);
    expect(findAnomalies(drop, new Map(), new Set(['2020-01-02']))).toEqual([]);
    expect(findAnomalies(series(['2020-01-01', 100, 100], ['2020-01-02', 92, 93]))).toEqual([]);
    // Opened 15% down and recovered to -2%: a thin opening trade, not a change of value.
    expect(findAnomalies(series(['2020-01-01', 100, 100], ['2020-01-02', 85, 98]))).toEqual([]);
    // 13 March 2020-like: the index fell 8% too.
    expect(findAnomalies(drop, new Map([['2020-01-02', -0.08]]))).toEqual([]);
    // A 37% fall with the index 3% down is the stock's own: the index moved less than a fifth of the gap.
    expect(findAnomalies(series(['2007-02-09', 344.7, 361.3], ['2007-02-12', 225.25, 258.35]), new Map([['2007-02-12', -0.031]]))).toHaveLength(1);
    expect(ANOMALY_RULES.gap).toBe(0.09);
  });

  it("flags ZEEL's fall of 2007-02-12 (the Dish TV demerger, not in the curated list) and nothing on RELIANCE in the real data", async () => {
    const index = dailyChanges(await readBarsCsv(path.join(DATA, 'NIFTY50.csv')));
    const explained = (symbol: string) => new Set(DATASET_ACTIONS.filter((action) => action.symbol === symbol).map((action) => action.ex_date));
    const zeel = findAnomalies(await readBarsCsv(path.join(DATA, 'ZEEL.csv')), index, explained('ZEEL'));
    expect(zeel.map((anomaly) => anomaly.date)).toContain('2007-02-12');
    expect(zeel.map((anomaly) => anomaly.date)).not.toContain('2006-12-18');
    expect(findAnomalies(await readBarsCsv(path.join(DATA, 'RELIANCE.csv')), index, explained('RELIANCE'))).toEqual([]);
  });
});

describe('dailyChanges', () => {
  it('counts a change only from the previous NSE session: across Good Friday yes, across a session the series lacks no', () => {
    const bars = [
      { date: '2024-03-27', close: 100 },
      { date: '2024-03-28', close: 110 },
      { date: '2024-04-01', close: 121 },
      { date: '2024-04-03', close: 133.1 },
    ];
    const changes = dailyChanges(bars);
    expect([...changes.keys()]).toEqual(['2024-03-28', '2024-04-01']);
    expect(changes.get('2024-04-01')).toBeCloseTo(0.1, 12);
  });
});
