import { daysBetween } from './dates';
import type { CashFlow } from './xirr';

/** The portfolio's market value at a day's close, after that day's trades. */
export type ValuePoint = { date: string; value: number };

export type TimeWeightedReturn = {
  /** Compounded return over the whole period (0.25 = 25 %). */
  twr: number;
  /** (1 + twr)^(365 / days) − 1 when the period is longer than a year, else null (part-years are not annualised). */
  annualised: number | null;
  from: string;
  to: string;
  days: number;
  /** Growth of 1 invested at the start, by date: the chain-linked index, for a chart against NIFTY 50. */
  growth: ValuePoint[];
};

/**
 * Time-weighted return from a daily value series and the investor's cash flows (as `transactionFlows` gives them:
 * a buy negative, a sale or dividend positive). It measures the holdings' performance whatever the timing and size
 * of the money put in or taken out, so it is comparable with an index; XIRR is the investor's own experience.
 *
 * Method: chain-linking at every valued day, each day a sub-period with the Modified Dietz formula
 * r = (V_t − V_{t−1} − C_t) / (V_{t−1} + w · C_t), where C_t is the net money put into the portfolio that day
 * (minus the investor's net flow) and V the closing values. The weight w is 1 for money put in (a purchase earns the
 * day's move from its price to the close: the first purchase's return is close / cost − 1, which w = 0.5 would
 * double) and 0 for money taken out (a sale's proceeds are measured against the previous close: selling everything
 * leaves V_t = 0 and r = proceeds / V_{t−1} − 1). With daily values that is the exact time-weighted return under
 * those timing assumptions. A day whose denominator is not above zero (nothing held and nothing put in) is skipped.
 * Flows on a date without a value count on the next valued date; flows after the last valued date are ignored.
 * Values must be ascending by date; the period runs from the first valued date to the last.
 */
export const timeWeightedReturn = (
  values: readonly ValuePoint[],
  flows: readonly CashFlow[],
): TimeWeightedReturn | null => {
  if (!values.length) return null;
  const sorted = [...flows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let f = 0;
  let previous = 0;
  let growth = 1;
  const path: ValuePoint[] = [];
  for (const point of values) {
    let contributed = 0;
    while (f < sorted.length && sorted[f]!.date <= point.date) contributed -= sorted[f++]!.amount;
    const base = previous + Math.max(contributed, 0);
    if (base > 0) growth *= 1 + (point.value - previous - contributed) / base;
    path.push({ date: point.date, value: growth });
    previous = point.value;
  }
  const from = values[0]!.date;
  const to = values.at(-1)!.date;
  const days = daysBetween(from, to);
  const twr = growth - 1;
  return { twr, annualised: days > 365 ? growth ** (365 / days) - 1 : null, from, to, days, growth: path };
};
