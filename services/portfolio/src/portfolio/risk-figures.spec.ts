import type { Close } from '../ledger/gains';
import { OPTIMISATION_ASSUMPTIONS } from '../ledger/optimise';
import { type HeldValue, holdingsRisk, mixVolatility, percentages, riskFigures, whatIfFigures } from './risk-figures';

const day = (i: number) => new Date(Date.UTC(2023, 0, 2) + i * 86_400_000).toISOString().slice(0, 10);
const fromReturns = (returns: readonly number[], start = 100): Close[] =>
  returns.reduce<Close[]>((list, r, i) => [...list, { date: day(i + 1), close: list[i]!.close * (1 + r) }], [{ date: day(0), close: start }]);
const wiggle = (n: number, phase: number, size = 0.01) => Array.from({ length: n }, (_, i) => size * Math.sin(i * 1.7 + phase) + 0.002 * Math.cos(i * 0.3 + phase));

const index = wiggle(60, 0);
const NIFTY = fromReturns(index);
// CALM moves half as much as the index; WILD three times as much and out of step with CALM.
const CLOSES = new Map<string, Close[]>([
  ['CALM', fromReturns(index.map((r) => r / 2))],
  ['WILD', fromReturns(wiggle(60, 2, 0.03))],
]);
const held = (...pairs: [string, number][]): HeldValue[] => pairs.map(([symbol, value]) => ({ symbol, company: `${symbol} Ltd.`, value }));

describe('holdingsRisk', () => {
  it("weights today's holdings by value and leaves out, by name, one without closes", () => {
    const { risk, unpriced } = holdingsRisk(held(['CALM', 75_000], ['WILD', 25_000], ['NEW', 10_000], ['GONE', 0]), CLOSES, NIFTY);
    expect(risk!.symbols).toEqual(['CALM', 'WILD']);
    expect(risk!.weights).toEqual([0.75, 0.25]);
    expect(unpriced).toEqual(['NEW']);
  });

  it('is null with nothing held', () => {
    expect(holdingsRisk([], CLOSES, NIFTY)).toEqual({ risk: null, unpriced: [] });
  });
});

describe('riskFigures', () => {
  it('gives the window, volatility, beta and drawdown in %, and risk shares adding up to 100', () => {
    const figures = riskFigures(holdingsRisk(held(['CALM', 50_000], ['WILD', 50_000]), CLOSES, NIFTY).risk)!;
    expect(figures).toMatchObject({ from: day(0), to: day(60), returns: 60 });
    expect(figures.volatility).toBeGreaterThan(0);
    expect(figures.nifty_volatility).toBeGreaterThan(0);
    expect(figures.max_drawdown).toBeLessThan(0);
    expect(figures.drawdown_peak! < figures.drawdown_trough!).toBe(true);
    expect(figures.contributions.map((entry) => [entry.symbol, entry.weight_pct])).toEqual([['CALM', 50], ['WILD', 50]]);
    const shares = figures.contributions.map((entry) => entry.risk_share_pct!);
    expect(shares[0]! + shares[1]!).toBeCloseTo(100, 1);
    // The wild stock carries most of the swing.
    expect(shares[1]!).toBeGreaterThan(shares[0]!);
    // Only CALM's beta to the index is 0.5: held alone, the figures say so.
    expect(riskFigures(holdingsRisk(held(['CALM', 1]), CLOSES, NIFTY).risk)!.beta).toBe(0.5);
  });

  it('is null with fewer than 20 daily returns', () => {
    const short = new Map([['CALM', CLOSES.get('CALM')!.slice(-20)]]);
    expect(riskFigures(holdingsRisk(held(['CALM', 1]), short, NIFTY).risk)).toBeNull();
    expect(riskFigures(null)).toBeNull();
  });
});

describe('percentages', () => {
  it('shows weights with two decimals adding up to exactly 100', () => {
    expect(percentages([1 / 3, 1 / 3, 1 / 3])).toEqual([33.34, 33.33, 33.33]);
    expect(percentages([0.5, 0.5])).toEqual([50, 50]);
    expect(percentages([0.123456, 0.876544])).toEqual([12.35, 87.65]);
    expect(percentages([])).toEqual([]);
  });
});

