import type { NewAction } from '../corporate-actions/corporate-actions.repository';
import type { MarketTables } from '../transactions/market-transactions.repository';
import type { SymbolAnomaly } from '../anomalies/price-anomalies.repository';

/**
 * The kind of a share-count change known only by its ratio (detected in the prices, or reported by the provider):
 * below 1 a consolidation; 5 and 10 are face-value splits (₹10 to ₹2 or ₹1); 15 and 20 a split with a bonus issue
 * on one day (10 × 1.5, 10 × 2); every other ratio (1.2 to 4, and 2, which may also be a 2-for-1 split) a bonus issue,
 * the more common reading. Curated actions (DATASET_ACTIONS) and operators' classifications carry their kind instead.
 */
export const actionKind = (ratio: number): 'split' | 'bonus' | 'split_bonus' | 'reverse_split' => {
  if (ratio < 1) return 'reverse_split';
  if (ratio === 15 || ratio === 20) return 'split_bonus';
  return ratio === 5 || ratio === 10 ? 'split' : 'bonus';
};

/** A share-count change of `ratio` new shares per old share, of the kind its ratio suggests. */
export const shareAction = (symbol: string, ex_date: string, ratio: number): NewAction => ({ symbol, ex_date, kind: actionKind(ratio), ratio, factor: 1 / ratio });

/**
 * Records unexplained overnight moves as 'unreviewed' flags, except on days already flagged (whatever their status: a
 * dismissed move stays dismissed) or holding a stored action; the number added.
 */
export const flagAnomalies = async ({ actions, anomalies }: Pick<MarketTables, 'actions' | 'anomalies'>, moves: readonly SymbolAnomaly[]): Promise<number> => {
  if (!moves.length) return 0;
  const held = await actions.days([...new Set(moves.map((move) => move.symbol))]);
  return anomalies.insertMany(moves.filter((move) => !held.has(`${move.symbol}|${move.date}`)));
};
