import { type MarketBar, RISK_HISTORY_SESSIONS } from '@nivesh/proto';
import {
  annualVolatilityPct,
  assessRisk,
  beta,
  type Close,
  detectFlags,
  historicalVar95Pct,
  maxDrawdown,
  pairedReturns,
  quantile,
  returnCorrelation,
  riskLevel,
} from './risk';
import { round } from '../analysis/stats';

const day = (i: number) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
const series = (closes: readonly number[]): Close[] => closes.map((close, i) => ({ date: day(i), close }));
const bar = (i: number, close: number, extra: Partial<MarketBar> = {}): MarketBar => ({ date: day(i), open: close, high: close, low: close, close, volume: 1000, ...extra });
/** 21 quiet bars at 100 with volume 1000, then the given bars (opening at the previous close unless told). */
const afterQuiet = (...rest: Array<[close: number, extra?: Partial<MarketBar>]>): MarketBar[] => {
  const bars = Array.from({ length: 21 }, (_, i) => bar(i, 100));
  for (const [close, extra] of rest) bars.push(bar(bars.length, close, { open: bars[bars.length - 1]!.close, ...extra }));
  return bars;
};
/** A deterministic wiggle of daily returns. */
const wiggle = (n: number) => Array.from({ length: n }, (_, i) => 0.01 * Math.sin(i * 1.7) + 0.004 * Math.cos(i * 0.3));
const compound = (returns: readonly number[], start = 100) => returns.reduce((closes, r) => [...closes, closes[closes.length - 1]! * (1 + r)], [start]);

describe('annualVolatilityPct', () => {
  it('is the sample standard deviation of log returns x sqrt(252), in %', () => {
    // ln(1.1) and ln(0.9): numpy.std(diff(log([100, 110, 99])), ddof=1) * sqrt(252) * 100 = 225.2523
    expect(annualVolatilityPct([100, 110, 99])).toBeCloseTo(225.2523, 3);
    expect(annualVolatilityPct([100, 101, 102.01, 103.0301])).toBeCloseTo(0, 9);
  });

  it('is 0 below two returns', () => {
    expect(annualVolatilityPct([100])).toBe(0);
    expect(annualVolatilityPct([100, 120])).toBe(0);
  });
});

describe('maxDrawdown', () => {
  it('finds the deepest fall from a running maximum with its peak and trough dates', () => {
    // 120 -> 90 is -25%; 130 -> 104 only -20%.
    const dd = maxDrawdown(series([100, 120, 110, 90, 130, 104, 125]));
    expect(dd).toEqual({ pct: -25, peak: day(1), trough: day(3) });
  });

  it('keeps the first date of a repeated maximum and of the deepest low', () => {
    expect(maxDrawdown(series([100, 100, 80, 80, 90]))).toEqual({ pct: expect.closeTo(-20, 10), peak: day(0), trough: day(2) });
  });

  it('is 0 with null dates when the close never falls', () => {
    expect(maxDrawdown(series([1, 2, 2, 3]))).toEqual({ pct: 0, peak: null, trough: null });
  });
});

describe('quantile and historicalVar95Pct', () => {
  it('interpolates linearly between order statistics like numpy.percentile', () => {
    expect(quantile([1, 2, 3, 4, 5], 0.05)).toBeCloseTo(1.2, 12);
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantile([7], 0.05)).toBe(7);
    expect(quantile([1, 2, 3, 4, 5], 1)).toBe(5);
  });

  it('is minus the 5th percentile of daily returns, in %', () => {
    // numpy.percentile(r, 5) = -0.041: sorted, h = 9 x 0.05 = 0.45 between -0.05 and -0.03.
    const r = [0.01, -0.02, 0.03, -0.05, 0, 0.015, -0.01, 0.02, -0.03, 0.005];
    expect(historicalVar95Pct(r)).toBeCloseTo(4.1, 10);
    expect(historicalVar95Pct([])).toBe(0);
  });
});

