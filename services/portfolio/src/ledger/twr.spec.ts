import { timeWeightedReturn, type ValuePoint } from './twr';
import type { CashFlow } from './xirr';

const values = (...pairs: [string, number][]): ValuePoint[] => pairs.map(([date, value]) => ({ date, value }));
const flows = (...pairs: [string, number][]): CashFlow[] => pairs.map(([date, amount]) => ({ date, amount }));

describe('timeWeightedReturn', () => {
  it("counts a purchase's return from its cost to the day's close", () => {
    const result = timeWeightedReturn(values(['2023-01-02', 1050]), flows(['2023-01-02', -1000]))!;
    expect(result.twr).toBeCloseTo(0.05, 12);
  });

  it('chains daily returns, unaffected by when and how much money came in', () => {
    // +10 %, then 1100 more put in on a flat day, then +10 % on the whole.
    const series = values(['2023-01-02', 1000], ['2023-01-03', 1100], ['2023-01-04', 2200], ['2023-01-05', 2420]);
    const money = flows(['2023-01-02', -1000], ['2023-01-04', -1100]);
    const result = timeWeightedReturn(series, money)!;
    expect(result.twr).toBeCloseTo(0.21, 12);
    expect(result.growth.map((p) => p.value)).toEqual([1, 1.1, 1.1, expect.closeTo(1.21, 12)]);
  });

  it('measures a sale against the previous close and skips the days with nothing held', () => {
    const series = values(
      ['2023-01-02', 1000],
      ['2023-01-03', 1100],
      ['2023-01-04', 0],
      ['2023-01-05', 0],
      ['2023-01-06', 495],
    );
    // Everything sold on the 4th for 1155 (+5 % that day); 500 put back on the 6th, closing at 495 (−1 %).
    const money = flows(['2023-01-02', -1000], ['2023-01-04', 1155], ['2023-01-06', -500]);
    expect(timeWeightedReturn(series, money)!.twr).toBeCloseTo(1.1 * 1.05 * 0.99 - 1, 12);
  });

  it('counts a dividend paid out as part of the return', () => {
    const series = values(['2023-01-02', 1000], ['2023-01-03', 1000]);
    expect(timeWeightedReturn(series, flows(['2023-01-02', -1000], ['2023-01-03', 50]))!.twr).toBeCloseTo(0.05, 12);
  });

  it('puts a flow on a date without a value on the next valued date', () => {
    const series = values(['2023-01-02', 1000], ['2023-01-04', 2100]);
    // 1000 more put in on the 3rd (a holiday in the value series): the 4th's return is 2100 / 2000 − 1.
    expect(timeWeightedReturn(series, flows(['2023-01-02', -1000], ['2023-01-03', -1000]))!.twr).toBeCloseTo(0.05, 12);
  });

  it('annualises over more than a year only', () => {
    const twoYears = timeWeightedReturn(
      values(['2021-01-01', 1000], ['2022-01-01', 1100], ['2023-01-01', 1210]),
      flows(['2021-01-01', -1000]),
    )!;
    expect([twoYears.twr, twoYears.days]).toEqual([expect.closeTo(0.21, 12), 730]);
    expect(twoYears.annualised).toBeCloseTo(0.1, 12);
    const year = timeWeightedReturn(values(['2021-01-01', 1000], ['2022-01-01', 1100]), flows(['2021-01-01', -1000]))!;
    expect([year.days, year.annualised]).toEqual([365, null]);
    expect(timeWeightedReturn([], [])).toBeNull();
  });
});
