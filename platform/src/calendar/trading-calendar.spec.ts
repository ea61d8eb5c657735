import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NSE_SESSION_YEARS } from './nse-sessions';
import { NSE_CALENDAR as nse, TradingCalendar } from './trading-calendar';

/** The shared dataset (../shared/data/nse, README.md there), read in place. */
const DATA = path.resolve(__dirname, '../../..', '..', 'shared/data/nse');

const weekdaysOf = (year: number) => {
  const out: string[] = [];
  for (let day = new Date(Date.UTC(year, 0, 1)); day.getUTCFullYear() === year; day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() % 6 !== 0) out.push(day.toISOString().slice(0, 10));
  }
  return out;
};
const sessionsOf = (year: number) => weekdaysOf(year).length - NSE_SESSION_YEARS.find((y) => y.year === year)!.holidays.length;

describe('the NSE trading calendar', () => {
  it('agrees with every day of the shared dataset: a day with a bar is a session, a weekday without one is a holiday', () => {
    const traded = new Set<string>();
    for (const file of readdirSync(DATA).filter((name) => name.endsWith('.csv') && name !== 'symbols.csv')) {
      for (const line of readFileSync(path.join(DATA, file), 'utf8').split('\n').slice(1)) if (line) traded.add(line.slice(0, 10));
    }
    const mismatches: string[] = [];
    for (let day = new Date('2000-01-01T00:00:00Z'); day <= new Date('2024-03-28T00:00:00Z'); day.setUTCDate(day.getUTCDate() + 1)) {
      const date = day.toISOString().slice(0, 10);
      const weekend = day.getUTCDay() % 6 === 0;
      if (traded.has(date) !== nse.isTradingDay(date) && !(weekend && !traded.has(date) && !nse.isTradingDay(date))) mismatches.push(date);
    }
    expect(mismatches).toEqual([]);
    expect(traded.size).toBeGreaterThan(6_000);
  });

  it('closes on Good Friday 2024, so the session after 28 Mar 2024 is Monday 1 Apr', () => {
    expect(nse.isTradingDay('2024-03-29')).toBe(false);
    expect(nse.describe('2024-03-29')).toMatchObject({ trading: false, name: 'Good Friday', provisional: false });
    expect(nse.next('2024-03-28')).toBe('2024-04-01');
    expect(nse.sessionsAfter('2024-03-28', 10)).toEqual([
      '2024-04-01', '2024-04-02', '2024-04-03', '2024-04-04', '2024-04-05',
      '2024-04-08', '2024-04-09', '2024-04-10', '2024-04-12', '2024-04-15',
    ]);
  });

  it('holds 2024 as NSE/CMTR/59722 and the year\'s later circulars set it', () => {
    for (const holiday of ['2024-01-22', '2024-05-20', '2024-06-17', '2024-11-15', '2024-11-20', '2024-12-25']) expect(nse.isTradingDay(holiday)).toBe(false);
    for (const special of ['2024-01-20', '2024-03-02', '2024-05-18']) expect(nse.isTradingDay(special)).toBe(true);
    expect(nse.describe('2024-11-01')).toMatchObject({ trading: true, name: 'Muhurat trading (Diwali Laxmi Pujan)', closes_at: '19:00' });
    expect(sessionsOf(2024)).toBe(245);
  });

  it('holds 2025 as NSE/CMTR/65587 sets it, with the Budget session on Saturday 1 Feb', () => {
    for (const holiday of ['2025-02-26', '2025-03-14', '2025-03-31', '2025-04-10', '2025-04-14', '2025-04-18', '2025-05-01', '2025-08-15', '2025-08-27', '2025-10-02', '2025-10-22', '2025-11-05', '2025-12-25']) {
      expect(nse.isTradingDay(holiday)).toBe(false);
    }
    expect(nse.isTradingDay('2025-02-01')).toBe(true);
    expect(nse.describe('2025-10-21')).toMatchObject({ trading: true, closes_at: '14:45' });
    expect(NSE_SESSION_YEARS.find((y) => y.year === 2025)!.holidays).toHaveLength(14);
  });

  it('holds 2026 as NSE/CMTR/71775 sets it, with 15 Jan closed (NSE/CMTR/72260) and Sunday 1 Feb open (NSE/CMTR/72349)', () => {
    const holidays = NSE_SESSION_YEARS.find((y) => y.year === 2026)!.holidays.map(([date]) => date);
    expect(holidays).toEqual([
      '2026-01-15', '2026-01-26', '2026-03-03', '2026-03-26', '2026-03-31', '2026-04-03', '2026-04-14', '2026-05-01',
      '2026-05-28', '2026-06-26', '2026-09-14', '2026-10-02', '2026-10-20', '2026-11-10', '2026-11-24', '2026-12-25',
    ]);
    expect(nse.isTradingDay('2026-02-01')).toBe(true);
    expect(nse.isTradingDay('2026-11-08')).toBe(true);
    expect(nse.next('2026-11-06')).toBe('2026-11-08');
    expect(nse.next('2026-11-09')).toBe('2026-11-11');
  });

  it('says when a year\'s list is not in yet and then counts weekdays', () => {
    expect(nse.hasYear(2026)).toBe(true);
    expect(nse.hasYear(nse.lastYear + 1)).toBe(false);
    const newYear = `${nse.lastYear + 1}-01-01`;
    expect(nse.describe(newYear).provisional).toBe(true);
    expect(nse.describe('2026-12-31').provisional).toBe(false);
    expect(nse.sessionsAfter('2026-12-30', 3)).toEqual(['2026-12-31', '2027-01-01', '2027-01-04']);
  });

  it('moves forward and back by sessions, from sessions and from closed days alike', () => {
    expect(nse.previous('2024-04-01')).toBe('2024-03-28');
    expect(nse.add('2024-04-15', -10)).toBe('2024-03-28');
    expect(nse.add('2024-04-15', -9)).toBe('2024-04-01');
    expect(nse.add('2024-03-30', 1)).toBe('2024-04-01');
    expect(nse.add('2024-03-30', -1)).toBe('2024-03-28');
    expect(nse.add('2024-03-28', 0)).toBe('2024-03-28');
    expect(nse.add('2026-12-24', 5)).toBe('2027-01-01');
    expect(nse.add('2027-01-04', -2)).toBe('2026-12-31');
    expect(() => nse.add('2024-03-28', 1.5)).toThrow(RangeError);
    expect(() => nse.isTradingDay('2024-02-30')).toThrow(RangeError);
  });

  it('counts the sessions between two dates the same way it lists them', () => {
    expect(nse.countBetween('2024-03-28', '2024-04-15')).toBe(10);
    expect(nse.sessionsBetween('2024-03-28', '2024-04-15')).toEqual(nse.sessionsAfter('2024-03-28', 10));
    expect(nse.countBetween('2024-04-15', '2024-03-28')).toBe(-10);
    expect(nse.countBetween('2024-03-29', '2024-03-31')).toBe(0);
    expect(nse.countBetween('2023-12-29', '2024-12-31')).toBe(sessionsOf(2024) + 4);
    expect(nse.countBetween('2026-12-30', '2027-01-05')).toBe(4);
  });

  it('knows the last completed session at any instant in India time', () => {
    // 15:29 and 15:30 India time on Thursday 28 Mar 2024.
    expect(nse.lastCompletedSession(new Date('2024-03-28T09:59:00Z'))).toBe('2024-03-27');
    expect(nse.lastCompletedSession(new Date('2024-03-28T10:00:00Z'))).toBe('2024-03-28');
    // Good Friday, the weekend, and Monday morning all look back to Thursday.
    expect(nse.lastCompletedSession(new Date('2024-03-29T12:00:00Z'))).toBe('2024-03-28');
    expect(nse.lastCompletedSession(new Date('2024-04-01T03:00:00Z'))).toBe('2024-03-28');
    // 00:30 India time on 2 Apr is still 1 Apr in UTC: the session of 1 Apr has closed.
    expect(nse.lastCompletedSession(new Date('2024-04-01T19:00:00Z'))).toBe('2024-04-01');
    // The Muhurat session of 1 Nov 2024 closed at 19:00.
    expect(nse.lastCompletedSession(new Date('2024-11-01T13:00:00Z'))).toBe('2024-10-31');
    expect(nse.lastCompletedSession(new Date('2024-11-01T13:30:00Z'))).toBe('2024-11-01');
    // That of Sunday 12 Nov 2023 at 19:15: the evening's run at 20:00 finds it closed.
    expect(nse.lastCompletedSession(new Date('2023-11-12T13:44:00Z'))).toBe('2023-11-10');
    expect(nse.lastCompletedSession(new Date('2023-11-12T14:30:00Z'))).toBe('2023-11-12');
  });

  it('refuses a list that contradicts itself', () => {
    expect(() => new TradingCalendar([{ year: 2024, source: 't', holidays: [['2024-03-30', 'Saturday']], special_sessions: [] }])).toThrow(/weekend/);
    expect(() => new TradingCalendar([{ year: 2024, source: 't', holidays: [['2025-01-01', 'x']], special_sessions: [] }])).toThrow(/under 2024/);
    expect(() => new TradingCalendar([2020, 2022].map((year) => ({ year, source: 't', holidays: [], special_sessions: [] })))).toThrow(/2021/);
  });
});
