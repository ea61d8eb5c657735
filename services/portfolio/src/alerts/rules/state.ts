import type { AlertKind } from './kinds';

/*
 * "Fires once per crossing, not on every import." Each alert keeps a small state between imports:
 *
 * - Crossing alerts (price_above, price_below, rsi_cross, high_52w, low_52w) watch a condition that is true or false
 *   on each trading day's close. An armed alert fires on the first day the condition is true and disarms; it re-arms
 *   only on a later day the condition is false, so a price that stays above the level for a month fires once, and
 *   one that dips back below and rises again fires again. A 52-week alert fires on the first day of a run of new
 *   highs (lows) and re-arms after a day that is not one.
 * - A new alert starts disarmed: if its condition is already true on the day it is set (the price is already above
 *   the level), it does not fire until the condition has been false once. This is what broker apps do ("alert when it
 *   crosses"): the user has just seen the price, and an alert that fired at once would tell them nothing.
 * - The daily alert (move_pct) is always armed: it fires on every trading day with a large enough move, at most once
 *   per day however often that day is imported, and never for the day it was set on, which the user has seen.
 * - A day whose condition is unknown (not enough history for the RSI or the 52-week window, or no previous close)
 *   leaves the state as it is.
 */

/** What an alert remembers between evaluations. */
export type AlertState = {
  /** Whether the alert fires the next time its condition is true (crossing alerts; always true for daily ones). */
  armed: boolean;
  /**
   * The last market date whose close this alert has seen: only later days can fire. For a new alert, the date of the
   * latest close when it was set (the close the user saw), or null when the symbol had none.
   */
  last_evaluated_date: string | null;
  last_fired_date: string | null;
};

export type Trigger = 'crossing' | 'daily';

/** How an alert kind fires: once per crossing, or once per trading day. */
export const triggerOf = (kind: AlertKind): Trigger => (kind === 'move_pct' ? 'daily' : 'crossing');

/**
 * A day's condition: true, false, or null when the day lacks what the condition needs (RSI warm-up, 52 weeks of
 * history, a previous close).
 */
export type Condition = boolean | null;

/**
 * The state of an alert set when the symbol's latest close is dated `latestCloseDate`. That close is the alert's
 * baseline: evaluation reads it to arm a crossing alert whose condition is false there, and never fires on it.
 */
export const newAlertState = (kind: AlertKind, latestCloseDate: string | null): AlertState => ({
  armed: triggerOf(kind) === 'daily',
  last_evaluated_date: latestCloseDate,
  last_fired_date: null,
});

/**
 * The state after re-reading the baseline day (the last day already evaluated): a crossing alert arms when its
 * condition is false there and disarms when it is true; nothing fires. For an alert evaluated before this is a no-op
 * (its state already reflects that day); for a new alert it is the "false once" the rule asks for on creation day.
 */
export const settleBaseline = (trigger: Trigger, state: AlertState, condition: Condition): AlertState => {
  if (trigger === 'daily' || condition === null || state.armed === !condition) return state;
  return { ...state, armed: !condition };
};

/** A day's outcome: the state after it, and whether the alert fired on it. */
export type DayStep = { state: AlertState; fired: boolean };

/** One new trading day, after `state.last_evaluated_date`: fire or not, and the state after the day. */
export const stepDay = (trigger: Trigger, state: AlertState, date: string, condition: Condition): DayStep => {
  const seen = { ...state, last_evaluated_date: date };
  if (condition === null) return { state: seen, fired: false };
  if (trigger === 'daily') {
    const fired = condition && state.last_fired_date !== date;
    return { state: fired ? { ...seen, last_fired_date: date } : seen, fired };
  }
  if (!condition) return { state: { ...seen, armed: true }, fired: false };
  if (!state.armed) return { state: seen, fired: false };
  return { state: { ...seen, armed: false, last_fired_date: date }, fired: true };
};
