import type { MarketBar, MarketTechnicalSummary, MOMENTUM_LABELS, PriceLevel, TREND_LABELS, VOLATILITY_LABELS } from '@nivesh/proto';
import { Atr, Macd } from './indicators';
import { lastIndexOnOrBefore, monthsBefore, percentileRank, realisedVolatility, round } from './stats';
import type { TradingSignalsLib } from './trading-signals';

export type TrendLabel = (typeof TREND_LABELS)[number];
export type MomentumLabel = (typeof MOMENTUM_LABELS)[number];
export type VolatilityLabel = (typeof VOLATILITY_LABELS)[number];
type Figures = Record<string, number | null>;

/** Bars the 50-day average's slope looks back over. */
export const SLOPE_BARS = 20;
/** Bars (about a year) over which today's volatility is ranked and swing points are searched. */
export const YEAR_BARS = 252;
/** A swing high (low) is strictly higher (lower) than this many bars on each side. */
export const SWING_LOOKBACK = 5;
/** A swing point within this % of a level's price is a turn at that level. */
export const CLUSTER_PCT = 1.5;
/** A level is listed once the price has turned there at least this often. */
export const MIN_TURNS = 2;
/** Levels listed on each side of the close. */
export const MAX_LEVELS = 3;

/**
 * What each reading commonly means, in plain words. Describes, never tells anyone to act (a unit test checks the
 * texts for words of advice). `insufficient` is used when history is too short for the reading.
 */
export const TREND_MEANINGS: Record<TrendLabel | 'insufficient', string> = {
  uptrend:
    'The price is above its 50-day average, the 50-day average is above the 200-day average and it is rising. This is how a steady advance usually looks. Trends describe the past and can turn without warning.',
  downtrend:
    'The price is below its 50-day average, the 50-day average is below the 200-day average and it is falling. This is how a steady decline usually looks. Trends describe the past and can turn without warning.',
  sideways:
    'The price and its 50- and 200-day averages do not line up in one direction. This is common in a range-bound market or while a trend is changing.',
  insufficient: 'There is not enough price history (70 trading days) to judge a trend.',
};
/** Used instead when there is no 200-day average yet (under 200 bars) and the trend is judged on the 50-day one alone. */
export const SHORT_TREND_MEANINGS: Record<TrendLabel, string> = {
  uptrend:
    'The price is above its 50-day average and that average is rising; with less than 200 days of history there is no 200-day average to compare. Trends describe the past and can turn without warning.',
  downtrend:
    'The price is below its 50-day average and that average is falling; with less than 200 days of history there is no 200-day average to compare. Trends describe the past and can turn without warning.',
  sideways: 'The price and its 50-day average do not point in one direction; with less than 200 days of history there is no 200-day average to compare.',
};
export const MOMENTUM_MEANINGS: Record<MomentumLabel | 'insufficient', string> = {
  overbought: 'RSI above 70 is often read as overbought: the price has risen fast. It can stay there for long in strong trends.',
  strong: 'RSI between 55 and 70 means gains have outweighed losses lately. Momentum like this often comes with an uptrend, but it can fade quickly.',
  neutral: 'RSI between 45 and 55 means gains and losses have roughly balanced over the last 14 days. On its own it says little about direction.',
  weak: 'RSI between 30 and 45 means losses have outweighed gains lately. Momentum like this often comes with a downtrend, but it can recover quickly.',
  oversold: 'RSI below 30 is often read as oversold: the price has fallen fast. It can stay there for long in strong declines.',
  insufficient: 'There is not enough price history (15 trading days) to compute the RSI.',
};
export const VOLATILITY_MEANINGS: Record<VolatilityLabel | 'insufficient', string> = {
  low: 'Daily price swings are smaller than on most days of the last year. Quiet spells are often followed by larger moves, in either direction.',
  normal: 'Daily price swings are within their usual range of the last year.',
  high: 'Daily price swings are larger than on most days of the last year. This often comes with news or market stress; large moves either way are then more likely.',
  insufficient: 'There is not enough price history (about 270 trading days) to compare daily swings with their usual range.',
};

/**
 * Trend from the close against its 50- and 200-day SMAs and the 50-day SMA's slope (% change over 20 bars):
 * uptrend when close > sma50 > sma200 and slope > 0; downtrend when close < sma50 < sma200 and slope < 0;
 * otherwise sideways. Without a 200-day SMA (under 200 bars) the sma200 conditions are dropped (uptrend when
 * close > sma50 and slope > 0, and likewise down); without a 50-day SMA or its slope, sideways.
 */
export const trendLabel = (close: number, sma50: number | null, sma200: number | null, slopePct: number | null): TrendLabel => {
  if (sma50 === null || slopePct === null) return 'sideways';
  if (close > sma50 && (sma200 === null || sma50 > sma200) && slopePct > 0) return 'uptrend';
  if (close < sma50 && (sma200 === null || sma50 < sma200) && slopePct < 0) return 'downtrend';
  return 'sideways';
};

