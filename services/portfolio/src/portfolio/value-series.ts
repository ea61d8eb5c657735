import { lastIndexOnOrBefore } from '../ledger/dates';
import type { Close } from '../ledger/gains';
import { type CorporateAction, SHARE_KINDS, type Transaction } from '../ledger/transactions';

/** The portfolio on one trading day, in rupees (not rounded: the figures built on it round for display). */
export type ValuePoint = {
  date: string;
  /** The shares held after the day's trades at the day's closes. */
  value: number;
  /** The same cash flows held in NIFTY 50 units; null before the index has a close. */
  nifty_value: number | null;
  /** Money put in less money taken out. */
  invested: number;
};

/** The ISO week (its Monday) of a date. */
const weekOf = (date: string): string => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
};

/**
 * The close of a series on or before a day, for days asked in ascending order: a cursor that moves forward instead
 * of a search a day, so a daily series over years of fifty stocks stays linear.
 */
const closeCursor = (closes: readonly Close[]) => {
  let at: number | null = null;
  return (day: string): number | null => {
    if (at === null) at = lastIndexOnOrBefore(closes, day);
    while (at + 1 < closes.length && closes[at + 1]!.date <= day) at++;
    return at >= 0 ? closes[at]!.close : null;
  };
};

/** The dates any of the series has a close on from `from` to `to`, ascending (each series ascending). */
const tradingDays = (series: Iterable<readonly Close[]>, from: string, to: string): string[] => {
  const days = new Set<string>();
  for (const closes of series) {
    const end = lastIndexOnOrBefore(closes, to);
    for (let at = lastIndexOnOrBefore(closes, from); at <= end; at++) if (at >= 0 && closes[at]!.date >= from) days.add(closes[at]!.date);
  }
  return [...days].sort();
};

/**
 * The portfolio's value on every trading day (a day any of its stocks has a close) from its first transaction to
 * `asOf`: shares held then (bought less sold, through splits and bonus issues) at that day's closes as traded, or the
 * last close before it; against it, the same cash flows held in NIFTY 50 units, and the money put in less the money
 * taken out. `closes` are each symbol's closes as traded, ascending.
 */
export const dailyValues = (
  transactions: readonly Transaction[],
  actions: readonly CorporateAction[],
  closes: ReadonlyMap<string, readonly Close[]>,
  nifty: readonly Close[],
  asOf: string | null,
): ValuePoint[] => {
  const first = transactions.map((tx) => tx.date).sort()[0];
  if (!first || !asOf) return [];
  const calendar = tradingDays(closes.values(), first, asOf);
  const events = [
    ...transactions.map((tx) => ({ date: tx.date, order: 1, tx })),
    ...actions.filter((action) => SHARE_KINDS.has(action.kind) && action.ratio !== null).map((action) => ({ date: action.ex_date, order: 0, action })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  const closeOn = new Map([...closes].map(([symbol, series]) => [symbol, closeCursor(series)]));
  const niftyOn = closeCursor(nifty);
  const shares = new Map<string, number>();
  let units = 0;
  let invested = 0;
  let next = 0;
  return calendar.map((day) => {
    for (; next < events.length && events[next]!.date <= day; next++) {
      const event = events[next]!;
      if ('action' in event && event.action) {
        const held = shares.get(event.action.symbol);
        if (held !== undefined) shares.set(event.action.symbol, held * event.action.ratio!);
      } else if ('tx' in event && event.tx) {
        const { tx } = event;
        const amount = tx.kind === 'buy' ? tx.quantity * tx.price + tx.charges : tx.quantity * tx.price - tx.charges;
        if (tx.kind !== 'dividend') shares.set(tx.symbol, (shares.get(tx.symbol) ?? 0) + (tx.kind === 'buy' ? tx.quantity : -tx.quantity));
        invested += tx.kind === 'buy' ? amount : tx.kind === 'sell' ? -amount : 0;
        const at = lastIndexOnOrBefore(nifty, tx.date);
        if (at >= 0) units += (tx.kind === 'buy' ? amount : -amount) / nifty[at]!.close;
      }
    }
    let value = 0;
    for (const [symbol, held] of shares) {
      const close = held > 1e-9 ? closeOn.get(symbol)?.(day) : null;
      if (close != null) value += held * close;
    }
    const niftyClose = niftyOn(day);
    return { date: day, value, nifty_value: niftyClose === null ? null : units * niftyClose, invested };
  });
};

/** The points on each week's last trading day (and the last point, however the week ends): the chart's series. */
export const weekEnds = <P extends { date: string }>(points: readonly P[]): P[] =>
  points.filter((point, index) => index === points.length - 1 || weekOf(points[index + 1]!.date) !== weekOf(point.date));

/**
 * An index's return over a period as a fraction: its close on (or the last before) `to` against its close on (or the
 * last before) `from`; null when it has no close by `from`.
 */
export const indexReturn = (closes: readonly Close[], from: string, to: string): number | null => {
  const start = lastIndexOnOrBefore(closes, from);
  const end = lastIndexOnOrBefore(closes, to);
  return start < 0 || end < 0 ? null : closes[end]!.close / closes[start]!.close - 1;
};