describe('beta and pairedReturns', () => {
  const index = series(compound(wiggle(40)));

  it('is 1 against itself and 2 against twice its daily returns', () => {
    expect(beta(index, index)).toBeCloseTo(1, 12);
    const doubled = series(compound(wiggle(40).map((r) => 2 * r), 50));
    expect(beta(doubled, index)).toBeCloseTo(2, 12);
    expect(returnCorrelation(doubled, index)).toBeCloseTo(1, 12);
  });

  it('pairs returns only between the same two consecutive dates of both series', () => {
    const a = series([100, 110, 121, 133.1]);
    const b = [
      { date: day(0), close: 10 },
      { date: day(2), close: 12 },
      { date: day(3), close: 6 },
    ];
    // day1 is missing from b, so a's returns into and out of day1 have no partner; day2 -> day3 pairs.
    const pairs = pairedReturns(a, b);
    expect(pairs.a).toHaveLength(1);
    expect(pairs.a[0]).toBeCloseTo(0.1, 12);
    expect(pairs.b[0]).toBeCloseTo(-0.5, 12);
  });

  it('is null with fewer than 20 common returns', () => {
    const short = series(compound(wiggle(19)));
    expect(pairedReturns(short, short).a).toHaveLength(19);
    expect(beta(short, short)).toBeNull();
    expect(beta(series(compound(wiggle(20))), series(compound(wiggle(20))))).toBeCloseTo(1, 12);
    expect(beta(index, series(index.map(() => 100)))).toBeNull();
  });

  it('exists from the sessions the pages say the risk figures need', () => {
    const enough = series(compound(wiggle(RISK_HISTORY_SESSIONS - 1)));
    expect(enough).toHaveLength(RISK_HISTORY_SESSIONS);
    expect(beta(enough, enough)).not.toBeNull();
    expect(beta(enough.slice(1), enough.slice(1))).toBeNull();
  });
});

describe('detectFlags', () => {
  it('flags a rise of 8% on 3x the 20-day mean volume that gives back half of it within 10 bars', () => {
    const bars = afterQuiet([108, { volume: 3000 }], [104], [99], [95.04], [99], ...Array.from({ length: 8 }, (): [number] => [100]));
    const flags = detectFlags(bars);
    expect(flags).toEqual([
      {
        kind: 'pump_and_dump',
        date: day(21),
        description:
          'Volume 3.0× its 20-day average with a 8.0% rise; the price then fell 12.0% within the next 10 sessions, giving back at least half of the rise.',
        figures: { change_pct: 8, volume_ratio: 3, close: 108, reversal_pct: -12 },
      },
    ]);
  });

  it('needs the volume, the rise, the give-back, and 20 earlier bars with volume', () => {
    expect(detectFlags(afterQuiet([108, { volume: 2999 }], [100]))).toEqual([]);
    expect(detectFlags(afterQuiet([107.99, { volume: 5000 }], [100]))).toEqual([]);
    expect(detectFlags(afterQuiet([108, { volume: 3000 }], [104])).map((f) => [f.kind, f.figures.reversal_pct])).toEqual([['pump_and_dump', -3.7]]);
    // Not yet a later session, or a give-back of less than half the rise: no pattern (a jump that holds is news).
    expect(detectFlags(afterQuiet([108, { volume: 3000 }]))).toEqual([]);
    expect(detectFlags(afterQuiet([108, { volume: 3000 }], [104.01], [106]))).toEqual([]);
    // Only 19 bars of history before the jump.
    expect(detectFlags(afterQuiet([108, { volume: 3000 }], [100]).slice(2))).toEqual([]);
    const gappy = afterQuiet([108, { volume: 3000 }], [100]);
    gappy[5] = { ...gappy[5]!, volume: null };
    expect(detectFlags(gappy)).toEqual([]);
  });

  it('flags gaps of 5% or more either way, from the open against the previous close', () => {
    const flags = detectFlags(afterQuiet([103, { open: 105 }], [104, { open: 97.92 }], [98, { open: 98.8 }], [99, { open: 104 }]));
    expect(flags.map((f) => [f.kind, f.date, f.figures])).toEqual([
      ['gap', day(24), { gap_pct: 6.12, change_pct: 1.02 }],
      ['gap', day(23), { gap_pct: -5, change_pct: -5.77 }],
      ['gap', day(21), { gap_pct: 5, change_pct: 3 }],
    ]);
    expect(flags[2]!.description).toBe('Opened 5.0% above the previous close; closed 3.0% above it.');
  });

  it('flags close-to-close moves of 9.5% or more as limit moves', () => {
    const flags = detectFlags(afterQuiet([109.4], [99.1], [89.6], [98.1]));
    expect(flags.map((f) => [f.kind, f.date, f.figures.change_pct])).toEqual([['limit_move', day(23), -9.59]]);
    expect(detectFlags(afterQuiet([109.5])).map((f) => f.figures)).toEqual([{ change_pct: 9.5, close: 109.5 }]);
    expect(flags[0]!.description).toBe("Closed 9.6% below the previous close, at 89.60: a move near NSE's 10% price band.");
  });

  it('lets one day carry several flags, most recent day first', () => {
    const flags = detectFlags(afterQuiet([112, { volume: 5000, open: 106 }], [100], [100, { open: 94 }]));
    expect(flags.map((f) => [f.date, f.kind])).toEqual([
      [day(23), 'gap'],
      [day(22), 'limit_move'],
      [day(21), 'pump_and_dump'],
      [day(21), 'gap'],
      [day(21), 'limit_move'],
    ]);
  });

  it('only flags bars from start, using earlier bars as history', () => {
    const bars = afterQuiet([110, { volume: 4000 }], [99]);
    expect(detectFlags(bars, 22).map((f) => f.date)).toEqual([day(22)]);
    expect(detectFlags(bars, 21).map((f) => f.kind)).toEqual(['limit_move', 'pump_and_dump', 'limit_move']);
  });

  it('raises nothing across an adjusted split', () => {
    // A 1:10 split already adjusted: price and volume continue smoothly.
    const bars = Array.from({ length: 30 }, (_, i) => bar(i, 100 + (i % 3)));
    expect(detectFlags(bars)).toEqual([]);
  });

  it('raises no gap or limit move on the ex-date of a stored corporate action, and still does on other days', () => {
    // A rights issue's ex-date (adjustment leaves the day's own drop) and a real fall three days later.
    const bars = afterQuiet([90, { open: 92 }], [91], [92], [82, { open: 86 }]);
    expect(detectFlags(bars).map((f) => [f.date, f.kind])).toEqual([
      [day(24), 'gap'],
      [day(24), 'limit_move'],
      [day(21), 'gap'],
      [day(21), 'limit_move'],
    ]);
    expect(detectFlags(bars, 0, new Set([day(21)])).map((f) => [f.date, f.kind])).toEqual([
      [day(24), 'gap'],
      [day(24), 'limit_move'],
    ]);
    expect(assessRisk(bars, 0, [], new Set([day(21), day(24)])).flags).toEqual([]);
  });
});