/** RSI(14) ≥ 70 overbought, ≥ 55 strong, ≥ 45 neutral, ≥ 30 weak, below 30 oversold; no RSI: neutral. */
export const momentumLabel = (rsi: number | null): MomentumLabel => {
  if (rsi === null) return 'neutral';
  if (rsi >= 70) return 'overbought';
  if (rsi >= 55) return 'strong';
  if (rsi >= 45) return 'neutral';
  if (rsi >= 30) return 'weak';
  return 'oversold';
};

/** Percentile of today's ATR% among the previous year's: below 25 low, above 75 high, else (or unknown) normal. */
export const volatilityLabel = (percentile: number | null): VolatilityLabel => {
  if (percentile === null) return 'normal';
  if (percentile < 25) return 'low';
  if (percentile > 75) return 'high';
  return 'normal';
};

type SwingPoint = { price: number; date: string };

/** Mean-shift steps before a level is taken as settled; points on a line settle in a handful. */
const SETTLE_STEPS = 50;

const meanPrice = (points: readonly SwingPoint[]) => points.reduce((sum, point) => sum + point.price, 0) / points.length;
const latestDate = (points: readonly SwingPoint[]) => points.reduce((latest, point) => (point.date > latest ? point.date : latest), points[0]!.date);
const within = (points: readonly SwingPoint[], price: number, pct: number) => points.filter((point) => Math.abs(point.price - price) <= (price * pct) / 100);

/**
 * The swing points of one level, grown from `start`: the points within `pct` % of the mean of the points found so
 * far, until the set no longer changes (a mean shift). Every point of the result is within `pct` % of its mean.
 */
const settleLevel = (points: readonly SwingPoint[], start: SwingPoint, pct: number): SwingPoint[] => {
  let members = within(points, start.price, pct);
  for (let step = 0; step < SETTLE_STEPS && members.length; step += 1) {
    const next = within(points, meanPrice(members), pct);
    if (next.length === members.length && next.every((point, i) => point === members[i])) return members;
    members = next;
  }
  return [start];
};

/**
 * Groups swing points into price levels where the price turned. Repeatedly takes the level with the most swing points
 * within `pct` % of its price (ties: the most recent turn) among the points not yet used; see `settleLevel`. A level's
 * price is the mean of its points, `touches` their count (the turns) and `last_date` the latest of their dates.
 * Strongest first.
 */
export const clusterLevels = (points: readonly SwingPoint[], pct = CLUSTER_PCT): PriceLevel[] => {
  let left = [...points].sort((a, b) => a.price - b.price || a.date.localeCompare(b.date));
  const levels: PriceLevel[] = [];
  while (left.length) {
    let best: SwingPoint[] = [];
    for (const start of left) {
      const members = settleLevel(left, start, pct);
      if (members.length > best.length || (members.length === best.length && latestDate(members) > latestDate(best))) best = members;
    }
    levels.push({ price: meanPrice(best), touches: best.length, last_date: latestDate(best) });
    left = left.filter((point) => !best.includes(point));
  }
  return levels;
};

/** Most turns first, then the most recent. */
const strongestFirst = (a: PriceLevel, b: PriceLevel) => b.touches - a.touches || b.last_date.localeCompare(a.last_date);

/**
 * Support and resistance from the last 252 bars: swing highs (a bar's high strictly above the highs of the 5 bars
 * on each side, trading-signals SwingHigh) and swing lows (likewise lows, SwingLow) together, clustered by
 * `clusterLevels`; only levels with at least 2 turns count. Support: levels below `close`; resistance: levels above.
 * On each side the 3 with the most turns (then the most recent turn) are kept and listed nearest to the close first,
 * prices rounded to 2 decimals. The last 5 bars cannot be swing points yet.
 */
export const supportResistance = (ts: TradingSignalsLib, bars: readonly MarketBar[], close: number): { support: PriceLevel[]; resistance: PriceLevel[] } => {
  const year = bars.slice(-YEAR_BARS);
  const highs = new ts.SwingHigh({ lookback: SWING_LOOKBACK });
  const lows = new ts.SwingLow({ lookback: SWING_LOOKBACK });
  const points: SwingPoint[] = [];
  year.forEach((bar, i) => {
    const candle = { high: bar.high, low: bar.low };
    const high = highs.add(candle);
    const low = lows.add(candle);
    // A pivot is confirmed once the bars after it are seen: it is the bar SWING_LOOKBACK back.
    const pivot = year[i - SWING_LOOKBACK]?.date;
    if (high !== null && pivot) points.push({ price: high, date: pivot });
    if (low !== null && pivot) points.push({ price: low, date: pivot });
  });
  const levels = clusterLevels(points).filter((level) => level.touches >= MIN_TURNS);
  const rounded = (level: PriceLevel): PriceLevel => ({ ...level, price: round(level.price, 2) });
  return {
    support: levels
      .filter((level) => level.price < close)
      .sort(strongestFirst)
      .slice(0, MAX_LEVELS)
      .sort((a, b) => b.price - a.price)
      .map(rounded),
    resistance: levels
      .filter((level) => level.price > close)
      .sort(strongestFirst)
      .slice(0, MAX_LEVELS)
      .sort((a, b) => a.price - b.price)
      .map(rounded),
  };
};

