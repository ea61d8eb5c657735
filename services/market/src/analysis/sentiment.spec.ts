import { DomainError, type MarketBar } from '@nivesh/proto';
import { loadTradingSignals } from './trading-signals';
import {
  breadthScore,
  combinedScore,
  freshSince,
  highsLowsScore,
  marketSentiment,
  momentumScore,
  SENTIMENT_METHOD,
  sentimentDays,
  sentimentLabel,
  sentimentOfDays,
  volatilityScore,
} from './sentiment';

const dateOf = (i: number) => new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10);
const bar = (i: number, close: number): MarketBar => ({ date: dateOf(i), open: close, high: close, low: close, close, volume: 100 });
const series = (from: number, to: number, closeAt: (i: number) => number) => Array.from({ length: to - from }, (_, k) => bar(from + k, closeAt(from + k)));
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const ADVICE = /\b(buy|sell|target|should|recommend)/i;

describe('sentiment scores', () => {
  it('labels the index at the boundaries', () => {
    expect([0, 24.9, 25, 44.9, 45, 55, 55.1, 75, 75.1, 100].map(sentimentLabel)).toEqual([
      'Extreme fear',
      'Extreme fear',
      'Fear',
      'Fear',
      'Neutral',
      'Neutral',
      'Greed',
      'Greed',
      'Extreme greed',
      'Extreme greed',
    ]);
  });

  it('maps each component to 0-100', () => {
    expect(breadthScore(3, 4)).toEqual({ score: 75, value: 75 });
    expect(breadthScore(0, 0)).toEqual({ score: 50, value: 50 });
    expect(momentumScore(110, 100).score).toBeCloseTo(100, 10);
    expect(momentumScore(90, 100).score).toBeCloseTo(0, 10);
    expect(momentumScore(102, 100)).toEqual({ score: expect.closeTo(60, 10), value: expect.closeTo(2, 10) });
    expect(momentumScore(130, 100).score).toBe(100);
    expect(momentumScore(60, 100).score).toBe(0);
    expect(momentumScore(100, null)).toEqual({ score: 50, value: 0 });
    expect(volatilityScore(18.5, 80)).toEqual({ score: 20, value: 18.5 });
    expect(volatilityScore(18.5, null)).toEqual({ score: 50, value: 18.5 });
    expect(volatilityScore(null, null)).toEqual({ score: 50, value: 0 });
    expect(highsLowsScore(3, 1)).toEqual({ score: 75, value: 75 });
    expect(highsLowsScore(0, 2)).toEqual({ score: 0, value: 0 });
    expect(highsLowsScore(0, 0)).toEqual({ score: 50, value: 50 });
  });

  it('averages component scores rounded to one decimal', () => {
    expect(combinedScore([10.04, 20.06, 30, 40])).toBe(25); // (10 + 20.1 + 30 + 40) / 4 = 25.025
    expect(combinedScore([100, 100, 100, 99.99])).toBe(100);
  });
});

describe('freshSince', () => {
  it('counts staleness in NSE sessions: a stock last traded on 4 Apr 2024 still counts on 15 Apr, eleven calendar days later', () => {
    // Sessions from 4 Apr: 5, 8, 9, 10, 12 and 15 Apr (11 Apr was Id-Ul-Fitr).
    expect(freshSince('2024-04-15')).toBe('2024-04-03');
    expect(freshSince('2024-04-15') <= '2024-04-04').toBe(true);
  });
});

