import { dayNumber, lastIndexOnOrBefore } from './dates';
import type { Close } from './gains';
import { LedgerError, type Transaction } from './transactions';

/** Money on a date from the investor's side: negative when the investor pays (a buy), positive when paid (a sale). */
export type CashFlow = { date: string; amount: number };

/**
 * The investor's cash flows of transactions: a buy pays price × quantity + charges (negative), a sale receives
 * price × quantity − charges, a dividend quantity × dividend per share − charges (positive).
 */
export const transactionFlows = (transactions: readonly Transaction[]): CashFlow[] =>
  transactions.map((tx) => {
    const gross = tx.quantity * tx.price;
    return { date: tx.date, amount: tx.kind === 'buy' ? -(gross + tx.charges) : gross - tx.charges };
  });

/** Newton's method stops when a step is below this (relative to 1 + rate). */
const NEWTON_TOLERANCE = 1e-12;
const NEWTON_ITERATIONS = 100;
/** A Newton result is accepted when |NPV| is below this share of the flows' total size. */
const NPV_TOLERANCE = 1e-9;
/** The bracket scan covers total growth over the flows' span of e^-50 to e^50, far beyond any real portfolio. */
const SCAN_LIMIT = 50;

type Terms = { amounts: number[]; years: number[] };

/** Actual/365 year fractions from the earliest flow, as spreadsheet XIRR counts them. */
const terms = (flows: readonly CashFlow[]): Terms => {
  const first = Math.min(...flows.map((flow) => dayNumber(flow.date)));
  return {
    amounts: flows.map((flow) => flow.amount),
    years: flows.map((flow) => (dayNumber(flow.date) - first) / 365),
  };
};

/** Net present value at `rate` and its derivative in rate. */
const npv = ({ amounts, years }: Terms, rate: number): { value: number; slope: number } => {
  let value = 0;
  let slope = 0;
  for (let i = 0; i < amounts.length; i++) {
    const discounted = amounts[i]! * (1 + rate) ** -years[i]!;
    value += discounted;
    slope -= (years[i]! * discounted) / (1 + rate);
  }
  return { value, slope };
};

/**
 * NPV at rate e^x − 1, divided by its largest term's size: the same sign as the NPV, and finite where the NPV
 * itself would overflow (a −99.99 % rate over decades) or vanish.
 */
const scaledNpv = ({ amounts, years }: Terms, x: number): number => {
  let top = -Infinity;
  const logs = amounts.map((amount, i) => {
    const log = amount === 0 ? -Infinity : Math.log(Math.abs(amount)) - x * years[i]!;
    top = Math.max(top, log);
    return log;
  });
  return amounts.reduce((sum, amount, i) => sum + Math.sign(amount) * Math.exp(logs[i]! - top), 0);
};

const newton = (flows: Terms, guess: number): number | null => {
  const size = flows.amounts.reduce((sum, amount) => sum + Math.abs(amount), 0);
  let rate = guess;
  for (let i = 0; i < NEWTON_ITERATIONS; i++) {
    const { value, slope } = npv(flows, rate);
    if (!Number.isFinite(value) || !Number.isFinite(slope) || slope === 0) return null;
    let next = rate - value / slope;
    // A rate at or below −100 % has no meaning: step half-way towards it instead.
    if (next <= -1) next = (rate - 1) / 2;
    if (Math.abs(next - rate) <= NEWTON_TOLERANCE * (1 + rate)) {
      return Math.abs(npv(flows, next).value) <= NPV_TOLERANCE * size ? next : null;
    }
    rate = next;
  }
  return null;
};

/**
 * Scans x = ln(1 + rate) outwards from the guess in growing steps for a sign change of the NPV (the root nearest
 * the guess), then bisects it to machine precision. Null when the scan finds no sign change.
 */
