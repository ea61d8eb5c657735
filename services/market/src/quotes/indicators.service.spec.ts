import type { MarketBar } from '@nivesh/proto';
import { computeIndicators, loadTradingSignals } from './indicators.service';

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