describe('sentimentDays', () => {
  // 400 index days with a wavy rise; stocks: rising, falling, too young, stopped trading, and one lacking the last day.
  const indexBars = series(0, 400, (i) => 1000 + i + 30 * Math.sin(i / 9));
  const rising = series(0, 399, (i) => 100 + i);
  const falling = series(0, 400, (i) => 500 - i);
  const young = series(370, 400, (i) => 10 + i);
  const stopped = series(0, 300, (i) => 100 + i);
  const from = dateOf(299);

  it('reads every index day after `from` from the windows up to it', async () => {
    const ts = await loadTradingSignals();
    const days = sentimentDays(ts, indexBars, [rising, falling, young, stopped], from);
    expect(days).toHaveLength(100);
    expect(days[0]!.date).toBe(dateOf(300));
    const last = days.at(-1)!;
    expect(last.date).toBe(dateOf(399));
    // `rising` lacks the last day and counts with its close of the day before; `young` has 30 bars; `stopped` is stale.
    expect(last.breadth).toEqual({ above: 1, eligible: 2, score: 50, value: 50 });
    expect(last.highs_lows).toEqual({ highs: 1, lows: 1, eligible: 2, score: 50, value: 50 });
    // On day 300, `stopped` (last bar day 299) is still fresh and above its average.
    expect(days[0]!.breadth).toEqual(expect.objectContaining({ above: 2, eligible: 3 }));

    const closes = indexBars.map((b) => b.close);
    const d = (closes[399]! / mean(closes.slice(275, 400)) - 1) * 100;
    expect(last.momentum.value).toBeCloseTo(d, 10);
    expect(last.momentum.score).toBeCloseTo(Math.min(100, Math.max(0, 50 + 5 * d)), 10);

    const vol = (end: number) => {
      const returns = closes.slice(end - 20, end + 1).map((close, k, all) => (k ? Math.log(close / all[k - 1]!) : NaN)).slice(1);
      const m = mean(returns);
      return Math.sqrt(returns.reduce((sum, r) => sum + (r - m) ** 2, 0) / 19) * Math.sqrt(252) * 100;
    };
    const previous = Array.from({ length: 252 }, (_, k) => vol(398 - k));
    const rank = (previous.filter((value) => value < vol(399)).length / 252) * 100;
    expect(last.volatility.value).toBeCloseTo(vol(399), 8);
    expect(last.volatility.rank).toBeCloseTo(rank, 8);
    expect(last.volatility.score).toBeCloseTo(100 - rank, 8);
    expect(last.score).toBe(combinedScore([last.breadth.score, last.momentum.score, last.volatility.score, last.highs_lows.score]));
  });

  it('counts stocks near their 52-week high and low from their own 252 closes', async () => {
    const ts = await loadTradingSignals();
    // Flat at 100 then 96 (within 5% of the high and of the low 96) and one at 94.9 (only near the low).
    const near = [...series(0, 399, () => 100), bar(399, 96)];
    const low = [...series(0, 399, () => 100), bar(399, 94.9)];
    const last = sentimentDays(ts, indexBars, [near, low], from).at(-1)!;
    expect(last.highs_lows).toEqual({ highs: 1, lows: 2, eligible: 2, score: expect.closeTo(100 / 3, 10), value: expect.closeTo(100 / 3, 10) });
    expect(last.breadth).toEqual(expect.objectContaining({ above: 0, eligible: 2 }));
  });
});

describe('marketSentiment', () => {
  it('answers the last day with its components and the history of the range', async () => {
    const ts = await loadTradingSignals();
    const indexBars = series(0, 400, (i) => 1000 + i + 30 * Math.sin(i / 9));
    const stocks = [series(0, 400, (i) => 100 + i), series(0, 400, (i) => 500 - i)];
    const answer = marketSentiment(ts, indexBars, stocks, dateOf(349));
    expect(answer.as_of).toBe(dateOf(399));
    expect(answer.history).toHaveLength(50);
    expect(answer.history.at(-1)).toEqual({ date: answer.as_of, score: answer.score });
    expect(answer.components.map((component) => component.key)).toEqual(['breadth', 'momentum', 'volatility', 'highs_lows']);
    expect(answer.score).toBeCloseTo(mean(answer.components.map((component) => component.score)), 1);
    expect(answer.label).toBe(sentimentLabel(answer.score));
    for (const component of answer.components) {
      expect(component.score).toBeGreaterThanOrEqual(0);
      expect(component.score).toBeLessThanOrEqual(100);
      expect(component.name.length).toBeGreaterThan(3);
      expect(component.unit.length).toBeGreaterThan(0);
      expect(component.meaning).not.toMatch(ADVICE);
    }
    expect(answer.components[0]!.meaning).toBe('1 of 2 stocks closed above their 50-day average. Many stocks rising together is read as confidence; few as caution.');
    expect(SENTIMENT_METHOD).not.toMatch(ADVICE);
  });

  it("gives a shorter range the readings of the wider range's days, so the 6-month and 1-year answers can be cut from the 5-year one", async () => {
    const ts = await loadTradingSignals();
    // Noisy series, so the windows' sums and ranks change every day; each range reads its own warm-up of 320 days.
    const noise = (i: number, seed: number) => Math.sin(i * 12.9898 + seed) * 43758.5453 - Math.floor(Math.sin(i * 12.9898 + seed) * 43758.5453);
    const indexBars = series(0, 1500, (i) => 1000 + i / 3 + 80 * noise(i, 1));
    const stocks = [1, 2, 3, 4, 5].map((seed) => series(seed * 40, 1500, (i) => 100 + seed * 10 + 30 * noise(i, seed)));
    const warmedFrom = (from: number) => (bars: ReturnType<typeof series>) => bars.filter((b) => b.date > dateOf(from - 320));
    const wide = sentimentDays(ts, indexBars, stocks, dateOf(400));
    for (const from of [1000, 1300]) {
      const cut = warmedFrom(from);
      const own = sentimentDays(ts, cut(indexBars), stocks.map(cut), dateOf(from));
      expect(sentimentOfDays(wide.filter((day) => day.date > dateOf(from)))).toEqual(sentimentOfDays(own));
      expect(own.length).toBe(1500 - from - 1);
    }
  });

  it('answers not_found without index days in the range', async () => {
    const ts = await loadTradingSignals();
    expect(() => marketSentiment(ts, [], [], '2020-01-01')).toThrow(DomainError);
    expect(() => marketSentiment(ts, series(0, 10, () => 1), [], dateOf(20))).toThrow('No NIFTY 50 prices');
  });
});
