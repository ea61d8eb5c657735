import { pricesAge } from './prices-age';

/** A local date, as the browser's clock gives it. */
const on = (year: number, month: number, day: number, hour = 10) => new Date(year, month - 1, day, hour);

describe('pricesAge', () => {
  it("says 'today' and 'yesterday' by the browser's calendar day, whatever the hour", () => {
    expect(pricesAge('2024-03-28', on(2024, 3, 28, 0))).toBe('today');
    expect(pricesAge('2024-03-28', on(2024, 3, 28, 23))).toBe('today');
    expect(pricesAge('2024-03-28', on(2024, 3, 29, 0))).toBe('yesterday');
    expect(pricesAge('2024-03-28', on(2024, 3, 29, 23))).toBe('yesterday');
  });

  it('counts days for the first six weeks, across month ends and a leap day', () => {
    expect(pricesAge('2024-03-28', on(2024, 3, 30))).toBe('2 days ago');
    expect(pricesAge('2024-03-28', on(2024, 4, 1))).toBe('4 days ago');
    expect(pricesAge('2024-02-28', on(2024, 3, 1))).toBe('2 days ago');
    expect(pricesAge('2024-03-28', on(2024, 5, 11))).toBe('44 days ago');
  });

  it('then whole months, then whole years', () => {
    expect(pricesAge('2024-03-28', on(2024, 5, 12))).toBe('1 month ago');
    expect(pricesAge('2024-03-28', on(2024, 5, 28))).toBe('2 months ago');
    expect(pricesAge('2024-03-28', on(2025, 3, 27))).toBe('11 months ago');
    expect(pricesAge('2024-03-28', on(2025, 3, 28))).toBe('1 year ago');
    expect(pricesAge('2024-03-28', on(2026, 11, 24))).toBe('2 years ago');
  });

  it("reads a date after today (a clock behind the server's) as today, and refuses what is not a date", () => {
    expect(pricesAge('2024-03-28', on(2024, 3, 27))).toBe('today');
    expect(pricesAge('28 Mar 2024', on(2024, 3, 29))).toBeNull();
  });
});
