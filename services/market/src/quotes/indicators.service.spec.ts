import type { MarketBar } from '@nivesh/proto';
import { loadTradingSignals } from '../analysis/trading-signals';
import { computeIndicators } from './indicators.service';

// StockCharts' RSI example ("Relative Strength Index (RSI)", ChartSchool) publishes 70.53 at the 15th close. Its
// spreadsheet rounds the intermediate averages; exact Wilder arithmetic (average gain 3.34/14, average loss 1.40/14)
// gives 70.4641, which is what an unrounded implementation must return.
const STOCKCHARTS_CLOSES = [44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28];

const bar = (i: number, close: number): MarketBar => ({
  date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
  open: close,
  high: close + 1,
  low: close - 1,
  close,
  volume: 1000 + i,
});

describe('trading-signals against reference values', () => {
  it("matches StockCharts' 14-period RSI example", async () => {
    const ts = await loadTradingSignals();
    const rsi = new ts.RSI(14);
    const results = STOCKCHARTS_CLOSES.map((close) => rsi.add(close));
    expect(results.slice(0, 14).every((value) => value === null)).toBe(true);
    expect(rsi.isStable).toBe(true);
    expect(results[14]!).toBeCloseTo(70.4641, 4);
    expect(Math.abs(results[14]! - 70.53)).toBeLessThan(0.1);
  });

  it('computes a simple moving average', async () => {
    const ts = await loadTradingSignals();
    const sma = new ts.SMA(5);
    [1, 2, 3, 4].forEach((value) => expect(sma.add(value)).toBeNull());
    expect(sma.add(5)).toBe(3);
    expect(sma.add(11)).toBe(5); // (2+3+4+5+11)/5
  });
});

describe('computeIndicators', () => {
  const closes = Array.from({ length: 120 }, (_, i) => 100 + 10 * Math.sin(i / 7) + i / 10);
  const bars = closes.map((close, i) => bar(i, close));

  it("has Bollinger's middle band equal to the 20-bar SMA, all aligned to bar dates", async () => {
    const series = computeIndicators(await loadTradingSignals(), bars, 0);
    expect(series.bollinger20.middle).toEqual(series.sma20);
    const last20 = closes.slice(-20).reduce((sum, close) => sum + close, 0) / 20;
    expect(series.sma20.at(-1)).toEqual({ date: bars.at(-1)!.date, value: Math.round(last20 * 10_000) / 10_000 });
    expect(series.sma20).toHaveLength(101);
    expect(series.sma20[0]!.date).toBe(bars[19]!.date);
    expect(series.rsi14[0]!.date).toBe(bars[14]!.date);
  });

  it('keeps only dates after the warm-up, stable from the first of them', async () => {
    const series = computeIndicators(await loadTradingSignals(), bars, 100);
    for (const points of [series.sma20, series.sma50, series.ema20, series.rsi14, series.macd.signal, series.atr14, series.adx14, series.stochastic14.d, series.obv]) {
      expect(points[0]!.date).toBe(bars[100]!.date);
    }
    expect(series.sma50).toHaveLength(20);
    expect(series.vwap).toHaveLength(20);
    // Cumulative from the range's first bar: VWAP there is that bar's typical price.
    expect(series.vwap[0]!.value).toBeCloseTo(closes[100]!, 4);
    expect(series.obv.every((p) => Number.isInteger(p.value))).toBe(true);
  });
});

