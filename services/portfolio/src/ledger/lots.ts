import { addYears, daysBetween } from './dates';
import {
  type CorporateAction,
  LedgerError,
  QUANTITY_EPSILON,
  type Transaction,
  validateAction,
  validateTransaction,
} from './transactions';

/**
 * Shares bought together (or issued together as a bonus) and still held. `cost` is the rupees paid for them now
 * held, buy charges included; `source_id` is the buy they came from (for bonus shares, the buy of the lot they were
 * issued on). A split changes `quantity` only, so the unit cost is cost / quantity.
 */
export type Lot = {
  symbol: string;
  source_id: string;
  origin: 'buy' | 'bonus';
  acquired: string;
  quantity: number;
  cost: number;
};

export type Term = 'short' | 'long';

/** Part of a delivery sale matched to one lot. Proceeds are net of the sale's charges, pro rata by quantity. */
export type RealisedMatch = {
  sell_id: string;
  symbol: string;
  sell_date: string;
  source_id: string;
  origin: Lot['origin'];
  acquired: string;
  quantity: number;
  cost: number;
  proceeds: number;
  gain: number;
  holding_days: number;
  term: Term;
};

/** A buy and a sell of one symbol on one day netted against each other: intraday trading, never a lot. */
export type IntradayMatch = {
  symbol: string;
  date: string;
  buy_id: string;
  sell_id: string;
  quantity: number;
  cost: number;
  proceeds: number;
  gain: number;
};

export type DividendIncome = { id: string; symbol: string; date: string; gross: number; charges: number; net: number };

/** Cost a demerger moved out of a lot: it belongs to the shares of the demerged company the investor received. */
export type DemergedCost = {
  symbol: string;
  ex_date: string;
  source_id: string;
  acquired: string;
  quantity: number;
  cost: number;
};

export type Ledger = {
  /** Open lots, by symbol, each symbol's in FIFO order (oldest first). */
  lots: Lot[];
  realised: RealisedMatch[];
  intraday: IntradayMatch[];
  dividends: DividendIncome[];
  demerged: DemergedCost[];
};

/**
 * The first date a sale of shares acquired on `acquired` is long-term. Listed shares are long-term when held for
 * MORE than 12 months (Income-tax Act s. 2(42A)): bought 2023-04-10, a sale on 2024-04-10 is short-term, on
 * 2024-04-11 long-term. A 29 February purchase reaches its 12 months on 28 February of the next year.
 */
