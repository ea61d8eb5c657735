import type { PortfolioSummary } from '@nivesh/proto';
import { formatINR, formatMarketDate } from '../../../lib/format';
import { PORTFOLIO_TEXTS } from '../texts';

export type ValueChartProps = {
  /** The weekly values, in any order: they are sorted for drawing. */
  series: readonly ValueWeek[];
};

/** One week's last close: the portfolio's value, the same payments held in NIFTY 50 (null where unknown), invested. */
export type ValueWeek = PortfolioSummary['series'][number];

/** The three lines the chart draws. */
export type ValueLine = 'value' | 'nifty_value' | 'invested';

/** The lines' names, in the legend, in the description and on the canvas. */
export const LINE_NAMES: Record<ValueLine, string> = {
  value: PORTFOLIO_TEXTS.chartValue,
  nifty_value: PORTFOLIO_TEXTS.chartNifty,
  invested: PORTFOLIO_TEXTS.chartInvested,
};

const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/** The weeks oldest first, as the chart library requires. */
export const sortedWeeks = (series: readonly ValueWeek[]): ValueWeek[] => [...series].sort(byDate);

/** One line's points, oldest first, skipping weeks without it. */
export const lineOf = (series: readonly ValueWeek[], key: ValueLine): Array<{ date: string; value: number }> =>
  sortedWeeks(series).flatMap((week) => {
    const value = week[key];
    return value === null || !Number.isFinite(value) ? [] : [{ date: week.date, value }];
  });

/** Whole rupees on the axis and in the crosshair: '₹1,01,245'. */
export const formatRupees = (value: number): string => formatINR(value, { fractionDigits: 0 });

/** One line's course in words: first and last value with their dates, low and high. */
const describeLine = (name: string, points: ReadonlyArray<{ date: string; value: number }>) => {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return `${name}: no figures.`;
  const values = points.map((point) => point.value);
  return (
    `${name}: ${formatRupees(first.value)} on ${formatMarketDate(first.date)}, ` +
    `${formatRupees(last.value)} on ${formatMarketDate(last.date)}; ` +
    `low ${formatRupees(Math.min(...values))}, high ${formatRupees(Math.max(...values))}.`
  );
};

/** The chart in words, for screen readers: where each line started and ended. */
export const describeValueSeries = (series: readonly ValueWeek[]): string =>
  (['value', 'nifty_value', 'invested'] as const)
    .map((key) => describeLine(LINE_NAMES[key], lineOf(series, key)))
    .join(' ');
