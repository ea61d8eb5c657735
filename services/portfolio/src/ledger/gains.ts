import { daysBetween } from './dates';
import { type IntradayMatch, type Lot, longTermFrom, type RealisedMatch, type Term, termOf } from './lots';

/**
 * The Indian fiscal year (April to March) of a date, written as the income-tax return does: 2023-04-01 to
 * 2024-03-31 is 'FY2023-24'.
 */
export const fiscalYear = (date: string): string => {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `FY${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

/** Sums of matched sales: shares, cost, proceeds (net of charges) and gain = proceeds − cost. */
export type GainTotals = { quantity: number; cost: number; proceeds: number; gain: number };

/** One fiscal year's realised gains: capital gains by term, intraday (speculative) trading apart, and the sum. */
export type FiscalYearGains = {
  fiscal_year: string;
  short: GainTotals;
  long: GainTotals;
  intraday: GainTotals;
  total: GainTotals;
};

export type RealisedGains = { years: FiscalYearGains[]; total: Omit<FiscalYearGains, 'fiscal_year'> };

const zero = (): GainTotals => ({ quantity: 0, cost: 0, proceeds: 0, gain: 0 });
const add = (into: GainTotals, m: GainTotals) => {
  into.quantity += m.quantity;
  into.cost += m.cost;
  into.proceeds += m.proceeds;
  into.gain += m.gain;
};
const emptyYear = (fiscal_year: string): FiscalYearGains => ({
  fiscal_year,
  short: zero(),
  long: zero(),
  intraday: zero(),
  total: zero(),
});

/**
 * Realised gains grouped by the fiscal year of the sale and by term (short-term and long-term capital gains are
 * taxed at different rates; intraday trades are business income, kept apart), oldest year first, with totals over
 * all years. Unrounded: the service rounds for display.
 */
export const realisedGains = (
  realised: readonly RealisedMatch[],
  intraday: readonly IntradayMatch[] = [],
): RealisedGains => {
  const years = new Map<string, FiscalYearGains>();
  const total = emptyYear('');
  const yearOf = (date: string) => {
    const fy = fiscalYear(date);
    if (!years.has(fy)) years.set(fy, emptyYear(fy));
    return years.get(fy)!;
  };
  const record = (date: string, bucket: 'short' | 'long' | 'intraday', match: GainTotals) => {
    const year = yearOf(date);
    for (const into of [year[bucket], year.total, total[bucket], total.total]) add(into, match);
  };
  for (const match of realised) record(match.sell_date, match.term, match);
  for (const match of intraday) record(match.date, 'intraday', match);
  const { fiscal_year: _, ...totals } = total;
  return { years: [...years.values()].sort((a, b) => (a.fiscal_year < b.fiscal_year ? -1 : 1)), total: totals };
};

/** A dated close. */
export type Close = { date: string; close: number };

/**
 * An open lot at its symbol's close: value = quantity × close; pnl = value − cost; pnl_ratio = pnl / cost (null for
 * cost-0 bonus lots); `term` is what a sale on the close's date would be (null figures without a close), and
 * `long_term_from` the first date a sale is long-term.
 */
export type LotValuation = Lot & {
  value: number | null;
  pnl: number | null;
  pnl_ratio: number | null;
  holding_days: number | null;
  term: Term | null;
  long_term_from: string;
};

/** One symbol's open lots at its latest close; value figures are null when no close is known. */
export type HoldingValuation = {
  symbol: string;
  quantity: number;
  cost: number;
  /** cost / quantity: what a share cost, splits and bonus shares included. */
  average_cost: number;
  close: number | null;
  /** The date of `close`: the as-of date of this holding's price. */
  as_of: string | null;
  value: number | null;
  pnl: number | null;
  pnl_ratio: number | null;
  lots: LotValuation[];
};

export type Unrealised = {
  holdings: HoldingValuation[];
  /** Sums over the holdings that have a close (`unpriced` lists the others). */
  total: { cost: number; value: number; pnl: number; pnl_ratio: number | null };
  /** The latest price date used, and the earliest when holdings' prices are of different days. */
  as_of: string | null;
  oldest_price: string | null;
  unpriced: string[];
};

const ratio = (pnl: number, cost: number) => (cost > 0 ? pnl / cost : null);

/**
 * Unrealised P&L of open lots (as `replay` leaves them) at each symbol's close in `closes`. Holdings come in the
 * order of the lots; a symbol without a close keeps its cost and null values and is listed in `unpriced`.
 */
export const unrealised = (lots: readonly Lot[], closes: ReadonlyMap<string, Close>): Unrealised => {
  const bySymbol = new Map<string, Lot[]>();
  for (const lot of lots) {
    const list = bySymbol.get(lot.symbol);
    if (list) list.push(lot);
    else bySymbol.set(lot.symbol, [lot]);
  }
  const holdings: HoldingValuation[] = [];
  const total = { cost: 0, value: 0, pnl: 0, pnl_ratio: null as number | null };
  const unpriced: string[] = [];
  const dates: string[] = [];
  for (const [symbol, symbolLots] of bySymbol) {
    const quantity = symbolLots.reduce((sum, lot) => sum + lot.quantity, 0);
    const cost = symbolLots.reduce((sum, lot) => sum + lot.cost, 0);
    const price = closes.get(symbol);
    const holding: HoldingValuation = {
      symbol,
      quantity,
      cost,
      average_cost: cost / quantity,
      close: price?.close ?? null,
      as_of: price?.date ?? null,
      value: null,
      pnl: null,
      pnl_ratio: null,
      lots: [],
    };
    if (!price) {
      unpriced.push(symbol);
      holding.lots = symbolLots.map((lot) => ({
        ...lot,
        value: null,
        pnl: null,
        pnl_ratio: null,
        holding_days: null,
        term: null,
        long_term_from: longTermFrom(lot.acquired),
      }));
    } else {
      dates.push(price.date);
      holding.lots = symbolLots.map((lot) => {
        const value = lot.quantity * price.close;
        return {
          ...lot,
          value,
          pnl: value - lot.cost,
          pnl_ratio: ratio(value - lot.cost, lot.cost),
          holding_days: daysBetween(lot.acquired, price.date),
          term: termOf(lot.acquired, price.date),
          long_term_from: longTermFrom(lot.acquired),
        };
      });
      holding.value = quantity * price.close;
      holding.pnl = holding.value - cost;
      holding.pnl_ratio = ratio(holding.pnl, cost);
      total.cost += cost;
      total.value += holding.value;
      total.pnl += holding.pnl;
    }
    holdings.push(holding);
  }
  total.pnl_ratio = ratio(total.pnl, total.cost);
  dates.sort();
  return { holdings, total, as_of: dates.at(-1) ?? null, oldest_price: dates[0] ?? null, unpriced };
};
