import { INDICATOR_HISTORY_SESSIONS, type MarketBar } from '@nivesh/proto';
import { loadTradingSignals } from './trading-signals';
import {
  clusterLevels,
  MOMENTUM_MEANINGS,
  momentumLabel,
  SHORT_TREND_MEANINGS,
  supportResistance,
  technicalSummary,
  TREND_MEANINGS,
  trendLabel,
  VOLATILITY_MEANINGS,
  volatilityLabel,
} from './technical-summary';

const dateOf = (i: number) => new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10);
const bar = (i: number, close: number, high = close + 1, low = close - 1): MarketBar => ({ date: dateOf(i), open: close, high, low, close, volume: 1000 });
const series = (n: number, closeAt: (i: number) => number) => Array.from({ length: n }, (_, i) => bar(i, closeAt(i)));
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('reading labels', () => {
  it('labels momentum by RSI at the boundaries', () => {
    expect([70, 69.99, 55, 54.99, 45, 44.99, 30, 29.99, null].map(momentumLabel)).toEqual([
      'overbought',
      'strong',
      'strong',
      'neutral',
      'neutral',
      'weak',
      'weak',
      'oversold',
      'neutral',
    ]);
  });

  it('labels volatility by percentile at the boundaries', () => {
    expect([0, 24.99, 25, 50, 75, 75.01, 100, null].map(volatilityLabel)).toEqual(['low', 'low', 'normal', 'normal', 'normal', 'high', 'high', 'normal']);
  });

  it('labels trend from close, averages and slope', () => {
    expect(trendLabel(110, 105, 100, 0.5)).toBe('uptrend');
    expect(trendLabel(110, 105, 100, 0)).toBe('sideways');
    expect(trendLabel(110, 100, 105, 0.5)).toBe('sideways');
    expect(trendLabel(104, 105, 100, 0.5)).toBe('sideways');
    expect(trendLabel(90, 95, 100, -0.5)).toBe('downtrend');
    expect(trendLabel(90, 95, 100, 0)).toBe('sideways');
    expect(trendLabel(96, 95, 100, -0.5)).toBe('sideways');
    // Without a 200-day average only the 50-day conditions apply; without a 50-day one, sideways.
    expect(trendLabel(110, 105, null, 0.5)).toBe('uptrend');
    expect(trendLabel(90, 95, null, -0.5)).toBe('downtrend');
    expect(trendLabel(110, 105, null, -0.5)).toBe('sideways');
    expect(trendLabel(110, null, null, null)).toBe('sideways');
    expect(trendLabel(110, 105, 100, null)).toBe('sideways');
  });

  it('never words a meaning as advice', () => {
    const texts = [...Object.values(TREND_MEANINGS), ...Object.values(SHORT_TREND_MEANINGS), ...Object.values(MOMENTUM_MEANINGS), ...Object.values(VOLATILITY_MEANINGS)];
    expect(texts).toHaveLength(4 + 3 + 6 + 4);
    for (const text of texts) {
      expect(text).not.toMatch(/\b(buy|sell|target|should|recommend)/i);
      const sentences = text.split(/[.!?](\s|$)/).filter((part) => part.trim().length > 1);
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('support and resistance', () => {
  const at = (price: number, day: number) => ({ price, date: dateOf(day) });

  it('counts as turns at a level every swing point within 1.5% of its price, the densest level first', () => {
    const levels = clusterLevels([at(101, 4), at(100, 8), at(101.6, 1), at(103, 2), at(110, 3)]);
    // 100, 101 and 101.6 all lie within 1.5% of their mean; 103 does not.
    expect(levels).toEqual([
      { price: (100 + 101 + 101.6) / 3, touches: 3, last_date: dateOf(8) },
      { price: 110, touches: 1, last_date: dateOf(3) },
      { price: 103, touches: 1, last_date: dateOf(2) },
    ]);
    expect(clusterLevels([])).toEqual([]);
  });

  it('finds the turns around a level, not only above its lowest point', () => {
    // Three turns 1.2% apart: all within 1.5% of 101.2. Grouping up from the lowest point split them into 2 + 1.
    expect(clusterLevels([at(100, 1), at(101.2, 2), at(102.4, 3)])).toEqual([{ price: 101.2, touches: 3, last_date: dateOf(3) }]);
  });

  it('breaks a tie in turns by the most recent turn', () => {
    const levels = clusterLevels([at(100, 1), at(100.5, 2), at(120, 9), at(120.4, 10)]);
    expect(levels.map((level) => [level.price, level.touches])).toEqual([
      [120.2, 2],
      [100.25, 2],
    ]);
  });

  it('keeps every turn of a level within 1.5% of its price, and every point in exactly one level', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const points = Array.from({ length: 60 }, (_, i) => at(80 + random() * 40, i));
    const levels = clusterLevels(points);
    expect(levels.reduce((sum, level) => sum + level.touches, 0)).toBe(points.length);
    for (const level of levels) {
      const near = points.filter((point) => Math.abs(point.price - level.price) <= level.price * 0.015);
      expect(near.length).toBeGreaterThanOrEqual(level.touches);
    }
    // Strongest first.
    expect(levels.map((level) => level.touches)).toEqual([...levels.map((level) => level.touches)].sort((a, b) => b - a));
  });

  it('finds swing highs and lows (5 bars each side), keeps levels turned at twice or more, and splits them around the close', async () => {
    const ts = await loadTradingSignals();
    const bars = Array.from({ length: 40 }, (_, i) => bar(i, 95, 100, 90));
    const set = (i: number, change: Partial<MarketBar>) => (bars[i] = { ...bars[i]!, ...change });
    set(8, { high: 110 });
    set(20, { high: 111 });
    set(32, { high: 120 }); // a single turn: not a level
    set(14, { low: 80 });
    set(26, { low: 80.5 });
    set(38, { high: 130 }); // fewer than 5 bars after it: not a confirmed swing high
    expect(supportResistance(ts, bars, 95)).toEqual({
      support: [{ price: 80.25, touches: 2, last_date: dateOf(26) }],
      resistance: [{ price: 110.5, touches: 2, last_date: dateOf(20) }],
    });
  });

  it('keeps the three levels per side with the most turns (then the latest), listed nearest first, from the last 252 bars only', async () => {
    const ts = await loadTradingSignals();
    const bars = Array.from({ length: 300 }, (_, i) => bar(i, 95, 100, 90));
    const set = (i: number, change: Partial<MarketBar>) => (bars[i] = { ...bars[i]!, ...change });
    set(20, { low: 80.1 }); // older than 252 bars: would have made 80 a level of 3 turns
    let day = 55;
    const lows = (...prices: number[]) => prices.forEach((low) => set((day += 7), { low }));
    lows(85, 85.4, 84.9); // 3 turns
    lows(80, 80.3); // 2 turns, earlier than 75's
    lows(70, 70.2, 69.8, 70.1); // 4 turns
    lows(75, 75.5); // 2 turns, the latest of the two-turn levels
    lows(89.5); // 1 turn, nearest to the close: not a level
    set(280, { high: 101 });
    set(290, { high: 101.2 });
    const { support, resistance } = supportResistance(ts, bars, 95);
    expect(support.map((level) => [level.price, level.touches])).toEqual([
      [85.1, 3],
      [75.25, 2],
      [70.03, 4],
    ]);
    expect(resistance).toEqual([{ price: 101.1, touches: 2, last_date: dateOf(290) }]);
    expect(clusterLevels([at(80.1, 20), at(80, 0), at(80.3, 1)])[0]?.touches).toBe(3);
  });
});

describe('technicalSummary', () => {
  it('reads a steady rise as an overbought uptrend with low volatility', async () => {
    const ts = await loadTradingSignals();
    const bars = series(300, (i) => 100 + i);
    const closes = bars.map((b) => b.close);
    const summary = technicalSummary(ts, bars);
    expect(summary.as_of).toBe(dateOf(299));
    expect(summary.close).toBe(399);
    const sma50 = mean(closes.slice(-50));
    const sma50Then = mean(closes.slice(-70, -20));
    expect(summary.trend).toEqual({
      label: 'uptrend',
      meaning: TREND_MEANINGS.uptrend,
      figures: { close: 399, sma50: 374.5, sma200: mean(closes.slice(-200)), sma50_slope_pct: Math.round((sma50 / sma50Then - 1) * 10_000) / 100 },
    });
    // A month before the last date (calendar days here) is bar 269.
    expect(summary.momentum).toEqual({
      label: 'overbought',
      meaning: MOMENTUM_MEANINGS.overbought,
      figures: { rsi14: 100, macd_histogram: expect.any(Number), return_1m_pct: Math.round((399 / 369 - 1) * 10_000) / 100 },
    });
    // True range is 2 every day, so ATR% shrinks as the price rises: today's is the year's lowest.
    expect(summary.volatility.label).toBe('low');
    expect(summary.volatility.figures).toEqual({ atr14_pct: Math.round((2 / 399) * 10_000) / 100, realised_20d_pct: expect.any(Number), percentile: 0 });
    expect(summary.volatility.figures.realised_20d_pct).toBeGreaterThan(0);
    // A straight line has no swing points.
    expect(summary.support).toEqual([]);
    expect(summary.resistance).toEqual([]);
  });

  it('reads a steady fall as an oversold downtrend', async () => {
    const summary = technicalSummary(await loadTradingSignals(), series(300, (i) => 400 - i));
    expect(summary.trend.label).toBe('downtrend');
    expect(summary.trend.figures.sma50_slope_pct).toBeLessThan(0);
    expect(summary.momentum.label).toBe('oversold');
    expect(summary.momentum.figures.rsi14).toBe(0);
  });

  it('labels a volatility spike high against the previous year', async () => {
    const bars = series(300, (i) => 100 + (i % 2));
    bars[299] = bar(299, 100, 106, 94);
    const summary = technicalSummary(await loadTradingSignals(), bars);
    expect(summary.volatility.figures.percentile).toBe(100);
    expect(summary.volatility.label).toBe('high');
    expect(summary.volatility.meaning).toBe(VOLATILITY_MEANINGS.high);
    expect(summary.momentum.label).toBe('neutral');
  });

  it('judges short histories on what exists, and says so', async () => {
    const ts = await loadTradingSignals();
    const young = technicalSummary(ts, series(120, (i) => 100 + i));
    expect(young.trend.figures.sma200).toBeNull();
    expect(young.trend.label).toBe('uptrend');
    expect(young.trend.meaning).toBe(SHORT_TREND_MEANINGS.uptrend);
    expect(young.volatility).toEqual(expect.objectContaining({ label: 'normal', meaning: VOLATILITY_MEANINGS.insufficient }));
    expect(young.volatility.figures.percentile).toBeNull();

    const tiny = technicalSummary(ts, series(30, (i) => 100 + i));
    expect(tiny.trend).toEqual(expect.objectContaining({ label: 'sideways', meaning: TREND_MEANINGS.insufficient }));
    expect(tiny.trend.figures).toEqual({ close: 129, sma50: null, sma200: null, sma50_slope_pct: null });
    expect(tiny.momentum.figures.rsi14).toBe(100);

    const one = technicalSummary(ts, [bar(0, 50)]);
    expect(one.momentum).toEqual(expect.objectContaining({ label: 'neutral', meaning: MOMENTUM_MEANINGS.insufficient }));
    expect(one.momentum.figures).toEqual({ rsi14: null, macd_histogram: null, return_1m_pct: null });
    expect(one.volatility.figures).toEqual({ atr14_pct: null, realised_20d_pct: null, percentile: null });
  });

  it('has its longest average, the 200-day one, from the sessions the pages say the indicators need', async () => {
    const ts = await loadTradingSignals();
    expect(technicalSummary(ts, series(INDICATOR_HISTORY_SESSIONS - 1, (i) => 100 + i)).trend.figures.sma200).toBeNull();
    expect(technicalSummary(ts, series(INDICATOR_HISTORY_SESSIONS, (i) => 100 + i)).trend.figures.sma200).not.toBeNull();
  });
});
