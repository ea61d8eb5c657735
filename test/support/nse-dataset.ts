import path from 'node:path';
import { adjustBars } from '../../services/market/src/data/adjust';
import { readBarsCsv } from '../../services/market/src/data/csv';
import { DATASET_ACTIONS } from '../../services/market/src/data/dataset-actions';

/** The shared dataset (../shared/data/nse beside the repository), read in place. */
export const NSE_DATA_DIR = path.resolve(__dirname, '../../..', 'shared/data/nse');

/**
 * A stock's daily closes from the shared dataset, adjusted for its splits and bonus issues as the market service
 * adjusts them: for a service's tests that need real prices, so they read them through this one place rather than
 * reaching into the market service themselves.
 */
export const adjustedCloses = async (symbol: string): Promise<{ date: string; close: number }[]> => {
  const bars = adjustBars(
    await readBarsCsv(path.join(NSE_DATA_DIR, `${symbol}.csv`)),
    DATASET_ACTIONS.filter((action) => action.symbol === symbol),
  );
  return bars.map(({ date, close }) => ({ date, close }));
};
