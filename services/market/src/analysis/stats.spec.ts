import { loadTradingSignals } from './trading-signals';
import { annualVolatilityPct } from '../risk/risk';
import { clamp, lastIndexOnOrBefore, monthsBefore, percentileRank, realisedVolatility, RollingExtremes, RollingRank, round } from './stats';

describe('date helpers', () => {
  it('goes back calendar months, clamping to shorter months', () => {
    expect(monthsBefore('2024-03-28', 1)).toBe('2024-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2023-03-31', 1)).toBe('2023-02-28');
    expect(monthsBefore('2024-03-07', 6)).toBe('2023-09-07');
    expect(monthsBefore('2024-01-15', 1)).toBe('2023-12-15');
  });

  it('finds the last entry on or before a date', () => {
    const series = ['2024-01-02', '2024-01-03', '2024-01-05'].map((date) => ({ date }));
    expect(lastIndexOnOrBefore(series, '2024-01-01')).toBe(-1);
    expect(lastIndexOnOrBefore(series, '2024-01-03')).toBe(1);
    expect(lastIndexOnOrBefore(series, '2024-01-04')).toBe(1);
    expect(lastIndexOnOrBefore(series, '2025-01-01')).toBe(2);
    expect(lastIndexOnOrBefore([], '2025-01-01')).toBe(-1);
  });
});

describe('numbers', () => {
  it('rounds and clamps', () => {
    expect(round(1.23456, 2)).toBe(1.23);
    expect(round(-2.345, 1)).toBe(-2.3);
    expect(clamp(120, 0, 100)).toBe(100);
    expect(clamp(-3, 0, 100)).toBe(0);
  });

  it('ranks a value by the share of the window strictly below it', () => {
    expect(percentileRank(5, [1, 2, 3, 4])).toBe(100);
    expect(percentileRank(0, [1, 2, 3, 4])).toBe(0);
    expect(percentileRank(3, [1, 2, 3, 4])).toBe(50);
    expect(percentileRank(3, [])).toBeNull();
  });

  it('keeps a rolling window whose rank equals a scan of its last values', () => {
    const rolling = new RollingRank(10);
    const all: number[] = [];
    let seed = 7;
    for (let i = 0; i < 10_000; i++) {
      seed = (seed * 16807) % 2147483647;
      const value = seed % 50; // plenty of ties
      const window = all.slice(-10);
      expect(rolling.rank(value)).toBe(percentileRank(value, window));
      rolling.push(value);
      all.push(value);
    }
    expect(rolling.size).toBe(10);
  });

  it("keeps a rolling window's highest and lowest like trading-signals' Period", async () => {
    const ts = await loadTradingSignals();
    const period = new ts.Period(25);
    const extremes = new RollingExtremes(25);
    let seed = 11;
    for (let i = 0; i < 10_000; i++) {
      seed = (seed * 16807) % 2147483647;
      const value = (seed % 1000) / 10 + (i % 500 < 250 ? i / 100 : -i / 100); // trends both ways, with ties
      const expected = period.add(value);
      expect(extremes.push(value)).toEqual(expected === null ? null : { highest: expected.highest, lowest: expected.lowest });
    }
  });

  it('annualises the sample (n − 1) standard deviation of daily log returns, as the annual volatility does', async () => {
    const ts = await loadTradingSignals();
    const closes = [100, 102, 101, 103, 102];
    const returns = closes.slice(1).map((close, i) => Math.log(close / closes[i]!));
    const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1));
    expect(realisedVolatility(ts, closes)).toBeCloseTo(sd * Math.sqrt(252) * 100, 10);
    // One convention for the technical summary's 20-day figure and the risk answer's annual one.
    const month = Array.from({ length: 21 }, (_, i) => 100 + 5 * Math.sin(i) + i / 3);
    expect(realisedVolatility(ts, month)).toBeCloseTo(annualVolatilityPct(month), 10);
    expect(realisedVolatility(ts, [100, 100, 100])).toBe(0);
    expect(realisedVolatility(ts, [100, 101])).toBeNull();
    expect(realisedVolatility(ts, [100])).toBeNull();
  });
});
