import { dayNumber } from './dates';
import { LedgerError, type Transaction } from './transactions';
import { benchmarkXirr, type CashFlow, transactionFlows, xirr } from './xirr';

const flows = (...pairs: [string, number][]): CashFlow[] => pairs.map(([date, amount]) => ({ date, amount }));
const addDays = (date: string, days: number) =>
  new Date((dayNumber(date) + days) * 86_400_000).toISOString().slice(0, 10);

/**
 * An independent XIRR, as a spreadsheet defines it: the rate where Σ amount / (1 + rate)^(days / 365) = 0, found by
 * plain bisection on [lo, hi] (which must bracket exactly one root).
 */
const bruteForce = (list: readonly CashFlow[], lo = -0.9999, hi = 100): number => {
  const first = Math.min(...list.map((f) => dayNumber(f.date)));
  const npv = (rate: number) =>
    list.reduce((sum, f) => sum + f.amount / (1 + rate) ** ((dayNumber(f.date) - first) / 365), 0);
  const loSign = Math.sign(npv(lo));
  expect(Math.sign(npv(hi))).toBe(-loSign);
  for (let i = 0; i < 300; i++) {
    const mid = (lo + hi) / 2;
    if (Math.sign(npv(mid)) === loSign) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
};

/** A seeded generator (mulberry32), so the random cases are the same on every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

describe('xirr', () => {
  it("matches the spreadsheet documentation's example", () => {
    // Excel's XIRR help page: 0.373362535 (Excel stops at a tolerance of 1e-8; the exact root is 0.37336253352).
    const example = flows(
      ['2008-01-01', -10000],
      ['2008-03-01', 2750],
      ['2008-10-30', 4250],
      ['2009-02-15', 3250],
      ['2009-04-01', 2750],
    );
    expect(xirr(example)).toBeCloseTo(0.373362535, 8);
    expect(xirr(example)).toBeCloseTo(bruteForce(example), 12);
  });

  it('finds textbook rates: 10 % a year compounded, and a −99 % loss', () => {
    expect(xirr(flows(['2021-01-01', -100], ['2023-01-01', 121]))).toBeCloseTo(0.1, 12);
    expect(xirr(flows(['2021-01-01', -1000], ['2022-01-01', 10]))).toBeCloseTo(-0.99, 10);
    expect(xirr(flows(['2021-01-01', -1000], ['2022-01-01', 0.01]))).toBeCloseTo(-0.99999, 10);
    // Halving in 182 days: (1 + r)^(182/365) = 0.5.
    expect(xirr(flows(['2021-01-01', -1000], ['2021-07-02', 500]))).toBeCloseTo(0.5 ** (365 / 182) - 1, 10);
  });

  it('is zero, or very near it, when the money barely moved', () => {
    expect(xirr(flows(['2021-01-01', -1000], ['2022-01-01', 1000]))).toBeCloseTo(0, 14);
    expect(xirr(flows(['2021-01-01', -1000], ['2022-01-01', 1000.01]))).toBeCloseTo(0.00001, 12);
    expect(xirr(flows(['2021-01-01', -1000], ['2022-01-01', 999.99]))).toBeCloseTo(-0.00001, 12);
  });

  it('agrees with brute force on a ten-year monthly SIP with a final value', () => {
    const sip: CashFlow[] = [];
    for (let m = 0; m < 120; m++)
      sip.push({ date: `${2014 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-05`, amount: -5000 });
    sip.push({ date: '2024-03-28', amount: 1_150_000 });
    const rate = xirr(sip)!;
    expect(rate).toBeCloseTo(bruteForce(sip), 12);
    expect(rate).toBeGreaterThan(0.1);
    expect(rate).toBeLessThan(0.2);
  });

  it('agrees with brute force on random portfolios of buys, sales and a final value', () => {
    // Two of these 50 cases (flows changing sign many times) go through the bisection fallback.
    const next = random(16);
    for (let run = 0; run < 50; run++) {
      const list: CashFlow[] = [{ date: '2015-01-01', amount: -1000 - 9000 * next() }];
      const count = 2 + Math.floor(next() * 40);
      for (let i = 0; i < count; i++) {
        list.push({
          date: addDays('2015-01-01', Math.floor(next() * 3000)),
          amount: (next() < 0.7 ? -1 : 0.5) * 1000 * next(),
        });
      }
      const invested = -list.reduce((sum, f) => sum + Math.min(f.amount, 0), 0);
      list.push({ date: '2024-03-28', amount: invested * (0.2 + 3 * next()) });
      expect(xirr(list)).toBeCloseTo(bruteForce(list), 9);
    }
  });

  it('ignores the order of the flows', () => {
    const example = flows(
      ['2009-04-01', 2750],
      ['2008-10-30', 4250],
      ['2008-01-01', -10000],
      ['2009-02-15', 3250],
      ['2008-03-01', 2750],
    );
    expect(xirr(example)).toBeCloseTo(0.373362535, 8);
  });

  it('finds extreme rates: doubling in ten days, losing 99.9999 % over thirty years', () => {
    // (1 + r)^(10/365) = 2.
    expect(xirr(flows(['2023-01-01', -100], ['2023-01-11', 200]))! / (2 ** 36.5 - 1)).toBeCloseTo(1, 9);
    expect(xirr(flows(['1994-01-01', -1e6], ['2024-01-01', 1]))).toBeCloseTo(1e-6 ** (365 / 10957) - 1, 9);
  });

  it('falls back to bisection where Newton fails: losing 90 % in a month', () => {
    // Newton from 10 % does not converge here; the scan in ln(1 + r) brackets the root at 0.1^(365/30) − 1.
    expect(xirr(flows(['2023-01-01', -1000], ['2023-01-31', 100]))).toBeCloseTo(0.1 ** (365 / 30) - 1, 15);
  });

  it('finds the root nearest the guess when the flows change sign twice', () => {
    // −1000 + 2300 / (1 + r) − 1320 / (1 + r)^2 = 0 at r = 10 % and r = 20 %.
    const twice = flows(['2021-01-01', -1000], ['2022-01-01', 2300], ['2023-01-01', -1320]);
    expect(xirr(twice)).toBeCloseTo(0.1, 12);
    expect(xirr(twice, 0.25)).toBeCloseTo(0.2, 12);
  });

  it('is null when no rate exists', () => {
    expect(xirr([])).toBeNull();
    expect(xirr(flows(['2021-01-01', -1000]))).toBeNull();
    expect(xirr(flows(['2021-01-01', -1000], ['2022-01-01', -10]))).toBeNull();
    expect(xirr(flows(['2021-01-01', 1000], ['2022-01-01', 10]))).toBeNull();
    expect(xirr(flows(['2021-01-01', 0], ['2022-01-01', 0]))).toBeNull();
    // Flows that change sign twice with the NPV negative at every rate.
    expect(xirr(flows(['2021-01-01', -1000], ['2022-01-01', 100], ['2023-01-01', -1000]))).toBeNull();
  });
});

describe('transactionFlows', () => {
  it('pays for buys with charges and receives sales and dividends less charges', () => {
    const base = { symbol: 'INFY', date: '2023-01-02', quantity: 10, price: 100, charges: 5 };
    const list: Transaction[] = [
      { ...base, id: 'b', kind: 'buy' },
      { ...base, id: 's', kind: 'sell' },
      { ...base, id: 'd', kind: 'dividend', price: 2 },
    ];
    expect(transactionFlows(list).map((f) => f.amount)).toEqual([-1005, 995, 15]);
  });
});

describe('benchmarkXirr', () => {
  // An index growing by exactly 10 % a year (Actual/365), with a close every calendar day of 2020-2023.
  const steady = Array.from({ length: 1461 }, (_, i) => ({
    date: addDays('2020-01-01', i),
    close: 100 * 1.1 ** (i / 365),
  }));

  it('returns the index growth rate for any flows into a steadily growing index', () => {
    const list = flows(['2020-03-02', -10000], ['2020-11-20', -5000], ['2021-06-15', 3000], ['2022-02-01', -2500]);
    const result = benchmarkXirr(list, steady);
    expect(result.xirr).toBeCloseTo(0.1, 10);
    expect(result.as_of).toBe('2023-12-31');
    expect(result.overdrawn).toBe(false);
    expect(result.terminal_value).toBeCloseTo(result.units * steady.at(-1)!.close, 9);
  });

  it('buys at the last close before a holiday and values the units at the close on or before as-of', () => {
    const index = [
      { date: '2023-01-02', close: 100 },
      { date: '2023-01-04', close: 110 },
      { date: '2023-12-29', close: 121 },
    ];
    const result = benchmarkXirr(flows(['2023-01-03', -1100]), index, '2023-12-31');
    expect(result.units).toBeCloseTo(11, 12);
    expect(result.terminal_value).toBeCloseTo(1331, 9);
    expect(result.as_of).toBe('2023-12-29');
    expect(result.xirr).toBeCloseTo(xirr(flows(['2023-01-03', -1100], ['2023-12-31', 1331]))!, 12);
  });

  it('sells units of the same value as a receipt, going short when the portfolio took out more', () => {
    const index = [
      { date: '2023-01-02', close: 100 },
      { date: '2023-06-01', close: 100 },
      { date: '2023-12-29', close: 100 },
    ];
    const partial = benchmarkXirr(flows(['2023-01-02', -1000], ['2023-06-01', 400]), index);
    expect([partial.units, partial.terminal_value, partial.overdrawn]).toEqual([6, 600, false]);
    expect(partial.xirr).toBeCloseTo(0, 12);
    const over = benchmarkXirr(flows(['2023-01-02', -1000], ['2023-06-01', 1500]), index);
    expect([over.units, over.terminal_value, over.overdrawn]).toEqual([-5, -500, true]);
  });

  it('needs an index close on or before every flow', () => {
    const index = [{ date: '2023-01-02', close: 100 }];
    expect(() => benchmarkXirr(flows(['2022-12-30', -1000]), index)).toThrow(LedgerError);
    expect(() => benchmarkXirr(flows(['2023-01-02', -1000]), [])).toThrow(LedgerError);
  });
});
