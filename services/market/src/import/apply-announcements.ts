import { actionLabel } from '../data/action-labels';
import type { ActionKind } from '../data/corporate-actions';
import { rightsFactor } from '../data/dataset-actions';
import {
  type Announcement,
  type AnnouncementRow,
  type AnnouncementTerms,
  actionNote,
  combineShareChanges,
  formatRupees,
  readAnnouncement,
} from '../nse/corporate-actions/announcements';
import type { ActionSource } from '../corporate-actions/corporate-action.entity';
import type { NewAction } from '../corporate-actions/corporate-actions.repository';
import type { MarketTables } from '../transactions/market-transactions.repository';

export type StoreAnnouncementsResult = {
  /** Rows in NSE's answer. */
  rows: number;
  /** Announcements not seen before, stored. */
  added: number;
  /** Rows without a readable ex-date, not stored. */
  skipped: number;
  /** Corporate actions added or replaced: a caller bumps the data version when there are any. */
  actions: number;
};

export type ApplyAnnouncementsResult = {
  /** Announcements applied: stored as an action, or an action already stored that day kept. */
  applied: number;
  /** Announcements whose prices give no factor between 0 and 1, left for an operator. */
  refused: number;
  /** Corporate actions added or replaced. */
  actions: number;
};

/** A price-only action's factor from the ex-date's prices, or why there is none. */
export type PriceFactor = { factor: number } | { refused: string };

/**
 * The factor of a demerger, rights issue or special dividend from the ex-date's open and the previous close, as the
 * curated list computes them: a demerger takes the price NSE's special pre-open session discovered (the ex-date's open)
 * against the previous close; a rights issue the theoretical ex-rights price (`rightsFactor`); a special dividend
 * (previous close − amount) / previous close. A factor outside (0, 1) is refused with a sentence why: it would raise
 * earlier prices, adjust nothing, or make them negative. Pure.
 */
export const priceFactor = (kind: ActionKind, terms: AnnouncementTerms, previousClose: number, exOpen: number): PriceFactor => {
  const before = `the previous close of ${formatRupees(previousClose)}`;
  const refuse = (why: string): PriceFactor => ({ refused: `Not applied: ${why}, so there is no price fall to adjust for; an operator can classify the move.` });
  switch (kind) {
    case 'demerger': {
      const factor = exOpen / previousClose;
      return factor < 1 ? { factor } : refuse(`the ex-date opened at ${formatRupees(exOpen)}, not below ${before}`);
    }
    case 'rights': {
      if (!terms.rights) return { refused: 'Not applied: the rights terms are missing.' };
      const { offered, held, price } = terms.rights;
      return price < previousClose ? { factor: rightsFactor(offered, held, price, previousClose) } : refuse(`the rights price of ${formatRupees(price)} is not below ${before}`);
    }
    case 'special_dividend': {
      if (!terms.special_dividend) return { refused: 'Not applied: the dividend amount is missing.' };
      const { amount } = terms.special_dividend;
      return amount < previousClose ? { factor: (previousClose - amount) / previousClose } : refuse(`the dividend of ${formatRupees(amount)} is not below ${before}`);
    }
    default:
      return { refused: 'Not applied: a share-count change takes no price factor.' };
  }
};

/** What the announcement's note says when the day keeps an action Nivesh did not take from NSE. */
const KEPT: Partial<Record<ActionSource, string>> = {
  dataset: 'The curated action already stored for that day is kept.',
  operator: 'The action an operator stored for that day is kept.',
};
const OTHER_KIND = 'Not applied: another action NSE announced for that day is stored, and a day holds one; an operator can classify the move.';

const dayKey = (symbol: string, date: string): string => `${symbol}|${date}`;

const groupBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
};

type Outcome = { actions: number; applied: number; refused: number };
const NONE: Outcome = { actions: 0, applied: 0, refused: 0 };
const sum = (a: Outcome, b: Outcome): Outcome => ({ actions: a.actions + b.actions, applied: a.applied + b.applied, refused: a.refused + b.refused });

/**
 * Writes the days' announced actions and marks their announcements: applied with the action's label, applied with the
 * kept action named, or refused when an announced action of the other sort holds the day. Unreviewed flags of the
 * days written are dropped: the action explains the move.
 */
const writeActions = async (tables: MarketTables, days: ReadonlyArray<{ action: NewAction; ids: string[] }>, now: Date): Promise<Outcome> => {
  if (!days.length) return NONE;
  const outcomes = await tables.actions.upsertAnnounced(days.map((day) => day.action));
  const written: string[] = [];
  let [applied, refused] = [0, 0];
  for (const { action, ids } of days) {
    const key = dayKey(action.symbol, action.ex_date);
    const outcome = outcomes.get(key)!;
    const stored = `Stored as a corporate action: ${actionLabel(action)}.`;
    if (outcome === 'written') written.push(key);
    const kept = outcome === 'written' ? null : KEPT[outcome.source];
    // Not written and not kept: the same action stored before, or an announced action of the other sort holds the day.
    if (outcome !== 'written' && !kept && outcome.kind !== action.kind) {
      await tables.announcements.mark(ids, 'refused', OTHER_KIND, now);
      refused += ids.length;
    } else {
      await tables.announcements.mark(ids, 'applied', kept ?? stored, now);
      applied += ids.length;
    }
  }
  await tables.anomalies.clearUnreviewed(written);
  return { actions: written.length, applied, refused };
};