export const longTermFrom = (acquired: string): string => {
  const anniversary = addYears(acquired, 1);
  const next = new Date(`${anniversary}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/** 'long' when a sale on `sold` is after the same calendar date one year after `acquired`, else 'short'. */
export const termOf = (acquired: string, sold: string): Term => (sold > addYears(acquired, 1) ? 'long' : 'short');

/**
 * What a corporate action does to one symbol's open lots (FIFO order, changed in place; the demerged cost is
 * returned):
 * - split, reverse_split: quantity × ratio, cost unchanged (unit cost ÷ ratio), acquisition date unchanged: the same
 *   shares cut into more (or fewer) pieces.
 * - bonus: the Indian tax rule (s. 55(2)(aa)(iiia) and s. 2(42A)): the original lots keep their quantity, cost and
 *   date; each gets a new lot of quantity × (ratio − 1) bonus shares at cost 0 acquired on the ex-date (the law
 *   says the allotment date, which follows within days; the ex-date is what the market data knows). Bonus lots are
 *   appended after the existing ones, as they reach the demat account last, so FIFO sells the originals first.
 * - split_bonus: with `bonus_ratio` known, the split part (ratio / bonus_ratio) as a split and then the bonus part as
 *   a bonus. Without it the whole ratio is treated as a split: the market data stores only the product, and
 *   guessing a bonus part would invent cost-0 shares; the investor's original cost and dates are kept, which is
 *   right for the split part and makes the bonus shares' gains look long-term sooner than the tax rule would.
 * - demerger: quantities unchanged; each lot keeps `factor` of its cost, as the tax rule (s. 49(2C)) apportions the
 *   cost between the two companies by net worth, for which the ex-date price fall is the available proxy. The rest
 *   is returned, to be the cost of the demerged company's shares.
 * - rights, special_dividend: the lots do not change. Rights shares subscribed are a buy the investor records; a
 *   special dividend or bonus debenture is a dividend the investor records.
 * Quantities are not rounded to whole shares: brokers pay fractional entitlements in cash, per holding.
 */
export const applyAction = (lots: Lot[], action: CorporateAction): DemergedCost[] => {
  const split = (ratio: number) => {
    for (const lot of lots) lot.quantity *= ratio;
  };
  const bonus = (ratio: number) => {
    const issued = lots.map((lot) => ({
      symbol: lot.symbol,
      source_id: lot.source_id,
      origin: 'bonus' as const,
      acquired: action.ex_date,
      quantity: lot.quantity * (ratio - 1),
      cost: 0,
    }));
    lots.push(...issued);
  };
  switch (action.kind) {
    case 'split':
    case 'reverse_split':
      split(action.ratio!);
      return [];
    case 'bonus':
      bonus(action.ratio!);
      return [];
    case 'split_bonus': {
      const bonusPart = action.bonus_ratio ?? 1;
      split(action.ratio! / bonusPart);
      if (bonusPart > 1) bonus(bonusPart);
      return [];
    }
    case 'demerger':
      return lots.map((lot) => {
        const moved = lot.cost * (1 - action.factor);
        lot.cost -= moved;
        return {
          symbol: lot.symbol,
          ex_date: action.ex_date,
          source_id: lot.source_id,
          acquired: lot.acquired,
          quantity: lot.quantity,
          cost: moved,
        };
      });
    case 'rights':
    case 'special_dividend':
      return [];
  }
};

type Open = { tx: Transaction; left: number };

/** The share of a transaction's money for `quantity` of its shares: price × quantity ± charges pro rata. */
const costOf = (tx: Transaction, quantity: number) => tx.price * quantity + (tx.charges * quantity) / tx.quantity;
const proceedsOf = (tx: Transaction, quantity: number) => tx.price * quantity - (tx.charges * quantity) / tx.quantity;

/**
 * Nets one day's buys and sells of one symbol: the overlap is intraday, as Indian exchanges net a client's same-day
 * buys and sells of a scrip before delivery (and the tax law treats that as speculative business income, not capital
 * gains). Sells are matched to the day's buys in the order given (a trade book's order), whichever came first in
 * the day (an intraday short sale is bought back the same day). Returns what is left of the buys (to become lots)
 * and of the sells (to be taken from lots): at most one side is non-empty.
 */
const netIntraday = (buys: Transaction[], sells: Transaction[], intraday: IntradayMatch[]) => {
  const openBuys: Open[] = buys.map((tx) => ({ tx, left: tx.quantity }));
  const openSells: Open[] = sells.map((tx) => ({ tx, left: tx.quantity }));
  let b = 0;
  for (const sell of openSells) {
    while (sell.left > QUANTITY_EPSILON && b < openBuys.length) {
      const buy = openBuys[b]!;
      const quantity = Math.min(sell.left, buy.left);
      const cost = costOf(buy.tx, quantity);
      const proceeds = proceedsOf(sell.tx, quantity);
      const { symbol, date } = sell.tx;
      intraday.push({
        symbol,
        date,
        buy_id: buy.tx.id,
        sell_id: sell.tx.id,
        quantity,
        cost,
        proceeds,
        gain: proceeds - cost,
      });
      sell.left -= quantity;
      buy.left -= quantity;
      if (buy.left <= QUANTITY_EPSILON) b++;
    }
  }
  const left = (open: Open[]) => open.filter((o) => o.left > QUANTITY_EPSILON);
  return { buys: left(openBuys), sells: left(openSells) };
};

/** Takes `sell.left` shares from the lots, oldest first, recording a match per lot; throws when they run out. */
const consumeFifo = (lots: Lot[], sell: Open, realised: RealisedMatch[]) => {
  const held = lots.reduce((sum, lot) => sum + lot.quantity, 0);
  if (sell.left > held + QUANTITY_EPSILON) {
    const { id, symbol, date } = sell.tx;
    throw new LedgerError(
      'oversold',
      `Transaction ${id} sells ${sell.left} ${symbol} on ${date} but only ${held} are held`,
      {
        transaction_id: id,
        symbol,
        date,
        quantity: sell.left,
        held,
      },
    );
  }
  while (sell.left > QUANTITY_EPSILON && lots.length) {
    const lot = lots[0]!;
    const whole = lot.quantity <= sell.left + QUANTITY_EPSILON;
    const quantity = whole ? lot.quantity : sell.left;
    const cost = whole ? lot.cost : (lot.cost * quantity) / lot.quantity;
    const proceeds = proceedsOf(sell.tx, quantity);
    realised.push({
      sell_id: sell.tx.id,
      symbol: lot.symbol,
      sell_date: sell.tx.date,
      source_id: lot.source_id,
      origin: lot.origin,
      acquired: lot.acquired,
      quantity,
      cost,
      proceeds,
      gain: proceeds - cost,
      holding_days: daysBetween(lot.acquired, sell.tx.date),
      term: termOf(lot.acquired, sell.tx.date),
    });
    sell.left -= quantity;
    if (whole) lots.shift();
    else Object.assign(lot, { quantity: lot.quantity - quantity, cost: lot.cost - cost });
  }
};

const byDate =
  <T>(date: (item: T) => string) =>
  (a: T, b: T) =>
    date(a) < date(b) ? -1 : date(a) > date(b) ? 1 : 0;

/**
 * Replays one symbol's transactions and corporate actions in date order. On each date the actions with that
 * ex-date come first (shares bought on the ex-date are already in post-action terms, as trading on the ex-date is),
 * then the day's dividends, then its buys and sells: netted as intraday first (`netIntraday`), what is left of the
 * buys opens lots dated that day and what is left of the sells consumes lots FIFO. Transactions of one date keep
 * their input order (Array.prototype.sort is stable).
 */
const replaySymbol = (transactions: Transaction[], actions: CorporateAction[], out: Ledger) => {
  const lots: Lot[] = [];
  const txs = [...transactions].sort(byDate((tx) => tx.date));
  const acts = [...actions].sort(byDate((a) => a.ex_date));
  const dates = [...new Set([...txs.map((tx) => tx.date), ...acts.map((a) => a.ex_date)])].sort();
  let t = 0;
  let a = 0;
  for (const date of dates) {
    while (a < acts.length && acts[a]!.ex_date === date) out.demerged.push(...applyAction(lots, acts[a++]!));
    const day: Transaction[] = [];
    while (t < txs.length && txs[t]!.date === date) day.push(txs[t++]!);
    for (const tx of day.filter((d) => d.kind === 'dividend')) {
      const gross = tx.quantity * tx.price;
      out.dividends.push({ id: tx.id, symbol: tx.symbol, date, gross, charges: tx.charges, net: gross - tx.charges });
    }
    const left = netIntraday(
      day.filter((d) => d.kind === 'buy'),
      day.filter((d) => d.kind === 'sell'),
      out.intraday,
    );
    for (const { tx, left: quantity } of left.buys) {
      lots.push({
        symbol: tx.symbol,
        source_id: tx.id,
        origin: 'buy',
        acquired: date,
        quantity,
        cost: costOf(tx, quantity),
      });
    }
    for (const sell of left.sells) consumeFifo(lots, sell, out.realised);
  }
  out.lots.push(...lots);
};

/**
 * FIFO lots, realised gains, intraday trades, dividend income and demerged cost from an investor's transactions
 * and the corporate actions of their symbols (actions of other symbols are ignored). See `replaySymbol` for the
 * order of events in a day and `applyAction` for what each action does.
 *
 * Money conventions: a lot's cost is the price paid plus the buy's charges, pro rata by quantity; a sale's proceeds
 * are the price received less its charges, pro rata by quantity; gain = proceeds − cost. That is the broker's P&L
 * view. For the tax return note that STT is not deductible from capital gains (s. 48) and that long-term gains on
 * shares bought before 2018-02-01 use the grandfathered cost (31 January 2018 price); neither is applied here.
 *
 * Throws LedgerError: 'invalid_transaction' or 'invalid_action' for malformed input (or a repeated transaction id),
 * 'oversold' naming the sell that takes more shares than are held.
 */
export const replay = (transactions: readonly Transaction[], actions: readonly CorporateAction[] = []): Ledger => {
  const seen = new Set<string>();
  for (const tx of transactions) {
    validateTransaction(tx);
    if (seen.has(tx.id))
      throw new LedgerError('invalid_transaction', `Transaction ${tx.id} appears twice`, { transaction_id: tx.id });
    seen.add(tx.id);
  }
  const bySymbol = new Map<string, Transaction[]>();
  for (const tx of transactions) {
    const list = bySymbol.get(tx.symbol);
    if (list) list.push(tx);
    else bySymbol.set(tx.symbol, [tx]);
  }
  const out: Ledger = { lots: [], realised: [], intraday: [], dividends: [], demerged: [] };
  for (const symbol of [...bySymbol.keys()].sort()) {
    const symbolActions = actions.filter((action) => action.symbol === symbol);
    symbolActions.forEach(validateAction);
    replaySymbol(bySymbol.get(symbol)!, symbolActions, out);
  }
  return out;
};