describe('computeIndicators over a listing with no history before the range (TA-Lib warm-up)', () => {
  const closes = Array.from({ length: 80 }, (_, i) => 100 + 10 * Math.sin(i / 5) + i / 4);
  const bars = closes.map((close, i) => bar(i, close));
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const trueRange = (i: number) => Math.max(bars[i]!.high - bars[i]!.low, Math.abs(bars[i]!.high - closes[i - 1]!), Math.abs(bars[i]!.low - closes[i - 1]!));

  it('seeds the EMA with the mean of the first 20 closes', async () => {
    const { ema20 } = computeIndicators(await loadTradingSignals(), bars, 0, { exact: true });
    expect(ema20[0]).toEqual({ date: bars[19]!.date, value: mean(closes.slice(0, 20)) });
    expect(ema20[1]!.value).toBeCloseTo(mean(closes.slice(0, 20)) + (closes[20]! - mean(closes.slice(0, 20))) * (2 / 21), 12);
  });

  it('starts MACD on bar 33, both EMAs seeded on bar 25 and the signal with the mean of the MACD on bars 25 to 33', async () => {
    const { macd } = computeIndicators(await loadTradingSignals(), bars, 0, { exact: true });
    const ema = (k: number, seed: number, from: number, to: number) => closes.slice(from, to + 1).reduce((value, close) => (close - value) * k + value, seed);
    const line = Array.from({ length: 9 }, (_, j) => {
      const at = 25 + j;
      return ema(2 / 13, mean(closes.slice(14, 26)), 26, at) - ema(2 / 27, mean(closes.slice(0, 26)), 26, at);
    });
    expect(macd.macd[0]!.date).toBe(bars[33]!.date);
    expect(macd.macd[0]!.value).toBeCloseTo(line[8]!, 10);
    expect(macd.signal[0]!.value).toBeCloseTo(mean(line), 10);
    expect(macd.histogram[0]!.value).toBeCloseTo(line[8]! - mean(line), 10);
  });

  it("starts ATR on bar 14 with the mean of the true ranges of bars 1 to 14, leaving out the first bar's high - low", async () => {
    const { atr14 } = computeIndicators(await loadTradingSignals(), bars, 0, { exact: true });
    const ranges = Array.from({ length: 14 }, (_, j) => trueRange(j + 1));
    expect(atr14[0]!.date).toBe(bars[14]!.date);
    expect(atr14[0]!.value).toBeCloseTo(mean(ranges), 12);
    expect(atr14[1]!.value).toBeCloseTo((mean(ranges) * 13 + trueRange(15)) / 14, 12);
  });

  it('starts OBV on the first bar with its volume, as TA-Lib, and signs the first bar of a later range by its change', async () => {
    const ts = await loadTradingSignals();
    const { obv } = computeIndicators(ts, bars, 0);
    expect(obv[0]).toEqual({ date: bars[0]!.date, value: bars[0]!.volume });
    const signed = (i: number) => Math.sign(closes[i]! - closes[i - 1]!) * bars[i]!.volume!;
    expect(obv[1]!.value).toBe(bars[0]!.volume! + signed(1));
    // Range from bar 40: OBV restarts there at its volume signed by the change from bar 39.
    expect(computeIndicators(ts, bars, 40).obv.slice(0, 2).map((point) => point.value)).toEqual([signed(40), signed(40) + signed(41)]);
  });
});

describe("ADX (Wilder's directional movement)", () => {
  // A steady rise (+DM of 2 every bar, never a -DM), with an outside bar every fifth bar whose up-move equals its
  // down-move (3 and 3). Wilder counts neither for such a bar, so there is never any -DM and ADX is 100 throughout.
  const bars = Array.from({ length: 60 }, (_, i): MarketBar => ({ ...bar(i, 95 + 2 * i), high: 100 + 2 * i, low: 90 + 2 * i }));
  for (let i = 4; i < bars.length; i += 5) bars[i] = { ...bars[i]!, high: bars[i - 1]!.high + 3, low: bars[i - 1]!.low - 3 };

  it('counts an equal up- and down-move as neither', async () => {
    const { adx14 } = computeIndicators(await loadTradingSignals(), bars, 0, { exact: true });
    expect(adx14[0]!.date).toBe(bars[27]!.date);
    expect(adx14.map((point) => point.value)).toEqual(Array.from({ length: 33 }, () => 100));
  });
});
