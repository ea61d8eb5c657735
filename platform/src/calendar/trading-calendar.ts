import { NSE_SESSION_YEARS, type SessionYear } from './nse-sessions';

const DAY_MS = 86_400_000;
/** India has kept one offset, with no daylight saving, since 1945. */
const IST_OFFSET_MS = 330 * 60_000;
/** The normal market's close, India time. */
export const REGULAR_CLOSE = '15:30';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayNumber = (date: string): number => {
  const at = ISO_DAY.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== date) throw new RangeError(`Not a calendar date: ${date}`);
  return at / DAY_MS;
};
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const isWeekend = (day: number): boolean => {
  const weekday = new Date(day * DAY_MS).getUTCDay();
  return weekday === 0 || weekday === 6;
};

export type SessionInfo = {
  date: string;
  /** A session is held that day. */
  trading: boolean;
  /** The holiday's or the special session's name, when the day has one. */
  name?: string;
  /** India-time close of the session ('HH:MM'); absent when the day has no session or the hour is not published. */
  closes_at?: string;
  /** The year's list from NSE is not in the calendar yet: the answer assumes every weekday is a session. */
  provisional: boolean;
};

/**
 * NSE's trading days: the only place Nivesh counts dates in sessions. Built from NSE's holiday lists and special
 * sessions (`nse-sessions.ts`); a year whose list is not in yet counts every weekday as a session and says so
 * (`provisional`), since NSE publishes each year's list only in the December before it.
 */
export class TradingCalendar {
  private readonly holidays = new Map<number, string>();
  private readonly specials = new Map<number, { name: string; closesAt?: string }>();
  private readonly years = new Set<number>();
  /** Every session of the covered years, ascending, and each one's position. */
  private readonly sessions: number[] = [];
  private readonly position = new Map<number, number>();
  readonly firstYear: number;
  readonly lastYear: number;

  constructor(years: readonly SessionYear[] = NSE_SESSION_YEARS) {
    for (const { year, holidays, special_sessions } of years) {
      if (this.years.has(year)) throw new Error(`The trading calendar lists ${year} twice`);
      this.years.add(year);
      for (const [date, name] of holidays) {
        const day = this.dayIn(year, date);
        if (isWeekend(day)) throw new Error(`The trading calendar lists a weekend as a holiday: ${date}`);
        this.holidays.set(day, name);
      }
      for (const [date, name, closesAt] of special_sessions) this.specials.set(this.dayIn(year, date), { name, closesAt });
    }
    const sorted = [...this.years].sort((a, b) => a - b);
    if (!sorted.length) throw new Error('The trading calendar needs at least one year');
    sorted.forEach((year, i) => {
      if (i > 0 && year !== sorted[i - 1]! + 1) throw new Error(`The trading calendar has no list for ${sorted[i - 1]! + 1}`);
    });
    this.firstYear = sorted[0]!;
    this.lastYear = sorted.at(-1)!;
    const last = dayNumber(`${this.lastYear}-12-31`);
    for (let day = dayNumber(`${this.firstYear}-01-01`); day <= last; day += 1) {
      if (!this.isSessionDay(day)) continue;
      this.position.set(day, this.sessions.length);
      this.sessions.push(day);
    }
  }

  /** NSE's list for the year is in the calendar. */
  hasYear(year: number): boolean {
    return this.years.has(year);
  }

  isTradingDay(date: string): boolean {
    return this.isSessionDay(dayNumber(date));
  }

  /** What the calendar knows of one day. */
  describe(date: string): SessionInfo {
    const day = dayNumber(date);
    const trading = this.isSessionDay(day);
    const special = this.specials.get(day);
    const name = special?.name ?? this.holidays.get(day);
    const closesAt = trading ? (special ? special.closesAt : REGULAR_CLOSE) : undefined;
    return { date, trading, ...(name ? { name } : {}), ...(closesAt ? { closes_at: closesAt } : {}), provisional: !this.covers(day) };
  }

  /** The first session after `date`. */
  next(date: string): string {
    return this.add(date, 1);
  }

  /** The last session before `date`. */
  previous(date: string): string {
    return this.add(date, -1);
  }

  /** The session `count` sessions after `date` (before it when negative); from a non-session day the first step lands on the nearest session that way. */
  add(date: string, count: number): string {
    if (!Number.isInteger(count)) throw new RangeError(`Not a whole number of sessions: ${count}`);
    let day = dayNumber(date);
    if (count === 0) return date;
    const step = Math.sign(count);
    let left = Math.abs(count);
    while (left > 0) {
      const at = this.position.get(day);
      const jump = at === undefined ? undefined : this.sessions[at + step * left];
      if (jump !== undefined) return dateOf(jump);
      day += step;
      if (this.isSessionDay(day)) left -= 1;
    }
    return dateOf(day);
  }

  /** The `count` sessions after `date`, in order. */
  sessionsAfter(date: string, count: number): string[] {
    const out: string[] = [];
    let at = date;
    while (out.length < count) {
      at = this.next(at);
      out.push(at);
    }
    return out;
  }

  /** The sessions after `from` up to and including `to`, in order. */
  sessionsBetween(from: string, to: string): string[] {
    const out: string[] = [];
    const last = dayNumber(to);
    for (let day = dayNumber(from) + 1; day <= last; day += 1) if (this.isSessionDay(day)) out.push(dateOf(day));
    return out;
  }

  /** How many sessions lie after `from` up to and including `to`; negative when `to` is before `from`. */
  countBetween(from: string, to: string): number {
    const [a, b] = [dayNumber(from), dayNumber(to)];
    if (b < a) return -this.countBetween(to, from);
    const inside = (day: number) => this.position.get(day);
    const [first, last] = [this.sessionAtOrBefore(a), this.sessionAtOrBefore(b)];
    if (inside(first) !== undefined && inside(last) !== undefined) return inside(last)! - inside(first)!;
    return this.sessionsBetween(from, to).length;
  }

  /** The instant the session of `date` closes (midnight India time when the hour is not published); undefined when no session is held. */
  closeOf(date: string): Date | undefined {
    const info = this.describe(date);
    if (!info.trading) return undefined;
    const [hours, minutes] = (info.closes_at ?? '24:00').split(':').map(Number);
    return new Date(dayNumber(date) * DAY_MS + (hours! * 60 + minutes!) * 60_000 - IST_OFFSET_MS);
  }

  /** The latest session that had closed at `at` (compared in India time). */
  lastCompletedSession(at: Date): string {
    const today = dateOf(Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS));
    const close = this.closeOf(today);
    return close && close.getTime() <= at.getTime() ? today : this.previous(today);
  }

  private covers(day: number): boolean {
    return this.years.has(new Date(day * DAY_MS).getUTCFullYear());
  }

  private isSessionDay(day: number): boolean {
    if (this.specials.has(day)) return true;
    return !isWeekend(day) && !this.holidays.has(day);
  }

  private sessionAtOrBefore(day: number): number {
    let at = day;
    while (!this.isSessionDay(at)) at -= 1;
    return at;
  }

  private dayIn(year: number, date: string): number {
    const day = dayNumber(date);
    if (!date.startsWith(`${year}-`)) throw new Error(`The trading calendar lists ${date} under ${year}`);
    return day;
  }
}

/** NSE's calendar as listed in `nse-sessions.ts`. */
export const NSE_CALENDAR = new TradingCalendar();
