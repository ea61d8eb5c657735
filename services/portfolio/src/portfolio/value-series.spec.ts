import type { Close } from '../ledger/gains';
import type { CorporateAction, Transaction } from '../ledger/transactions';
import { timeWeightedReturn } from '../ledger/twr';
import { transactionFlows } from '../ledger/xirr';
import { dailyValues, indexReturn, weekEnds } from './value-series';

const closes = (...pairs: [string, number][]): Close[] => pairs.map(([date, close]) => ({ date, close }));
let ids = 0;
const tx = (symbol: string, date: string, kind: Transaction['kind'], quantity: number, price: number, charges = 0): Transaction =>
  ({ id: `t${++ids}`, symbol, date, kind, quantity, price, charges });

// Mon 1 Jan 2024 to Tue 9 Jan 2024, trading on weekdays.
const A = closes(['2024-01-01', 100], ['2024-01-02', 110], ['2024-01-03', 121], ['2024-01-04', 121], ['2024-01-05', 133.1], ['2024-01-08', 133.1], ['2024-01-09', 146.41]);
const NIFTY = closes(['2023-12-29', 990], ['2024-01-01', 1000], ['2024-01-02', 1010], ['2024-01-03', 1020], ['2024-01-04', 1030], ['2024-01-05', 1040], ['2024-01-08', 1050], ['2024-01-09', 1060]);

describe('dailyValues', () => {
  it('values the shares held on every trading day from the first transaction, against the same money in NIFTY 50', () => {
    const points = dailyValues([tx('A', '2024-01-02', 'buy', 10, 110)], [], new Map([['A', A]]), NIFTY, '2024-01-04');
    expect(points.map((point) => point.date)).toEqual(['2024-01-02', '2024-01-03', '2024-01-04']);
    expect(points.map((point) => point.value)).toEqual([1100, 1210, 1210]);
    expect(points.map((point) => point.invested)).toEqual([1100, 1100, 1100]);
    // 1,100 bought 1.0891 NIFTY units at 1,010.
    expect(points[2]!.nifty_value).toBeCloseTo((1100 / 1010) * 1030, 9);
  });

  it('follows the share count through a split, so the value does not fall on the ex-date', () => {
    const raw = closes(['2024-01-01', 200], ['2024-01-02', 204], ['2024-01-03', 103]);
    const split: CorporateAction = { symbol: 'B', ex_date: '2024-01-03', kind: 'split', ratio: 2, factor: 0.5 };
    const points = dailyValues([tx('B', '2024-01-01', 'buy', 5, 200)], [split], new Map([['B', raw]]), NIFTY, '2024-01-03');
    expect(points.map((point) => point.value)).toEqual([1000, 1020, 1030]);
  });

  it('takes a sale off the shares and the money put in, keeps the last close on a day a stock did not trade, and leaves dividends out of both', () => {
    const B = closes(['2024-01-02', 50], ['2024-01-04', 60]);
    const points = dailyValues(
      [tx('A', '2024-01-01', 'buy', 10, 100, 10), tx('B', '2024-01-02', 'buy', 20, 50), tx('A', '2024-01-03', 'sell', 4, 121, 5), tx('A', '2024-01-04', 'dividend', 6, 3)],
      [],
      new Map([['A', A], ['B', B]]),
      NIFTY,
      '2024-01-04',
    );
    expect(points.map((point) => point.value)).toEqual([1000, 1100 + 1000, 6 * 121 + 1000, 6 * 121 + 1200]);
    expect(points.map((point) => point.invested)).toEqual([1010, 2010, 2010 - (484 - 5), 2010 - (484 - 5)]);
  });

  it('gives a time-weighted return untouched by when money came in', () => {
    // 10 shares bought at 100 and 10 more at 121 on a flat day: the stock rose 46.41 % from the first purchase.
    const trades = [tx('A', '2024-01-01', 'buy', 10, 100), tx('A', '2024-01-04', 'buy', 10, 121)];
    const points = dailyValues(trades, [], new Map([['A', A]]), NIFTY, '2024-01-09');
    expect(timeWeightedReturn(points, transactionFlows(trades))!.twr).toBeCloseTo(0.4641, 12);
  });

  it('is empty without transactions or an as-of date', () => {
    expect(dailyValues([], [], new Map([['A', A]]), NIFTY, '2024-01-09')).toEqual([]);
    expect(dailyValues([tx('A', '2024-01-01', 'buy', 1, 100)], [], new Map([['A', A]]), NIFTY, null)).toEqual([]);
  });
});

describe('weekEnds', () => {
  it("keeps each week's last trading day and the last point", () => {
    const points = A.map(({ date }) => ({ date }));
    expect(weekEnds(points).map((point) => point.date)).toEqual(['2024-01-05', '2024-01-09']);
    expect(weekEnds([])).toEqual([]);
  });
});

describe('indexReturn', () => {
  it('compares the close at the end with the close on or before the start', () => {
    expect(indexReturn(NIFTY, '2024-01-01', '2024-01-09')).toBeCloseTo(0.06, 12);
    // A Sunday start takes Friday's close; an end after the data takes the last close.
    expect(indexReturn(NIFTY, '2023-12-31', '2024-02-01')).toBeCloseTo(1060 / 990 - 1, 12);
    expect(indexReturn(NIFTY, '2023-12-01', '2024-01-09')).toBeNull();
  });
});
