import type { Close } from './gains';
import { alignCloses, maxDrawdown, portfolioRisk, TRADING_DAYS } from './risk';
import { LedgerError } from './transactions';

const day = (i: number) => new Date(Date.UTC(2023, 0, 2) + i * 86_400_000).toISOString().slice(0, 10);
const fromReturns = (returns: readonly number[], start = 100): Close[] =>
  returns.reduce<Close[]>(
    (list, r, i) => [...list, { date: day(i + 1), close: list[i]!.close * (1 + r) }],
    [{ date: day(0), close: start }],
  );
const wiggle = (n: number, phase: number, size = 0.01) =>
  Array.from({ length: n }, (_, i) => size * Math.sin(i * 1.7 + phase) + 0.002 * Math.cos(i * 0.3));

// Independent statistics for the checks.
const avg = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
const cov = (x: number[], y: number[]) =>
  x.reduce((s, v, i) => s + (v - avg(x)) * (y[i]! - avg(y)), 0) / (x.length - 1);

describe('portfolioRisk', () => {
  const index = wiggle(60, 0);
  const nifty = fromReturns(index);
  // One stock moves as the index, one three times as much.
  const closes = { SAME: fromReturns(index), TRIPLE: fromReturns(index.map((r) => 3 * r)) };

  it('weights daily returns by value: half in each gives twice the index moves, beta 2', () => {
    const risk = portfolioRisk(closes, nifty, { SAME: 50_000, TRIPLE: 50_000 });
    expect(risk.weights).toEqual([0.5, 0.5]);
    expect(risk.portfolio_returns).toHaveLength(60);
    risk.portfolio_returns.forEach((r, t) => expect(r).toBeCloseTo(2 * index[t]!, 12));
    expect(risk.beta).toBeCloseTo(2, 10);
    const indexVolatility = Math.sqrt(cov(index, index) * TRADING_DAYS);
    expect(risk.index_volatility).toBeCloseTo(indexVolatility, 12);
    expect(risk.volatility).toBeCloseTo(2 * indexVolatility, 12);
  });

  it('keeps the holdings\' whole window when the index ends earlier: beta from the days both have', () => {
    const full = portfolioRisk(closes, nifty, { SAME: 50_000, TRIPLE: 50_000 });
    const short = portfolioRisk(closes, nifty.slice(0, 41), { SAME: 50_000, TRIPLE: 50_000 });
    expect(short.dates).toEqual(full.dates);
    expect(short.portfolio_returns).toHaveLength(60);
    expect(short.volatility).toBeCloseTo(full.volatility!, 12);
    expect(short.max_drawdown).toEqual(full.max_drawdown);
    expect(short.index_returns).toHaveLength(40);
    expect(short.beta).toBeCloseTo(2, 10);
  });

  it("splits the volatility into each holding's contribution w_i (Σw)_i / σ_p", () => {
    const risk = portfolioRisk(closes, nifty, { SAME: 1, TRIPLE: 1 });
    // Perfectly correlated, volatilities σ and 3σ, half each: contributions σ/2 and 3σ/2 of a total 2σ.
    const sigma = risk.index_volatility!;
    expect(risk.contributions.map((c) => c.symbol)).toEqual(['SAME', 'TRIPLE']);
    expect(risk.contributions[0]!.contribution).toBeCloseTo(sigma / 2, 12);
    expect(risk.contributions[1]!.contribution).toBeCloseTo((3 * sigma) / 2, 12);
    expect(risk.contributions.map((c) => c.share)).toEqual([expect.closeTo(0.25, 12), expect.closeTo(0.75, 12)]);
  });

  it('adds the contributions up to the volatility for any mix', () => {
    const mix = {
      A: fromReturns(wiggle(80, 1)),
      B: fromReturns(wiggle(80, 2.5, 0.02)),
      C: fromReturns(wiggle(80, 4, 0.005)),
    };
    const risk = portfolioRisk(mix, fromReturns(wiggle(80, 0.5)), { A: 0.5, B: 0.2, C: 0.3 });
    const total = risk.contributions.reduce((sum, c) => sum + c.contribution!, 0);
    expect(total).toBeCloseTo(risk.volatility!, 12);
    expect(risk.contributions.reduce((sum, c) => sum + c.share!, 0)).toBeCloseTo(1, 12);
    // Each is w_i × cov(r_i, r_p) / σ_p, annualised.
    const rp = risk.portfolio_returns;
    const returnsOf = (points: Close[]) => points.slice(1).map((p, i) => p.close / points[i]!.close - 1);
    (['A', 'B', 'C'] as const).forEach((symbol, i) => {
      const expected = (risk.weights[i]! * cov(returnsOf(mix[symbol]), rp)) / Math.sqrt(cov(rp, rp));
      expect(risk.contributions[i]!.contribution).toBeCloseTo(expected * Math.sqrt(TRADING_DAYS), 12);
    });
  });

  it('uses only the dates every series has', () => {
    const gappy = { SAME: closes.SAME.filter((_, i) => i !== 10), TRIPLE: closes.TRIPLE };
    const risk = portfolioRisk(gappy, nifty, { SAME: 1, TRIPLE: 1 });
    expect(risk.dates).toHaveLength(60);
    expect(risk.dates).not.toContain(day(10));
    // The return over the gap spans two days, for the index too.
    expect(risk.index_returns[9]).toBeCloseTo(nifty[11]!.close / nifty[9]!.close - 1, 12);
    expect(alignCloses([closes.SAME, [{ date: day(3), close: 1 }]])).toEqual({
      dates: [day(3)],
      closes: [[closes.SAME[3]!.close], [1]],
    });
  });

  it("finds the maximum drawdown of the portfolio's value with its peak and trough dates", () => {
    const dates = [day(0), day(1), day(2), day(3), day(4), day(5)];
    expect(maxDrawdown(dates, [100, 110, 88, 99, 120, 108])).toEqual({
      drawdown: expect.closeTo(-0.2, 12),
      peak: day(1),
      trough: day(2),
    });
    expect(maxDrawdown(dates.slice(0, 3), [1, 2, 3])).toEqual({ drawdown: 0, peak: null, trough: null });
    const one = portfolioRisk({ X: fromReturns([0.1, -0.2, 0.125]) }, fromReturns([0, 0, 0]), { X: 1 }, 2);
    expect(one.max_drawdown).toEqual({ drawdown: expect.closeTo(-0.2, 12), peak: day(1), trough: day(2) });
  });

  it('answers null figures with too few returns, and refuses a holding without prices', () => {
    const short = portfolioRisk({ SAME: closes.SAME.slice(0, 10) }, nifty, { SAME: 1 });
    expect([short.volatility, short.beta, short.contributions[0]!.contribution]).toEqual([null, null, null]);
    expect(() => portfolioRisk({ SAME: closes.SAME }, nifty, { SAME: 1, TCS: 1 })).toThrow(LedgerError);
  });
});
