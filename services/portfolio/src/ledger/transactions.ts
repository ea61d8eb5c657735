import { type CorporateActionKind, DomainError } from '@nivesh/proto';
import { isIsoDate } from './dates';

/*
 * Conventions of the ledger maths (everything in this folder): dates are 'YYYY-MM-DD' strings; money is rupees as
 * plain numbers, never rounded inside a sum (round only for display); rates and returns are fractions (0.12 = 12 %).
 * Every function is pure: no I/O, no clock, no database.
 */

export const TRANSACTION_KINDS = ['buy', 'sell', 'dividend'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/**
 * One line of the investor's ledger, entered by hand or imported from a broker's trade book. For a dividend,
 * `quantity` is the shares it was paid on and `price` the dividend per share; its `charges` (e.g. tax withheld)
 * come off the income.
 */
export type Transaction = {
  id: string;
  symbol: string;
  date: string;
  kind: TransactionKind;
  /** Shares, above 0 (fractions allowed: a bonus at 2:3 leaves fractional lots until the broker pays them out). */
  quantity: number;
  /** Rupees per share: the trade price, or the dividend per share. */
  price: number;
  /** Rupees for the whole transaction: brokerage, STT, exchange and SEBI fees, stamp duty, GST. */
  charges: number;
  note?: string | null;
};

export type { CorporateActionKind };

/**
 * A corporate action with the market service's meaning (services/market/src/data/corporate-actions.ts): prices
 * before `ex_date` are multiplied by `factor`. For the share-count kinds (split, bonus, split_bonus, reverse_split)
 * `ratio` is new shares per old share (2 for a 1:1 bonus or a 2-for-1 split, 0.1 for a 1-for-10 consolidation) and
 * factor = 1 / ratio; for the others (demerger, rights, special_dividend) `ratio` is null and `factor` is the
 * ex-date price against the previous close. The market data stores a split with a bonus on one day as the product
 * of the two ratios (ITC 2005: a ₹10 to ₹1 split and a 1:2 bonus, ratio 15); `bonus_ratio` (1.5 there) says how
 * much of it was the bonus, where known: the ledger treats the two parts differently (see `applyAction` in lots.ts).
 */
export type CorporateAction = {
  symbol: string;
  ex_date: string;
  kind: CorporateActionKind;
  ratio: number | null;
  factor: number;
  /** split_bonus only: the bonus part of `ratio` (new shares per old share); the split part is ratio / bonus_ratio. */
  bonus_ratio?: number | null;
  note?: string | null;
};

/** Kinds that change the number of shares held. */
export const SHARE_KINDS: ReadonlySet<CorporateActionKind> = new Set<CorporateActionKind>([
  'split',
  'bonus',
  'split_bonus',
  'reverse_split',
]);

export type LedgerErrorReason = 'oversold' | 'invalid_transaction' | 'invalid_action' | 'no_price';

/**
 * A problem in the investor's data that the ledger cannot resolve, named so the user can fix it: `transaction_id`
 * (or the action's symbol and ex-date) is in `details`. A DomainError with code 'unprocessable', so the service
 * throws it on unchanged and the gateway's one filter answers 422.
 */
export class LedgerError extends DomainError {
  constructor(
    readonly reason: LedgerErrorReason,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super('unprocessable', message, { reason, ...details });
    this.name = 'LedgerError';
  }
}

/** Share quantities within this of each other are equal: bonus ratios such as 5/3 leave float noise in lots. */
export const QUANTITY_EPSILON = 1e-9;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Throws a LedgerError('invalid_transaction') naming `tx` unless its fields make sense. */
export const validateTransaction = (tx: Transaction): void => {
  const fail = (why: string) => {
    throw new LedgerError('invalid_transaction', `Transaction ${tx.id}: ${why}`, { transaction_id: tx.id });
  };
  if (!tx.symbol) fail('no symbol');
  if (!isIsoDate(tx.date)) fail(`date '${tx.date}' is not a YYYY-MM-DD calendar date`);
  if (!(TRANSACTION_KINDS as readonly string[]).includes(tx.kind)) fail(`unknown kind '${tx.kind}'`);
  if (!finite(tx.quantity) || tx.quantity <= 0) fail('quantity must be above 0');
  if (!finite(tx.price) || tx.price < 0) fail('price must be 0 or more');
  if (!finite(tx.charges) || tx.charges < 0) fail('charges must be 0 or more');
};

/** Throws a LedgerError('invalid_action') unless the action's ratio and factor fit its kind. */
export const validateAction = (action: CorporateAction): void => {
  const fail = (why: string) => {
    throw new LedgerError(
      'invalid_action',
      `Corporate action ${action.kind} of ${action.symbol} on ${action.ex_date}: ${why}`,
      {
        symbol: action.symbol,
        ex_date: action.ex_date,
      },
    );
  };
  if (!isIsoDate(action.ex_date)) fail('the ex-date is not a YYYY-MM-DD calendar date');
  if (SHARE_KINDS.has(action.kind)) {
    const ratio = action.ratio;
    if (!finite(ratio) || ratio <= 0) fail('a share-count change needs a ratio above 0');
    if (action.kind === 'bonus' && ratio! <= 1) fail('a bonus issue adds shares: its ratio is above 1');
    const bonus = action.bonus_ratio;
    if (
      action.kind === 'split_bonus' &&
      bonus != null &&
      (!finite(bonus) || bonus <= 1 || bonus > ratio! + QUANTITY_EPSILON)
    ) {
      fail('the bonus part of a split with bonus is above 1 and at most the whole ratio');
    }
  } else if (!finite(action.factor) || action.factor <= 0 || action.factor > 1) {
    fail('a demerger, rights issue or special dividend has a price factor in (0, 1]');
  }
};
