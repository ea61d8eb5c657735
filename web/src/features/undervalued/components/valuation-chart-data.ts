import type { FilingRef, StockValuation } from '@nivesh/proto';
import { formatMarketDate } from '../../../lib/format';
import { formatMeasure, indianDayOf } from '../measures';

export type ValuationChartProps = {
  /** Weekly P/E and P/B, in any order: they are sorted for drawing. */
  history: readonly ValuationWeek[];
  /** The filings counted; each is marked in the week it was published. */
  filings: readonly MarkedFiling[];
};

/** One week's P/E and P/B on its last close (null where unknown). */
export type ValuationWeek = StockValuation['history'][number];

/** The filings a chart marks: each in the week it was published. */
export type MarkedFiling = Pick<FilingRef, 'label' | 'filed_at'>;

/** A filing's mark: the first week that closed on or after its publication day, and the line it sits on. */
export type FilingMark = { date: string; on: 'pe' | 'pb'; labels: string[] };

const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** The weeks oldest first, as the chart library requires. */
export const sortedWeeks = (history: readonly ValuationWeek[]): ValuationWeek[] => [...history].sort(byDate);

/** One measure's points, oldest first, skipping weeks without it. */
export const lineOf = (history: readonly ValuationWeek[], key: 'pe' | 'pb'): Array<{ date: string; value: number }> =>
  sortedWeeks(history).flatMap((week) => {
    const value = week[key];
    return value === null ? [] : [{ date: week.date, value }];
  });

/**
 * Where the filings are marked: each in the week it was published, at the first close on or after that day (the first
 * whose figures include it), on the P/E line, or on the P/B line in a week without a P/E (a loss). Filings of the same
 * week share one mark; filings outside the weeks drawn, and weeks with neither figure, carry none.
 */
export const filingMarks = (history: readonly ValuationWeek[], filings: readonly MarkedFiling[]): FilingMark[] => {
  const weeks = sortedWeeks(history);
  const marks = new Map<string, FilingMark>();
  for (const filing of filings) {
    const day = indianDayOf(filing.filed_at);
    const week = day ? weeks.find((point) => point.date >= day) : undefined;
    // Published before the first week drawn (or in a gap of the history): no week of the chart holds it.
    if (!week || !day || daysBetween(day, week.date) >= 7 || (week.pe === null && week.pb === null)) continue;
    const mark = marks.get(week.date) ?? { date: week.date, on: week.pe !== null ? 'pe' : 'pb', labels: [] };
    mark.labels.push(filing.label);
    marks.set(week.date, mark);
  }
  return [...marks.values()].sort(byDate);
};

/** P/E to one decimal, P/B to two (it is often below 1), as the tables write them. */
export const formatPe = (value: number): string => formatMeasure('pe', value);
export const formatPb = (value: number): string => formatMeasure('pb', value);

/** One line's course in words: first and last value with their dates, low and high. */
const describeLine = (
  name: string,
  points: ReadonlyArray<{ date: string; value: number }>,
  format: (value: number) => string,
) => {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return `${name}: no figures.`;
  const values = points.map((point) => point.value);
  return (
    `${name}: ${format(first.value)} on ${formatMarketDate(first.date)}, ${format(last.value)} on ${formatMarketDate(last.date)}; ` +
    `low ${format(Math.min(...values))}, high ${format(Math.max(...values))}.`
  );
};

/** The chart in words, for screen readers: where P/E and P/B went and how many weeks carry a filing's mark. */
export const describeValuation = (history: readonly ValuationWeek[], filings: readonly MarkedFiling[]): string => {
  const marks = filingMarks(history, filings).length;
  return [
    describeLine('P/E', lineOf(history, 'pe'), formatPe),
    describeLine('P/B', lineOf(history, 'pb'), formatPb),
    `${marks === 0 ? 'No' : marks} ${marks === 1 ? 'week with a filing' : 'weeks with filings'} marked.`,
  ].join(' ');
};