describe('riskLevel', () => {
  it('uses descriptive thresholds', () => {
    expect(riskLevel(40.01, 0, false)).toBe('high');
    expect(riskLevel(10, -5, true)).toBe('high');
    expect(riskLevel(40, -29, false)).toBe('moderate');
    expect(riskLevel(25.01, 0, false)).toBe('moderate');
    expect(riskLevel(20, -30.01, false)).toBe('moderate');
    expect(riskLevel(25, -30, false)).toBe('low');
  });
});

describe('assessRisk', () => {
  const closes = compound(wiggle(120));
  const bars = closes.map((close, i) => bar(i, round(close, 4)));
  const index = series(closes);

  it('measures the range from start with the index for beta', () => {
    const risk = assessRisk(bars, 20, index);
    const range = bars.slice(20).map((b) => b.close);
    expect(risk.range).toEqual({ from: day(20), to: day(120), bars: 101 });
    expect(risk.metrics.volatility_annual_pct).toBe(round(annualVolatilityPct(range), 2));
    expect(risk.metrics.beta).toBeCloseTo(1, 3);
    expect(risk.metrics.var95_per_lakh).toBe(Math.round(risk.metrics.var95_pct * 1000));
    expect(risk.metrics.max_drawdown_pct).toBe(round(maxDrawdown(bars.slice(20)).pct, 2));
    expect(risk.flags).toEqual([]);
  });

  it('calls a pump in the last 63 bars high risk and keeps at most 50 flags', () => {
    const pump = afterQuiet([110, { volume: 5000 }], ...Array.from({ length: 60 }, (): [number] => [104]));
    expect(assessRisk(pump, 0, []).level).toBe('high');
    expect(assessRisk([...pump, ...Array.from({ length: 3 }, (_, i) => bar(82 + i, 104))], 0, []).level).toBe('low');
    const jumpy = Array.from({ length: 80 }, (_, i) => bar(i, i % 2 ? 111 : 100));
    const risk = assessRisk(jumpy, 0, []);
    expect(risk.flags).toHaveLength(50);
    expect(risk.flags[0]!.date).toBe(day(79));
    expect(risk.metrics.beta).toBeNull();
  });
});
