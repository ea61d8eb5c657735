import type { IndicatorColumns, MarketIndicators, MarketSentiment } from '@nivesh/proto';
import { NSE_CALENDAR } from '@nivesh/platform';
import { monthsBefore } from './format';
import type { Grounding } from './grounding';

/** A figure and the date of the data it comes from. */
export type Dated = { value: number; date: string };

type Column = Array<number | null>;

/** The last non-null value of an indicator column and its bar's date: the value the indicators endpoint ends on. */
export const lastPoint = (indicators: MarketIndicators | undefined, pick: (series: IndicatorColumns) => Column): Dated | null => {
  if (!indicators) return null;
  const column = pick(indicators.series);
  for (let index = Math.min(column.length, indicators.dates.length) - 1; index >= 0; index -= 1) {
    const value = column[index];
    if (value !== null && value !== undefined && Number.isFinite(value)) return { value, date: indicators.dates[index]! };
  }
  return null;
};

/**
 * The value of an indicator column `sessions` NSE trading sessions before the date of its last value, or null when the
 * series has no value on that day (it starts later, or the data misses that day): never a neighbouring day instead.
 */
export const earlierPoint = (indicators: MarketIndicators | undefined, pick: (series: IndicatorColumns) => Column, sessions: number): Dated | null => {
  const last = lastPoint(indicators, pick);
  if (!indicators || !last) return null;
  const date = NSE_CALENDAR.add(last.date, -sessions);
  const value = pick(indicators.series)[indicators.dates.indexOf(date)];
  return value === null || value === undefined || !Number.isFinite(value) ? null : { value, date };
};

/**
 * RSI(14): the last value of the indicators' RSI series; the technical summary's (rounded) RSI only when the
 * indicators are missing.
 */
export const rsiReading = (grounding: Grounding): Dated | null => {
  const point = lastPoint(grounding.indicators, (series) => series.rsi14);
  if (point) return point;
  const rsi = grounding.summary?.momentum.figures.rsi14;
  return grounding.summary && typeof rsi === 'number' ? { value: rsi, date: grounding.summary.as_of } : null;
};

/** The latest close of the stock on `date`, from the quote or the summary, when one of them is of that day. */
export const closeOn = (grounding: Grounding, date: string): number | null => {
  if (grounding.quote?.as_of === date) return grounding.quote.close;
  if (grounding.summary?.as_of === date) return grounding.summary.close;
  return null;
};

/** The latest close the grounding knows, with its date. */
export const latestClose = (grounding: Grounding): Dated | null => {
  if (grounding.quote) return { value: grounding.quote.close, date: grounding.quote.as_of };
  if (grounding.summary) return { value: grounding.summary.close, date: grounding.summary.as_of };
  return null;
};

/** The date on which the MACD histogram last changed sign (the MACD line crossed its signal line), if within `bars`. */
export const lastMacdCross = (indicators: MarketIndicators | undefined, bars = 10): string | null => {
  if (!indicators) return null;
  const points = indicators.series.macd.histogram.flatMap((value, index) => (value === null ? [] : [{ value, date: indicators.dates[index]! }]));
  for (let index = points.length - 1; index > 0 && index >= points.length - bars; index -= 1) {
    if (Math.sign(points[index]!.value) !== Math.sign(points[index - 1]!.value) && points[index]!.value !== 0) return points[index]!.date;
  }
  return null;
};

/** The index's reading about a month before its latest, and the year's highest and lowest readings. */
export const sentimentHistory = (sentiment: MarketSentiment): { monthAgo: Dated | null; high: Dated | null; low: Dated | null } => {
  const history = sentiment.history.filter((point) => point.date <= sentiment.as_of);
  const cutoff = monthsBefore(sentiment.as_of, 1);
  const before = history.filter((point) => point.date <= cutoff);
  const monthAgo = before.length ? before[before.length - 1]! : null;
  let high: Dated | null = null;
  let low: Dated | null = null;
  for (const point of history) {
    if (!high || point.score > high.value) high = { value: point.score, date: point.date };
    if (!low || point.score < low.value) low = { value: point.score, date: point.date };
  }
  return { monthAgo: monthAgo ? { value: monthAgo.score, date: monthAgo.date } : null, high, low };
};
