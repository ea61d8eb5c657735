import path from 'node:path';
import { ConfigSchema } from '../config';
import { detectCorporateActions, dailyChanges, nearestRatio, type PriceBar } from './corporate-actions';
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

  it('finds the README-listed actions of RELIANCE (2009, 2017 bonuses) and TATASTEEL (2022 split) in the real data', async () => {
    const index = dailyChanges(await readBarsCsv(path.join(DATA, 'NIFTY50.csv')));
    const reliance = detectCorporateActions(await readBarsCsv(path.join(DATA, 'RELIANCE.csv')), index);
    expect(reliance).toEqual([
      expect.objectContaining({ ex_date: '2009-11-26', ratio: 2 }),
      expect.objectContaining({ ex_date: '2017-09-07', ratio: 2 }),
    ]);
    const tata = detectCorporateActions(await readBarsCsv(path.join(DATA, 'TATASTEEL.csv')), index);
    expect(tata).toEqual(expect.arrayContaining([expect.objectContaining({ ex_date: '2022-07-28', ratio: 10 })]));
    const known = DATASET_ACTIONS.filter(([symbol]) => symbol === 'RELIANCE' || symbol === 'TATASTEEL').map(([, date, ratio]) => [date, ratio]);
    expect(known).toEqual([['2009-11-26', 2], ['2017-09-07', 2], ['2022-07-28', 10]]);
  });
});
