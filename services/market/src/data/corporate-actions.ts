/** A split or bonus issue: `ratio` new shares per old share on `ex_date` (prices before it divide by it). */
export type CorporateAction = { ex_date: string; ratio: number };
export type DetectedAction = CorporateAction & { open_ratio: number; close_ratio: number; index_change: number | null };

export type PriceBar = { date: string; open: number; close: number };

/** Clean share ratios of splits and bonus issues (1:4, 1:3, 1:2, 2:3 bonus, 1:1, 3:2, 2:1, 3:1, splits ...). */
export const CLEAN_RATIOS = [1.25, 4 / 3, 1.5, 5 / 3, 2, 2.5, 3, 4, 5, 10, 15, 20] as const;

export type DetectionOptions = {
  /** Largest |ln(open/prev close x ratio)|: how near the overnight gap must be to 1/ratio. */
  openTolerance: number;
  /** Largest |ln(close/prev close x ratio)|: the day's close must agree too (a real gap-down recovers or deepens). */
  closeTolerance: number;
  /** Largest |index change| on the day; a real market fall moves the index too. */
  maxIndexMove: number;
};

export const DEFAULT_DETECTION: DetectionOptions = { openTolerance: 0.06, closeTolerance: 0.12, maxIndexMove: 0.03 };

/** The clean ratio nearest (in log terms) to a price factor `after / before`. */
export const nearestRatio = (factor: number): { ratio: number; error: number } => {
  let best = { ratio: CLEAN_RATIOS[0] as number, error: Infinity };
  for (const ratio of CLEAN_RATIOS) {
    const error = Math.abs(Math.log(factor * ratio));
    if (error < best.error) best = { ratio, error };
  }
  return best;
};

/**
 * Candidate splits/bonus issues in a raw daily series (ascending dates): days whose open sits near
 * 1/ratio of the previous close for a clean ratio, whose close agrees, while the index (its daily
 * change by date, when known) moved less than `maxIndexMove`.
 */
export const detectCorporateActions = (
  bars: readonly PriceBar[],
  indexChangeByDate: ReadonlyMap<string, number> = new Map(),
  options: DetectionOptions = DEFAULT_DETECTION,
): DetectedAction[] => {
  const found: DetectedAction[] = [];
  for (let i = 1; i < bars.length; i++) {
    const previous = bars[i - 1]!;
    const bar = bars[i]!;
    if (!(previous.close > 0) || !(bar.open > 0)) continue;
    const openFactor = bar.open / previous.close;
    const closeFactor = bar.close / previous.close;
    if (openFactor > 0.85) continue;
    const { ratio, error } = nearestRatio(openFactor);
    if (error > options.openTolerance) continue;
    if (Math.abs(Math.log(closeFactor * ratio)) > options.closeTolerance) continue;
    const indexChange = indexChangeByDate.get(bar.date) ?? null;
    if (indexChange !== null && Math.abs(indexChange) >= options.maxIndexMove) continue;
    found.push({ ex_date: bar.date, ratio, open_ratio: openFactor, close_ratio: closeFactor, index_change: indexChange });
  }
  return found;
};

/** Daily close-to-close change of an index series, by date. */
export const dailyChanges = (bars: ReadonlyArray<{ date: string; close: number }>): Map<string, number> => {
  const changes = new Map<string, number>();
  for (let i = 1; i < bars.length; i++) changes.set(bars[i]!.date, bars[i]!.close / bars[i - 1]!.close - 1);
  return changes;
};