describe('whatIfFigures', () => {
  const holdings = held(['CALM', 50_000], ['WILD', 50_000]);

  it('sets the minimum-variance and risk-parity mixes beside today, with the volatility each would have had', () => {
    const whatIf = whatIfFigures('2023-03-03', holdings, holdingsRisk(holdings, CLOSES, NIFTY));
    expect(whatIf).toMatchObject({ as_of: '2023-03-03', from: '2023-01-02', to: '2023-03-03', returns: 60, unavailable: null });
    const [calm, wild] = whatIf.holdings;
    expect(calm).toMatchObject({ symbol: 'CALM', company: 'CALM Ltd.', current_pct: 50 });
    for (const key of ['current_pct', 'min_variance_pct', 'risk_parity_pct'] as const) expect(calm![key] + wild![key]).toBeCloseTo(100, 9);
    // Both mixes lean to the calm stock, the minimum-variance one at least as far as risk parity.
    expect(calm!.risk_parity_pct).toBeGreaterThan(50);
    expect(calm!.min_variance_pct).toBeGreaterThanOrEqual(calm!.risk_parity_pct);
    const { current, min_variance, risk_parity } = whatIf.volatility;
    expect(min_variance!).toBeLessThanOrEqual(risk_parity!);
    expect(risk_parity!).toBeLessThan(current!);
    expect(whatIf.assumptions).toEqual([...OPTIMISATION_ASSUMPTIONS, 'Based on 60 daily returns from 2 Jan 2023 to 3 Mar 2023.']);
  });

  it("names a stock without prices and says why there is nothing to mix with one stock, keeping today's weights", () => {
    const one = held(['CALM', 50_000], ['NEW', 10_000]);
    const whatIf = whatIfFigures('2023-03-03', one, holdingsRisk(one, CLOSES, NIFTY));
    expect(whatIf.unavailable).toBe('Your portfolio holds one stock with prices over the last year (CALM), so there is no mix to illustrate: the what-if needs at least two.');
    expect(whatIf.holdings).toEqual([{ symbol: 'CALM', company: 'CALM Ltd.', current_pct: 100, min_variance_pct: 100, risk_parity_pct: 100 }]);
    expect(whatIf.volatility).toEqual({ current: expect.any(Number), min_variance: null, risk_parity: null });
    expect(whatIf.assumptions.at(-1)).toBe('NEW is left out: Nivesh has no prices for it over the last year.');
  });

  it('says so when the stocks have too little history in common, and when nothing is held', () => {
    const short = new Map([...CLOSES].map(([symbol, closes]) => [symbol, closes.slice(-10)]));
    expect(whatIfFigures('2023-03-03', holdings, holdingsRisk(holdings, short, NIFTY)).unavailable).toBe(
      'Your stocks have only 9 daily returns in common over the last year: the what-if needs at least 20.',
    );
    const none = whatIfFigures(null, [], { risk: null, unpriced: [] });
    expect(none).toMatchObject({ as_of: null, from: null, to: null, returns: 0, holdings: [], volatility: { current: null, min_variance: null, risk_parity: null } });
    expect(none.unavailable).toMatch(/^Your portfolio holds no stocks with prices/);
    expect(none.assumptions).toEqual(OPTIMISATION_ASSUMPTIONS);
  });

  it('never words a mix as advice', () => {
    const whatIf = whatIfFigures('2023-03-03', holdings, holdingsRisk(holdings, CLOSES, NIFTY));
    const own = whatIf.assumptions.filter((sentence) => !OPTIMISATION_ASSUMPTIONS.includes(sentence));
    for (const sentence of own) expect(sentence).not.toMatch(/\b(should|recommend|buy|sell|switch)\b/i);
  });
});

describe('mixVolatility', () => {
  it('annualises √(wᵀΣw) in %', () => {
    expect(mixVolatility([[0.0001, 0], [0, 0.0004]], [0.5, 0.5])).toBeCloseTo(Math.sqrt((0.25 * 0.0001 + 0.25 * 0.0004) * 252) * 100, 2);
  });
});