const pct = (value: number | null, digits = 2) => (value === null ? null : round(value, digits));

/**
 * Technical summary of one symbol from its adjusted bars (ascending, at least one; load a year + 200 bars or more
 * so every figure exists). The indicators are the ones the indicators answer serves (TA-Lib's conventions). Figures
 * are rounded (prices and % to 2 decimals, the MACD histogram to 4) and labels are decided on the rounded figures,
 * so they always agree.
 * - trend: close, sma50, sma200, sma50_slope_pct (sma50 now vs 20 bars ago, %); see `trendLabel`.
 * - momentum: rsi14 (Wilder), macd_histogram (12/26/9), return_1m_pct (close vs the last close on or before one
 *   calendar month before the latest bar); see `momentumLabel`.
 * - volatility: atr14_pct (ATR(14) / close × 100), realised_20d_pct (`realisedVolatility` of the last 20 daily
 *   log returns), percentile (rank of today's atr14_pct among the 252 previous bars' values; null when
 *   fewer exist); see `volatilityLabel`.
 * - support/resistance: see `supportResistance`.
 * Pure.
 */
export const technicalSummary = (ts: TradingSignalsLib, bars: readonly MarketBar[]): Omit<MarketTechnicalSummary, 'symbol' | 'company'> => {
  const last = bars[bars.length - 1]!;
  const close = last.close;
  const sma50 = new ts.SMA(50);
  const sma200 = new ts.SMA(200);
  const rsi = new ts.RSI(14);
  const macd = new Macd(12, 26, 9);
  const atr = new Atr(14);
  const sma50s: Array<number | null> = [];
  const atrPcts: number[] = [];
  let sma200Now: number | null = null;
  let rsiNow: number | null = null;
  let histogram: number | null = null;
  for (const bar of bars) {
    sma50s.push(sma50.add(bar.close));
    sma200Now = sma200.add(bar.close);
    rsiNow = rsi.add(bar.close);
    histogram = macd.add(bar.close)?.histogram ?? null;
    const range = atr.add({ high: bar.high, low: bar.low, close: bar.close });
    if (range !== null) atrPcts.push((range / bar.close) * 100);
  }
  const sma50Now = sma50s[sma50s.length - 1] ?? null;
  const sma50Then = sma50s.length > SLOPE_BARS ? sma50s[sma50s.length - 1 - SLOPE_BARS] : null;

  const monthAgo = lastIndexOnOrBefore(bars, monthsBefore(last.date, 1));
  const atrNow = atrPcts.length ? atrPcts[atrPcts.length - 1]! : null;
  const previousAtr = atrPcts.slice(-1 - YEAR_BARS, -1);
  const percentile = atrNow !== null && previousAtr.length === YEAR_BARS ? percentileRank(atrNow, previousAtr) : null;
  const realised = bars.length > 20 ? realisedVolatility(ts, bars.slice(-21).map((bar) => bar.close)) : null;

  const figures = {
    sma50: pct(sma50Now),
    sma200: pct(sma200Now),
    slope: sma50Now !== null && sma50Then !== null ? pct((sma50Now / sma50Then - 1) * 100) : null,
    rsi14: pct(rsiNow),
    percentile: pct(percentile),
  };
  const trend: Figures = { close, sma50: figures.sma50, sma200: figures.sma200, sma50_slope_pct: figures.slope };
  const momentum: Figures = {
    rsi14: figures.rsi14,
    macd_histogram: pct(histogram, 4),
    return_1m_pct: monthAgo >= 0 ? pct((close / bars[monthAgo]!.close - 1) * 100) : null,
  };
  const volatility: Figures = { atr14_pct: pct(atrNow), realised_20d_pct: pct(realised), percentile: figures.percentile };

  const trendIs = trendLabel(close, figures.sma50, figures.sma200, figures.slope);
  const momentumIs = momentumLabel(figures.rsi14);
  const volatilityIs = volatilityLabel(figures.percentile);
  const trendKnown = figures.sma50 !== null && figures.slope !== null;
  const trendMeaning = !trendKnown ? TREND_MEANINGS.insufficient : figures.sma200 === null ? SHORT_TREND_MEANINGS[trendIs] : TREND_MEANINGS[trendIs];
  return {
    as_of: last.date,
    close,
    trend: { label: trendIs, meaning: trendMeaning, figures: trend },
    momentum: { label: momentumIs, meaning: figures.rsi14 === null ? MOMENTUM_MEANINGS.insufficient : MOMENTUM_MEANINGS[momentumIs], figures: momentum },
    volatility: {
      label: volatilityIs,
      meaning: figures.percentile === null ? VOLATILITY_MEANINGS.insufficient : VOLATILITY_MEANINGS[volatilityIs],
      figures: volatility,
    },
    ...supportResistance(ts, bars, close),
  };
};
