// Searching ascending date series (`@nivesh/proto/dates`): free of dependencies and browser-safe, so pure cores such
// as portfolio's ledger and market's analysis share one binary search.

/**
 * Index of the last of `count` dates, in ascending order, that falls on or before `date` (`dateAt(i)` reads the i-th,
 * as 'YYYY-MM-DD'), or -1 when none does: a binary search, for series of closes, bars or dates alike.
 */
export const lastIndexOnOrBeforeAt = (count: number, dateAt: (index: number) => string, date: string): number => {
  let lo = 0;
  let hi = count - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (dateAt(mid) <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
};

/** Index of the last element whose date is on or before `date` in an ascending series, or -1. */
export const lastIndexOnOrBefore = (series: ReadonlyArray<{ date: string }>, date: string): number =>
  lastIndexOnOrBeforeAt(series.length, (index) => series[index]!.date, date);
