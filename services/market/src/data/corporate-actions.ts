import { NSE_CALENDAR } from '@nivesh/platform';
import type { CorporateActionKind, MarketBar } from '@nivesh/proto';

export type ActionKind = CorporateActionKind;

/** Kinds that change the number of shares: volumes before them are restated in today's shares too. */
export const SHARE_KINDS: ReadonlySet<ActionKind> = new Set<ActionKind>(['split', 'bonus', 'split_bonus', 'reverse_split']);

/**
 * A stored corporate action: prices before `ex_date` are multiplied by `factor` (1/ratio for a share-count change,
 * the ex-date price against the previous close for a demerger, rights issue or special dividend). `ratio` is new
 * shares per old share for the share-count kinds, else null; `note` says what it was, where known.
 */
export type CorporateAction = { ex_date: string; kind: ActionKind; ratio: number | null; factor: number; note?: string | null };

/** A share-count change read off the prices: `ratio` new shares per old share (below 1 for a consolidation). */
export type DetectedAction = { ex_date: string; ratio: number; open_ratio: number; close_ratio: number; index_change: number | null };

export type PriceBar = Pick<MarketBar, 'date' | 'open' | 'close'>;

/** Clean share ratios of splits and bonus issues (1:5, 1:4, 1:3, 1:2, 2:3 bonus, 1:1, 3:2, 2:1, 3:1, splits ...). */
export const CLEAN_RATIOS = [1.2, 1.25, 4 / 3, 1.5, 5 / 3, 2, 2.5, 3, 4, 5, 10, 15, 20] as const;
/** Consolidations (reverse splits) merge a whole number of shares into one. */
export const CONSOLIDATIONS = [2, 3, 4, 5, 10, 20] as const;

export type DetectionOptions = {
  /** Largest |ln(open/prev close x ratio)|: how near the overnight gap must be to 1/ratio. */
  openTolerance: number;
  /** Largest |ln(close/prev close x ratio)|: the day's close must agree too (a real gap-down recovers or deepens). */
  closeTolerance: number;
  /** Largest |index change| on the day; a real market fall moves the index too. */
  maxIndexMove: number;
};

export const DEFAULT_DETECTION: DetectionOptions = { openTolerance: 0.06, closeTolerance: 0.12, maxIndexMove: 0.03 };

/**
 * When an overnight move is flagged for an operator: the open at least `gap` away from the previous close, the close
 * keeping at least `hold` of that move, while the index (when known) moved less than `quietIndex` or less than
 * `indexShare` of the stock's gap.
 */
export const ANOMALY_RULES = { gap: 0.09, hold: 0.5, quietIndex: 0.02, indexShare: 0.2 } as const;
export type AnomalyRules = { [K in keyof typeof ANOMALY_RULES]: number };

/** An overnight move no stored or detected action explains, for an operator to classify or dismiss. */
export type Anomaly = { date: string; previous_close: number; open: number; close: number; index_change: number | null };

/** The clean ratio nearest (in log terms) to a price factor `after / before`. */
export const nearestRatio = (factor: number): { ratio: number; error: number } => {
  let best = { ratio: CLEAN_RATIOS[0] as number, error: Infinity };
  for (const ratio of CLEAN_RATIOS) {
    const error = Math.abs(Math.log(factor * ratio));
    if (error < best.error) best = { ratio, error };
  }
  return best;
};

/** The consolidation nearest (in log terms) to a price jump `after / before`; its ratio is below 1 (0.1 for 1-for-10). */
export const nearestConsolidation = (factor: number): { ratio: number; error: number } => {
  let best = { ratio: 1 / CONSOLIDATIONS[0], error: Infinity };
  for (const merged of CONSOLIDATIONS) {
    const error = Math.abs(Math.log(factor / merged));
    if (error < best.error) best = { ratio: 1 / merged, error };
  }
  return best;
};

/**
 * Candidate share-count changes in a raw daily series (ascending dates): days whose open sits near 1/ratio of the
 * previous close for a clean ratio (a split or bonus issue: the price falls) or near a whole multiple of it (a
 * consolidation: the price jumps), whose close agrees, while the index (its daily change by date, when known)
 * moved less than `maxIndexMove`.
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
    if (openFactor > 0.85 && openFactor < 1.6) continue;
    const { ratio, error } = openFactor < 1 ? nearestRatio(openFactor) : nearestConsolidation(openFactor);
    if (error > options.openTolerance) continue;
    if (Math.abs(Math.log(closeFactor * ratio)) > options.closeTolerance) continue;
    const indexChange = indexChangeByDate.get(bar.date) ?? null;
    if (indexChange !== null && Math.abs(indexChange) >= options.maxIndexMove) continue;
    found.push({ ex_date: bar.date, ratio, open_ratio: openFactor, close_ratio: closeFactor, index_change: indexChange });
  }
  return found;
};

/**
 * Overnight moves that nothing in `explained` (dates of stored or detected actions) accounts for: see ANOMALY_RULES.
 * They may be demergers, rights issues or news; the importer records them for an operator instead of guessing.
 */
export const findAnomalies = (
  bars: readonly PriceBar[],
  indexChangeByDate: ReadonlyMap<string, number> = new Map(),
  explained: ReadonlySet<string> = new Set(),
  rules: AnomalyRules = ANOMALY_RULES,
): Anomaly[] => {
  const found: Anomaly[] = [];
  for (let i = 1; i < bars.length; i++) {
    const previous = bars[i - 1]!;
    const bar = bars[i]!;
    if (!(previous.close > 0) || !(bar.open > 0) || explained.has(bar.date)) continue;
    const gap = bar.open / previous.close - 1;
    const change = bar.close / previous.close - 1;
    if (Math.abs(gap) < rules.gap || Math.sign(change) !== Math.sign(gap) || Math.abs(change) < rules.hold * Math.abs(gap)) continue;
    const indexChange = indexChangeByDate.get(bar.date) ?? null;
    if (indexChange !== null && Math.abs(indexChange) >= Math.max(rules.quietIndex, rules.indexShare * Math.abs(gap))) continue;
    found.push({ date: bar.date, previous_close: previous.close, open: bar.open, close: bar.close, index_change: indexChange });
  }
  return found;
};

/**
 * Daily close-to-close change of an index series, by date: only from the previous NSE session's close, so a bar after a
 * gap in the series (or after the series stopped for a while) has no day's change rather than a change over several.
 */
export const dailyChanges = (bars: ReadonlyArray<{ date: string; close: number }>): Map<string, number> => {
  const changes = new Map<string, number>();
  for (let i = 1; i < bars.length; i++) {
    if (NSE_CALENDAR.previous(bars[i]!.date) === bars[i - 1]!.date) changes.set(bars[i]!.date, bars[i]!.close / bars[i - 1]!.close - 1);
  }
  return changes;
};