/**
 * Stores each symbol's share-count changes announced for a day as one action (a split and a bonus issue on one day
 * combined, their ratios multiplied) as soon as the symbol is stored, whatever the ex-date: readers apply an action
 * only once the symbol's bars reach its ex-date, so the ex-date's bar arrives already explained.
 */
const storeShareChanges = async (tables: MarketTables, now: Date): Promise<Outcome> => {
  const byDay = groupBy(await tables.announcements.shareDaysToStore(), (row) => dayKey(row.target, row.ex_date));
  const days = [...byDay.values()].map((rows) => {
    const { kind, ratio, terms } = combineShareChanges(rows.map((row) => ({ kind: row.kind, ratio: row.ratio!, terms: row.terms })));
    const first = rows[0]!;
    const action: NewAction = { symbol: first.target, ex_date: first.ex_date, kind, ratio, factor: 1 / ratio, note: actionNote(kind, terms), source_url: first.source_url };
    return { action, ids: rows.map((row) => row.id) };
  });
  return writeActions(tables, days, now);
};

/**
 * Stores NSE's corporate-action announcements (rows of `AnnouncementRowsSchema`) fetched from `sourceUrl`, inside the
 * caller's transaction. New ones are kept as published with what their subject means (ordinary dividends, meetings and
 * unread subjects with the reason they are not applied); rows seen before change nothing. Share-count changes become
 * corporate actions (source 'nse') at once, ahead of their ex-dates; price-only ones wait for
 * `applyDueAnnouncements`. Idempotent.
 */
export const storeAnnouncements = async (tables: MarketTables, rows: readonly AnnouncementRow[], sourceUrl: string | null, now: Date): Promise<StoreAnnouncementsResult> => {
  const read = rows.map(readAnnouncement).filter((announcement): announcement is Announcement => announcement !== null);
  const added = await tables.announcements.insertMany(read, sourceUrl, now);
  const { actions } = await storeShareChanges(tables, now);
  return { rows: rows.length, added, skipped: rows.length - read.length, actions };
};

/**
 * Applies the announcements due by `throughDay`, inside the import transaction after the day's bars are written:
 * share-count changes of symbols stored since they were announced, and demergers, rights issues and special dividends
 * whose ex-date bar is stored, their factor from its open and the previous close (`priceFactor`). A curated or an
 * operator's action on the day wins; the detector's or the provider's is replaced. Idempotent.
 */
export const applyDueAnnouncements = async (tables: MarketTables, throughDay: string, now = new Date()): Promise<ApplyAnnouncementsResult> => {
  const shares = await storeShareChanges(tables, now);
  const due = await tables.announcements.duePriceChanges(throughDay);
  if (!due.length) return shares;
  const since = due.reduce((min, row) => (row.ex_date < min ? row.ex_date : min), due[0]!.ex_date);
  const series = groupBy(await tables.bars.openCloseFrom([...new Set(due.map((row) => row.target))], since), (bar) => bar.symbol);
  const byDay = groupBy(due, (row) => dayKey(row.target, row.ex_date));
  const days: Array<{ action: NewAction; ids: string[] }> = [];
  let refused = 0;
  for (const rows of byDay.values()) {
    const { target, ex_date: exDate, kind, terms, source_url: sourceUrl } = rows[0]!;
    const bars = series.get(target) ?? [];
    const exBar = bars.find((bar) => bar.date >= exDate);
    // Not traded since the ex-date yet: it stays pending.
    if (!exBar) continue;
    const previous = bars.filter((bar) => bar.date < exDate).at(-1);
    const outcome: PriceFactor =
      rows.length > 1
        ? { refused: 'Not applied: NSE announced more than one price change for that day, and a day holds one; an operator can classify the move.' }
        : previous
          ? priceFactor(kind, terms, previous.close, exBar.open)
          : { refused: 'Not applied: there is no earlier close to measure it against.' };
    const ids = rows.map((row) => row.id);
    if ('refused' in outcome) {
      await tables.announcements.mark(ids, 'refused', outcome.refused, now);
      refused += ids.length;
    } else {
      days.push({ action: { symbol: target, ex_date: exDate, kind, ratio: null, factor: outcome.factor, note: actionNote(kind, terms), source_url: sourceUrl }, ids });
    }
  }
  return sum(sum(shares, { ...NONE, refused }), await writeActions(tables, days, now));
};
