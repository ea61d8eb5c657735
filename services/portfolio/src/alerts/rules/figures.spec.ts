import {
  HISTORY_BARS,
  RSI_WARM_UP_BARS,
  YEAR_BARS,
  computeFigures,
  loadTradingSignals,
  type DailyClose,
} from './figures';

const day = (i: number) => new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10);
const barsOf = (closes: number[]): DailyClose[] => closes.map((close, i) => ({ date: day(i), close }));

/** A deterministic random walk (mulberry32), so a failure reproduces. */
const walk = (length: number, seed: number): number[] => {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const closes = [1000];
  while (closes.length < length) closes.push(closes[closes.length - 1]! * (1 + (random() - 0.5) * 0.06));
  return closes;
};

describe('computeFigures', () => {
  it('gives the RSI trading-signals gives, rounded to the 4 decimals the Technical Analysis page keeps', async () => {
    const ts = await loadTradingSignals();
    const closes = walk(400, 7);
    const direct = new ts.RSI(14);
    const expected = closes.map((close) => {
      const value = direct.add(close);
      return direct.isStable && value !== null ? Math.round(value * 10_000) / 10_000 : null;
    });
    const { rsi } = computeFigures(ts, barsOf(closes));
    expect(rsi).toEqual(expected);
    expect(rsi.slice(0, 14).every((value) => value === null)).toBe(true);
    expect(rsi[14]).not.toBeNull();
  });

  it('agrees with an RSI from a far longer history once the window holds the warm-up', async () => {
    const ts = await loadTradingSignals();
    const closes = walk(2000, 11);
    const long = computeFigures(ts, barsOf(closes)).rsi;
    const windowStart = closes.length - HISTORY_BARS - 20;
    const short = computeFigures(ts, barsOf(closes).slice(windowStart)).rsi;
    // Every day with at least RSI_WARM_UP_BARS bars before it in the short window matches to the last decimal kept.
    for (let i = RSI_WARM_UP_BARS; i < short.length; i += 1) {
      expect(Math.abs(short[i]! - long[windowStart + i]!)).toBeLessThanOrEqual(0.0001 + 1e-9);
    }
  });

  it('holds the highest and lowest close of the 251 days before each day, and nothing with less history', async () => {
    const closes = walk(700, 3);
    const { previousHigh, previousLow } = computeFigures(await loadTradingSignals(), barsOf(closes));
    const span = YEAR_BARS - 1;
    closes.forEach((_, i) => {
      if (i < span) {
        expect([previousHigh[i], previousLow[i]]).toEqual([null, null]);
        return;
      }
      const before = closes.slice(i - span, i);
      expect([previousHigh[i], previousLow[i]]).toEqual([Math.max(...before), Math.min(...before)]);
    });
  });

  it('refuses bars out of date order', async () => {
    const bars = [
      { date: '2024-03-28', close: 1 },
      { date: '2024-03-27', close: 2 },
    ];
    expect(() => computeFigures({} as never, bars)).toThrow(RangeError);
  });
});
