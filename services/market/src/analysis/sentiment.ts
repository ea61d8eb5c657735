import { NSE_CALENDAR } from '@nivesh/platform';
import { DomainError, type MarketBar, type MarketSentiment, type SENTIMENT_LABELS, type SentimentComponent } from '@nivesh/proto';
import { clamp, RollingExtremes, RollingRank, realisedVolatility, round } from './stats';
import type { TradingSignalsLib } from './trading-signals';

export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];

/** Window lengths, in bars. */
export const BREADTH_SMA = 50;
export const MOMENTUM_SMA = 125;
export const VOLATILITY_RETURNS = 20;
export const RANK_WINDOW = 252;
export const HIGH_LOW_WINDOW = 252;
/** "Near" a 52-week high or low: within this % of it. */
export const NEAR_PCT = 5;
/** A stock whose latest bar is older than this many NSE sessions before a day is left out of that day. */
export const STALE_SESSIONS = 7;

/** The oldest latest-bar date that still counts on `day`: `STALE_SESSIONS` sessions before it on NSE's calendar. */
export const freshSince = (day: string): string => NSE_CALENDAR.add(day, -STALE_SESSIONS);

export const SENTIMENT_METHOD =
  'The index is the mean of four scores from 0 (fear) to 100 (greed), computed on split- and bonus-adjusted daily closes for every NIFTY 50 trading day. ' +
  'Market breadth is the share of stocks (with at least 50 days of history) closing above their 50-day average. ' +
  'Momentum is how far NIFTY 50 is from its 125-day average: each 1% above adds 5 points to 50 and each 1% below takes 5 away, so +10% or more scores 100 and -10% or less scores 0. ' +
  "Volatility is NIFTY 50's 20-day realised volatility (standard deviation of daily log returns, annualised); its score is 100 minus the share of the previous 252 days with lower volatility, so unusually calm markets score high and turbulent ones low. " +
  '52-week highs vs lows counts stocks (with at least 252 days of history) closing within 5% of their highest and of their lowest close of the last 252 days; the score is the share of the highs among both, 50 when there are none. ' +
  'Below 25 reads Extreme fear, below 45 Fear, up to 55 Neutral, up to 75 Greed, above that Extreme greed. The index describes the mood of recent prices; it is not a forecast.';

/** < 25 Extreme fear, < 45 Fear, ≤ 55 Neutral, ≤ 75 Greed, else Extreme greed. */
export const sentimentLabel = (score: number): SentimentLabel => {
  if (score < 25) return 'Extreme fear';
  if (score < 45) return 'Fear';
  if (score <= 55) return 'Neutral';
  if (score <= 75) return 'Greed';
  return 'Extreme greed';
};

type Reading = { score: number; value: number };

/** % of eligible stocks above their 50-day SMA; score = that %. No eligible stock: 50. */
export const breadthScore = (above: number, eligible: number): Reading => {
  const value = eligible ? (above / eligible) * 100 : 50;
  return { score: value, value };
};

/** d = % distance of the close from its 125-day SMA; score = clamp(50 + 5d, 0, 100). No SMA yet: d = 0. */
export const momentumScore = (close: number, sma: number | null): Reading => {
  const value = sma === null ? 0 : (close / sma - 1) * 100;
  return { score: clamp(50 + value * 5, 0, 100), value };
};

/** score = 100 − percentile rank of today's volatility among the previous days' (50 without either). */
export const volatilityScore = (volatility: number | null, rank: number | null): Reading => ({
  score: volatility === null || rank === null ? 50 : 100 - rank,
  value: volatility ?? 0,
});

/** Share of the near-high stocks among near-high and near-low ones, in %; 50 when there are none. value = score. */
export const highsLowsScore = (highs: number, lows: number): Reading => {
  const value = highs + lows ? (highs / (highs + lows)) * 100 : 50;
  return { score: value, value };
};

/** The index: mean of the component scores rounded to 1 decimal, each rounded to 1 decimal first. */
export const combinedScore = (scores: readonly number[]): number => round(scores.reduce((sum, score) => sum + round(score, 1), 0) / scores.length, 1);

export type SentimentDay = {
  date: string;
  score: number;
  breadth: Reading & { above: number; eligible: number };
  momentum: Reading;
  volatility: Reading & { rank: number | null };
  highs_lows: Reading & { highs: number; lows: number; eligible: number };
};

type StockState = {
  bars: readonly MarketBar[];
  next: number;
  close: number;
  date: string;
  sma: InstanceType<TradingSignalsLib['SMA']>;
  average: number | null;
  extremes: RollingExtremes;
  range: { highest: number; lowest: number } | null;
};

/**
 * The sentiment readings of every NIFTY 50 trading day after `from` (exclusive), in one pass over all days with
 * incremental windows: each stock's 50-day SMA (trading-signals) and 252-close high/low (`RollingExtremes`)
 * advance with its own bars up to the day; NIFTY 50's 125-day SMA, 20-return volatility and a sorted window of the
 * previous 252 volatilities advance with the index. Bars before `from` only warm the windows up, so pass at
 * least 273 index bars and 252 bars of each stock more (the answer is then the same as with all history). On
 * each day a stock counts with its latest bar on or before it (the dataset lacks a few days that the index has),
 * unless that bar is more than 10 days old.
 * - breadth: stocks with ≥ 50 bars whose close is above their 50-day SMA, in % of them (`breadthScore`).
 * - momentum: `momentumScore` of NIFTY 50's close against its 125-day SMA.
 * - volatility: NIFTY 50's `realisedVolatility` over the last 20 log returns, scored by `volatilityScore` against
 *   the previous 252 days' values (fewer at the start of the data).
 * - highs_lows: among stocks with ≥ 252 bars, those whose close is within 5% of their 252-close high (close ≥
 *   0.95 × high) and of their low (close ≤ 1.05 × low) (`highsLowsScore`; a stock may count as both).
 * Pure.
 */
