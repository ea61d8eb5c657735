import type { MarketFreshness } from '@nivesh/proto';
import { NSE_CALENDAR, type TradingCalendar } from '@nivesh/platform';
import { formatDate } from '../news/wording';
import { indiaTime } from './backfill-plan';

export type FreshnessInput = {
  now: Date;
  /** The latest stored bar's day (null before any import). */
  asOf: string | null;
  /** Who the latest day's bars came from. */
  asOfSource: 'nse' | 'provider' | null;
  /** The daily pipeline is on. */
  live: boolean;
  /** India time ('HH:MM') after which a day NSE has not published counts as delayed. */
  deadline: string;
};


const sessions = (count: number): string => (count === 1 ? 'one trading session' : `${count} trading sessions`);

/**
 * How current the prices are at `now`, with one sentence for people when there is something to say. Stale means the
 * latest bar is older than the last session that has closed (India time), so a weekend or a holiday is never stale.
 * Between a session's close and NSE's file (usually early evening) the data is stale for a plain reason: NSE has not
 * published yet; after the deadline, or when more than one session is missing, updates are delayed. Pure.
 */
export const freshness = (input: FreshnessInput, calendar: TradingCalendar = NSE_CALENDAR): MarketFreshness => {
  const lastSession = calendar.lastCompletedSession(input.now);
  const base = { as_of: input.asOf, last_session: lastSession, live: input.live };
  if (input.asOf === null) return { ...base, stale: true, reason: 'empty', sentence: 'No prices have been loaded yet.' };
  const behind = Math.max(0, calendar.countBetween(input.asOf, lastSession));
  const stale = behind > 0;
  if (!input.live) {
    return {
      ...base,
      stale,
      reason: 'dataset',
      sentence: `Prices end on ${formatDate(input.asOf)}: this copy of Nivesh runs on the bundled NSE dataset and does not fetch newer days.`,
    };
  }
  if (!stale) {
    return input.asOfSource === 'provider'
      ? { ...base, stale, reason: 'provisional', sentence: `Prices for ${formatDate(input.asOf)} are provisional, from Yahoo Finance, until NSE publishes its file for the day.` }
      : { ...base, stale, reason: 'current', sentence: null };
  }
  if (behind === 1 && input.now < indiaTime(lastSession, input.deadline)) {
    return { ...base, stale, reason: 'not_published', sentence: `NSE has not published the prices of ${formatDate(lastSession)} yet; these are from ${formatDate(input.asOf)}.` };
  }
  return { ...base, stale, reason: 'delayed', sentence: `Updates are delayed: these prices are from ${formatDate(input.asOf)}, ${sessions(behind)} behind NSE.` };
};
