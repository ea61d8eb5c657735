import { NSE_CALENDAR, type TradingCalendar } from '@nivesh/platform';

export type BackfillInput = {
  /** The instant the run starts. */
  now: Date;
  /** The latest trading day whose bars are final: from NSE, or from the provider where NSE's archive cannot replace them. Null before any import. */
  doneThrough: string | null;
  /** The first trading day NSE's archive serves in the layout the pipeline reads (UDiFF bhavcopies began on 8 Jul 2024). */
  archiveFrom: string;
  /** At most this many days are fetched from NSE in one run; the rest wait for the next. */
  maxDays: number;
};

export type BackfillPlan = {
  /** The last session that has closed (India time): the day the pipeline is working towards. */
  target: string;
  /** Days older than NSE's archive, asked from the provider, ascending. */
  provider: string[];
  /** Days fetched from NSE in this run, ascending. */
  nse: string[];
  /** Missed days left for later runs. */
  deferred: number;
};

/**
 * Which trading days a run fetches, in order: every session after the last final day up to the last completed one,
 * by the trading calendar (a holiday or a weekend is never missing). Days before NSE's archive go to the provider; the
 * rest are fetched from NSE, at most `maxDays` per run, oldest first, so an outage of any length is caught up over
 * a few runs without one run taking the evening. Pure.
 */
export const planBackfill = (input: BackfillInput, calendar: TradingCalendar = NSE_CALENDAR): BackfillPlan => {
  const target = calendar.lastCompletedSession(input.now);
  if (input.doneThrough === null || input.doneThrough >= target) return { target, provider: [], nse: [], deferred: 0 };
  const missing = calendar.sessionsBetween(input.doneThrough, target);
  const provider = missing.filter((day) => day < input.archiveFrom);
  const fromNse = missing.filter((day) => day >= input.archiveFrom);
  const nse = fromNse.slice(0, Math.max(0, input.maxDays));
  return { target, provider, nse, deferred: fromNse.length - nse.length };
};

/** The instant `time` ('HH:MM', India time) on `day`. */
export const indiaTime = (day: string, time: string): Date => new Date(`${day}T${time}:00+05:30`);