export const sentimentDays = (ts: TradingSignalsLib, index: readonly MarketBar[], stocks: ReadonlyArray<readonly MarketBar[]>, from: string): SentimentDay[] => {
  const states: StockState[] = stocks.map((bars) => ({
    bars,
    next: 0,
    close: 0,
    date: '',
    sma: new ts.SMA(BREADTH_SMA),
    average: null,
    extremes: new RollingExtremes(HIGH_LOW_WINDOW),
    range: null,
  }));
  const indexSma = new ts.SMA(MOMENTUM_SMA);
  const volatilities = new RollingRank(RANK_WINDOW);
  const closes: number[] = [];
  const days: SentimentDay[] = [];

  for (const day of index) {
    const sma = indexSma.add(day.close);
    closes.push(day.close);
    if (closes.length > VOLATILITY_RETURNS + 1) closes.shift();
    const volatility = closes.length === VOLATILITY_RETURNS + 1 ? realisedVolatility(ts, closes) : null;
    const rank = volatility === null ? null : volatilities.rank(volatility);
    if (volatility !== null) volatilities.push(volatility);

    const fresh = freshSince(day.date);
    let above = 0;
    let breadthEligible = 0;
    let highs = 0;
    let lows = 0;
    let rangeEligible = 0;
    for (const state of states) {
      while (state.next < state.bars.length && state.bars[state.next]!.date <= day.date) {
        const bar = state.bars[state.next++]!;
        state.close = bar.close;
        state.date = bar.date;
        state.average = state.sma.add(bar.close);
        state.range = state.extremes.push(bar.close);
      }
      if (day.date <= from || state.date < fresh) continue;
      if (state.average !== null) {
        breadthEligible++;
        if (state.close > state.average) above++;
      }
      if (state.range) {
        rangeEligible++;
        if (state.close >= state.range.highest * (1 - NEAR_PCT / 100)) highs++;
        if (state.close <= state.range.lowest * (1 + NEAR_PCT / 100)) lows++;
      }
    }
    if (day.date <= from) continue;

    const breadth = breadthScore(above, breadthEligible);
    const momentum = momentumScore(day.close, sma);
    const vol = volatilityScore(volatility, rank);
    const highsLows = highsLowsScore(highs, lows);
    days.push({
      date: day.date,
      score: combinedScore([breadth.score, momentum.score, vol.score, highsLows.score]),
      breadth: { ...breadth, above, eligible: breadthEligible },
      momentum,
      volatility: { ...vol, rank },
      highs_lows: { ...highsLows, highs, lows, eligible: rangeEligible },
    });
  }
  return days;
};

const fmt = (value: number, digits = 1) => round(value, digits).toFixed(digits);

/** The components of one day, with their plain-language meaning (descriptive, never advice). */
export const sentimentComponents = (day: SentimentDay): SentimentComponent[] => {
  const { breadth, momentum, volatility, highs_lows: highsLows } = day;
  const component = (key: SentimentComponent['key'], name: string, reading: Reading, unit: string, meaning: string): SentimentComponent => ({
    key,
    name,
    score: round(reading.score, 1),
    value: round(reading.value, 2),
    unit,
    meaning,
  });
  return [
    component(
      'breadth',
      'Market breadth',
      breadth,
      '% above 50-day average',
      breadth.eligible
        ? `${breadth.above} of ${breadth.eligible} stocks closed above their 50-day average. Many stocks rising together is read as confidence; few as caution.`
        : 'No stock has 50 days of history yet, so breadth is taken as neutral.',
    ),
    component(
      'momentum',
      'Market momentum',
      momentum,
      '%',
      `NIFTY 50 is ${fmt(Math.abs(momentum.value), 2)}% ${momentum.value < 0 ? 'below' : 'above'} its 125-day average. Far above it is read as greed, far below as fear.`,
    ),
    component(
      'volatility',
      'Market volatility',
      volatility,
      '% annualised',
      volatility.rank === null
        ? 'There is not enough NIFTY 50 history to rank its volatility, so it is taken as neutral.'
        : `NIFTY 50's 20-day volatility is ${fmt(volatility.value, 2)}% a year, above ${fmt(volatility.rank, 0)}% of the previous year's readings. Calm markets are read as confidence, turbulent ones as fear.`,
    ),
    component(
      'highs_lows',
      '52-week highs vs lows',
      highsLows,
      '% near highs',
      `${highsLows.highs} of ${highsLows.eligible} stocks closed within 5% of their 52-week high and ${highsLows.lows} within 5% of their 52-week low. More stocks near highs than lows is read as greed.`,
    ),
  ];
};

/**
 * The market sentiment index on NIFTY 50's latest day, with its components and its history over every NIFTY 50
 * trading day after `from` (see `sentimentDays`). Throws not_found without index bars after `from`. Pure.
 */
export const marketSentiment = (ts: TradingSignalsLib, index: readonly MarketBar[], stocks: ReadonlyArray<readonly MarketBar[]>, from: string): MarketSentiment =>
  sentimentOfDays(sentimentDays(ts, index, stocks, from));

/** The answer of `sentimentDays`' readings: the latest day's index and components, and every day's score. Pure. */
export const sentimentOfDays = (days: readonly SentimentDay[]): MarketSentiment => {
  const last = days[days.length - 1];
  if (!last) throw new DomainError('not_found', 'No NIFTY 50 prices');
  return {
    as_of: last.date,
    score: last.score,
    label: sentimentLabel(last.score),
    components: sentimentComponents(last),
    history: days.map((day) => ({ date: day.date, score: day.score })),
    method: SENTIMENT_METHOD,
  };
};
