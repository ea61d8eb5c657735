import { CORPORATE_ACTION_KINDS } from '@nivesh/proto';
import { Injectable } from '@nestjs/common';
import { actionLabel } from '../data/action-labels';
import { type ActionKind, SHARE_KINDS } from '../data/corporate-actions';
import type { NewAction } from '../corporate-actions/corporate-actions.repository';
import { MarketCache } from '../cache/market-cache';
import { MarketTransactions } from '../transactions/market-transactions.repository';
import { PriceAnomaliesRepository, type StoredAnomaly } from '../anomalies/price-anomalies.repository';

/** A review the operator asked for that cannot be done (no such flag, already reviewed, a value that does not fit the kind). */
export class ReviewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReviewError';
  }
}

/**
 * How an operator classifies a flagged move: `value` is the share ratio for a split, bonus issue or split with bonus
 * (above 1, new shares per old share) or a consolidation (below 1: 0.1 for 1-for-10), and the price factor for a
 * demerger, rights issue or special dividend (between 0 and 1); 'open' takes the flagged day's open against the
 * previous close, the price the market discovered.
 */
export type Classification = { symbol: string; date: string; kind: ActionKind; value: number | 'open'; note?: string };

/** The action a classification stores, or why it cannot be stored. Pure. */
export const classifiedAction = (flag: Pick<StoredAnomaly, 'symbol' | 'date' | 'open' | 'previous_close'>, classification: Classification): NewAction => {
  const { kind, value } = classification;
  const number = value === 'open' ? flag.open / flag.previous_close : value;
  if (!(number > 0) || !Number.isFinite(number)) throw new ReviewError(`${value} is not a positive number`);
  const note = classification.note?.trim() || null;
  const base = { symbol: flag.symbol, ex_date: flag.date, kind, note, source_url: null };
  if (SHARE_KINDS.has(kind)) {
    // For a share-count change 'open' reads the ratio off the gap: the previous close over the open.
    const ratio = value === 'open' ? 1 / number : number;
    if (kind === 'reverse_split' ? !(ratio < 1) : !(ratio > 1)) {
      throw new ReviewError(kind === 'reverse_split' ? 'a consolidation takes a ratio below 1 (0.1 for 1-for-10)' : `a ${kind} takes a ratio above 1 (new shares per old share)`);
    }
    return { ...base, ratio, factor: 1 / ratio };
  }
  if (!(number < 1)) throw new ReviewError(`a ${kind} takes a price factor between 0 and 1`);
  return { ...base, ratio: null, factor: number };
};

/** Parses `classify <SYMBOL> <YYYY-MM-DD> <kind> <ratio|factor|open> [--note <text>]` arguments (after the verb). */
export const parseClassification = (args: readonly string[]): Classification => {
  const positional: string[] = [];
  let note: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--note') note = args[++i] ?? '';
    else positional.push(args[i]!);
  }
  const [symbol, date, kind, value] = positional;
  if (positional.length !== 4 || !symbol || !date || !kind || !value) throw new ReviewError('classify takes <SYMBOL> <YYYY-MM-DD> <kind> <ratio|factor|open>');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new ReviewError(`${date} is not a date YYYY-MM-DD`);
  if (!(CORPORATE_ACTION_KINDS as readonly string[]).includes(kind)) throw new ReviewError(`kind must be one of ${CORPORATE_ACTION_KINDS.join(', ')}`);
  const parsed = value === 'open' ? 'open' : Number(value);
  if (parsed !== 'open' && !Number.isFinite(parsed)) throw new ReviewError(`${value} is not a number`);
  return { symbol: symbol.toUpperCase(), date, kind: kind as ActionKind, value: parsed, note };
};

export type ReviewResult = { symbol: string; date: string; status: 'classified' | 'dismissed'; label?: string };

/**
 * An operator's review of the overnight moves the importers flagged: classify one as a corporate action (stored with
 * source 'operator', the flag marked classified, cached answers made stale so they are recomputed on adjusted
 * prices), dismiss it (real trading), or list the flags still unreviewed. Runs under the importers' lock.
 */
@Injectable()
export class AnomalyReview {
  constructor(
    private readonly transactions: MarketTransactions,
    private readonly anomalies: PriceAnomaliesRepository,
    private readonly cache: MarketCache,
  ) {}

  async classify(classification: Classification): Promise<ReviewResult> {
    const action = await this.transactions.run(
      async ({ actions, anomalies }) => {
        const flag = await unreviewed(anomalies, classification.symbol, classification.date);
        const stored = classifiedAction(flag, classification);
        if (await actions.exists(stored.symbol, stored.ex_date)) throw new ReviewError(`${stored.symbol} already has a corporate action on ${stored.ex_date}`);
        await actions.insertMany([stored], 'operator');
        await anomalies.mark(stored.symbol, stored.ex_date, 'classified', stored.kind);
        return stored;
      },
      { lockImports: true },
    );
    await this.cache.bumpVersion();
    return { symbol: action.symbol, date: action.ex_date, status: 'classified', label: actionLabel(action) };
  }

  async dismiss(symbol: string, date: string): Promise<ReviewResult> {
    await this.transactions.run(
      async ({ anomalies }) => {
        await unreviewed(anomalies, symbol, date);
        await anomalies.mark(symbol, date, 'dismissed', null);
      },
      { lockImports: true },
    );
    return { symbol, date, status: 'dismissed' };
  }

  /** Flags not reviewed yet, oldest first (all symbols, or one). */
  async unreviewedFlags(symbol?: string): Promise<StoredAnomaly[]> {
    return this.anomalies.list('unreviewed', symbol);
  }
}

/** The flag of `symbol` on `date`, locked until the transaction ends, if it waits for review. */
const unreviewed = async (anomalies: PriceAnomaliesRepository, symbol: string, date: string): Promise<StoredAnomaly> => {
  const flag = await anomalies.lock(symbol, date);
  if (!flag) throw new ReviewError(`no flagged move of ${symbol} on ${date}`);
  if (flag.status !== 'unreviewed') throw new ReviewError(`the move of ${symbol} on ${date} was already ${flag.status}`);
  return flag;
};
