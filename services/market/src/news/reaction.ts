import { type NewsMove, type NewsReaction, REACTION_DAYS } from '@nivesh/proto';
import { lastIndexOnOrBeforeAt } from '@nivesh/proto/dates';
import { NSE_CALENDAR } from '@nivesh/platform';
import { formatDate } from './wording';

/** One symbol's adjusted closes, ascending by date. */
export type CloseSeries = { dates: readonly string[]; closes: readonly number[] };

/**
 * The index of the last close known at `knownAt` (an ISO instant): the bar of the last NSE session that had closed by
 * then (15:30 India time, or a special session's own close), or the last bar before it; -1 when there is none.
 */
export const lastCloseBefore = (series: CloseSeries, knownAt: string): number => {
  const day = NSE_CALENDAR.lastCompletedSession(new Date(knownAt));
  return lastIndexOnOrBeforeAt(series.dates.length, (index) => series.dates[index]!, day);
};

const pct = (to: number, from: number): number => Math.round((to / from - 1) * 10_000) / 100;

/**
 * An event study of one item: the stock's move over the next 1, 5 and 20 NSE sessions (the trading calendar's) from the
 * last close before the market could act on the item, NIFTY 50's move over the same days where the index has both
 * closes, and the difference (the move in excess of the market). A session the prices lack has no move, rather than
 * the next bar's. Closes are adjusted for splits, bonus issues and demergers.
 */
export const priceReaction = (symbol: string, series: CloseSeries | undefined, nifty: ReadonlyMap<string, number>, knownAt: string): NewsReaction => {
  const empty = (note: string): NewsReaction => ({ symbol, base_date: null, moves: [], note });
  if (!series || series.dates.length === 0) return empty(`No prices of ${symbol} are stored.`);
  const base = lastCloseBefore(series, knownAt);
  if (base < 0) return empty(`The prices of ${symbol} start after this item.`);
  const baseDate = series.dates[base]!;
  const baseClose = series.closes[base]!;
  const moves: NewsMove[] = REACTION_DAYS.map((days) => {
    const target = NSE_CALENDAR.add(baseDate, days);
    const at = series.dates.indexOf(target, base);
    if (at < 0) return { days, date: null, stock_pct: null, nifty_pct: null, excess_pct: null };
    const date = series.dates[at]!;
    const stock = pct(series.closes[at]!, baseClose);
    const indexFrom = nifty.get(baseDate);
    const indexTo = nifty.get(date);
    const index = indexFrom !== undefined && indexTo !== undefined ? pct(indexTo, indexFrom) : null;
    return { days, date, stock_pct: stock, nifty_pct: index, excess_pct: index === null ? null : Math.round((stock - index) * 100) / 100 };
  });
  const last = series.dates.at(-1)!;
  const note = moves.every((move) => move.date === null) ? `The prices end on ${formatDate(last)}, before any trading day after this item.` : null;
  return { symbol, base_date: baseDate, moves, note };
};