const bisection = (flows: Terms, guess: number): number | null => {
  const span = Math.max(...flows.years) || 1;
  const limit = SCAN_LIMIT / span;
  const start = Math.log1p(Math.max(guess, -0.99));
  const sign = (x: number) => Math.sign(scaledNpv(flows, x));
  let bracket: [number, number] | null = null;
  let above = { x: start, sign: sign(start) };
  let below = above;
  for (let step = 0.005 / span; !bracket && step < 4 * limit; step *= 1.05) {
    const up = Math.min(start + step, limit);
    const down = Math.max(start - step, -limit);
    const next = { above: { x: up, sign: sign(up) }, below: { x: down, sign: sign(down) } };
    if (next.above.sign !== above.sign) bracket = [above.x, up];
    else if (next.below.sign !== below.sign) bracket = [down, below.x];
    above = next.above;
    below = next.below;
  }
  if (!bracket) return null;
  let [lo, hi] = bracket;
  const loSign = sign(lo);
  for (let i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(lo)); i++) {
    const mid = (lo + hi) / 2;
    if (sign(mid) === loSign) lo = mid;
    else hi = mid;
  }
  return Math.expm1((lo + hi) / 2);
};

/**
 * The annual rate that makes the flows' net present value zero, as spreadsheet XIRR computes it: Actual/365 year
 * fractions from the first date, NPV = Σ amount / (1 + rate)^years. Newton's method from `guess` (10 %, the
 * spreadsheet default), stepping half-way towards −100 % rather than past it; when it fails to converge, a scan for
 * a sign change in ln(1 + rate) outwards from the guess and bisection of that bracket. Null when no rate exists:
 * fewer than two non-zero flows, all flows of one sign, or no sign change of the NPV found above −100 %. Flows may
 * come in any order. With several roots (flows changing sign more than once) the one nearest the guess is found.
 */
export const xirr = (flows: readonly CashFlow[], guess = 0.1): number | null => {
  const nonZero = flows.filter((flow) => flow.amount !== 0);
  if (nonZero.length < 2 || nonZero.every((f) => f.amount > 0) || nonZero.every((f) => f.amount < 0)) return null;
  const t = terms(nonZero);
  return newton(t, guess) ?? bisection(t, guess);
};

export type BenchmarkResult = {
  /** The XIRR the investor would have had in the index; null as for `xirr`. */
  xirr: number | null;
  /** Index units held at the end (fractional), and their value at the closing price of `as_of`. */
  units: number;
  terminal_value: number;
  /** The date of the index close the terminal value uses. */
  as_of: string;
  /** Some sale took out more than the index holding was worth then: units went negative (a short position). */
  overdrawn: boolean;
};

/**
 * The same cash flows invested in an index instead: each payment (negative amount) buys index units at that day's
 * close, or the last close before it (a holiday); each receipt (positive amount) sells units of the same value at
 * that close. The index position is then valued at the close on or before `asOf` (default: the last close) and the
 * XIRR taken of the flows plus that value, dated `asOf` (default: the later of the last close and the last flow).
 * Pass the portfolio's flows without its terminal value and the portfolio's price date as `asOf`, so both XIRRs end
 * on the same day. When the portfolio outperformed, a sale can take more than the index holding is worth: the units
 * go negative (flagged `overdrawn`) rather than the flows differing, since the comparison is of the same flows.
 * Throws LedgerError('no_price') for a flow dated before the first close.
 */
export const benchmarkXirr = (flows: readonly CashFlow[], index: readonly Close[], asOf?: string): BenchmarkResult => {
  if (!index.length) throw new LedgerError('no_price', 'No index closes to compare with');
  let units = 0;
  let overdrawn = false;
  for (const flow of [...flows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    const at = lastIndexOnOrBefore(index, flow.date);
    if (at < 0) throw new LedgerError('no_price', `No index close on or before ${flow.date}`, { date: flow.date });
    units -= flow.amount / index[at]!.close;
    if (units < -1e-9) overdrawn = true;
  }
  const lastFlow = flows.reduce((latest, flow) => (flow.date > latest ? flow.date : latest), '');
  const end = asOf ?? (lastFlow > index.at(-1)!.date ? lastFlow : index.at(-1)!.date);
  const at = lastIndexOnOrBefore(index, end);
  if (at < 0) throw new LedgerError('no_price', `No index close on or before ${end}`, { date: end });
  const terminal = units * index[at]!.close;
  return {
    xirr: xirr([...flows, { date: end, amount: terminal }]),
    units,
    terminal_value: terminal,
    as_of: index[at]!.date,
    overdrawn,
  };
};
