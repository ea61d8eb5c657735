// Shared by the bench scripts that need real prices: the stocks of the shared NSE dataset (../shared/data/nse) and
// their daily closes as traded, read straight from its CSV files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/common.mjs';

/** The shared dataset's folder: MARKET_DATA_DIR when set (as the market import reads it), else ../shared/data/nse. */
export const NSE_DATA_DIR = process.env.MARKET_DATA_DIR || path.resolve(ROOT, '../shared/data/nse');

/** The cells of one CSV row; a quoted cell may hold commas (the index's name in symbols.csv does). */
const splitCsvRow = (row) => [...row.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell));

/**
 * Every stock of the dataset (the index left out), from its manifest symbols.csv: NSE symbol, ISIN, and its closes
 * from `from` to `to` (ISO days, inclusive) as a Map of day → close, unadjusted as the files hold them.
 */
export const readNseStocks = ({ dir = NSE_DATA_DIR, from = '0000-00-00', to = '9999-99-99' } = {}) => {
  const [header, ...rows] = readFileSync(path.join(dir, 'symbols.csv'), 'utf8').trim().split('\n');
  const column = Object.fromEntries(header.split(',').map((name, index) => [name, index]));
  return rows.map(splitCsvRow).filter((cells) => cells[column.industry] !== 'INDEX').map((cells) => {
    const [symbol, file, isin] = [cells[column.symbol], cells[column.file], cells[column.isin]];
    const closes = new Map();
    for (const line of readFileSync(path.join(dir, file), 'utf8').trim().split('\n').slice(1)) {
      const [date, , , , close] = line.split(',');
      if (date >= from && date <= to) closes.set(date, Number(close));
    }
    return { symbol, isin, closes };
  });
};
