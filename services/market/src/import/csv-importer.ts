import { INDEX_SYMBOL } from '@nivesh/proto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import type { MarketBar } from '@nivesh/proto';
import { CsvFormatError, readBarsCsv, readSymbolsCsv, type SymbolRow } from '../data/csv';
import { dailyChanges, detectCorporateActions, findAnomalies } from '../data/corporate-actions';
import { DATASET_ACTIONS, LATER_ACTIONS } from '../data/dataset-actions';
import type { NewAction } from '../corporate-actions/corporate-actions.repository';
import { DailyBarsRepository } from '../bars/daily-bars.repository';
import { MarketTransactions } from '../transactions/market-transactions.repository';
import type { SymbolAnomaly } from '../anomalies/price-anomalies.repository';
import { flagAnomalies, shareAction } from './import-writes';

export type ImportResult = {
  symbols: number;
  rows_read: number;
  new_bars: number;
  new_actions: number;
  detected_actions: number;
  /** Stored actions the curated list corrected (a kind, a ratio, a demerger taken for a bonus). */
  updated_actions: number;
  /** Overnight moves newly flagged for an operator (see `findAnomalies`). */
  flagged: number;
  ms: number;
};

/** Whether an import changed what answers are computed from (flags alone do not). */
export const changedAnswers = (result: Pick<ImportResult, 'new_bars' | 'new_actions' | 'updated_actions'>): boolean =>
  result.new_bars + result.new_actions + result.updated_actions > 0;

/**
 * Imports a directory in the shared dataset's format (symbols.csv + one <FILE>.csv per symbol). Every
 * file is read and validated before anything is written, and everything is written in one transaction:
 * a malformed file (named, with its line) leaves the database as it was. Re-importing adds nothing.
 */
@Injectable()
export class CsvImporter {
  constructor(
    private readonly transactions: MarketTransactions,
    private readonly bars: DailyBarsRepository,
  ) {}

  async importDirectory(dir: string): Promise<ImportResult> {
    const started = Date.now();
    const manifest = path.join(dir, 'symbols.csv');
    const present = new Set(await readdir(dir));
    if (!present.has('symbols.csv')) throw new CsvFormatError('symbols.csv', 0, `no symbols.csv in ${dir}`);
    const symbols = await readSymbolsCsv(manifest);
    const series = new Map<string, MarketBar[]>();
    for (const entry of symbols) {
      if (!present.has(entry.file)) throw new CsvFormatError(entry.file, 0, `listed in symbols.csv but missing from ${dir}`);
      series.set(entry.symbol, await readBarsCsv(path.join(dir, entry.file)));
    }
    const rowsRead = [...series.values()].reduce((sum, bars) => sum + bars.length, 0);

    const result = await this.transactions.run(async (tables) => {
      await tables.symbols.upsertMany(symbols);
      let newBars = 0;
      for (const [symbol, bars] of series) {
        newBars += await tables.bars.insertMany(bars.map((bar) => ({ ...bar, symbol })));
      }
      const { dataset, detected, anomalies } = this.actionsFor(symbols, series);
      const curated = await tables.actions.upsertCurated(dataset);
      const newDetected = await tables.actions.insertMany(detected, 'detected');
      const flagged = await flagAnomalies(tables, anomalies);
      return {
        symbols: symbols.length,
        rows_read: rowsRead,
        new_bars: newBars,
        new_actions: curated.added + newDetected,
        detected_actions: detected.length,
        updated_actions: curated.updated,
        flagged,
        ms: Date.now() - started,
      };
    });
    // A bulk load leaves the planner without statistics until autovacuum comes round; date-range reads need them.
    if (result.new_bars > 0) await this.bars.analyze();
    return result;
  }

  /**
   * Known actions of the imported symbols, detected share-count changes on days no known action covers, and the
   * overnight moves neither explains (flagged for an operator; days holding a stored action are skipped on insert).
   */
  private actionsFor(symbols: SymbolRow[], series: Map<string, MarketBar[]>): { dataset: NewAction[]; detected: NewAction[]; anomalies: SymbolAnomaly[] } {
    const imported = new Set(symbols.map((entry) => entry.symbol));
    const dataset: NewAction[] = [...DATASET_ACTIONS, ...LATER_ACTIONS].filter((action) => imported.has(action.symbol));
    const known = new Set(dataset.map((action) => `${action.symbol}|${action.ex_date}`));
    const index = dailyChanges(series.get(INDEX_SYMBOL) ?? []);
    const detected: NewAction[] = [];
    const anomalies: SymbolAnomaly[] = [];
    for (const { symbol } of symbols) {
      if (symbol === INDEX_SYMBOL) continue;
      const bars = series.get(symbol) ?? [];
      const found = detectCorporateActions(bars, index)
        .filter((action) => !known.has(`${symbol}|${action.ex_date}`))
        .map((action) => shareAction(symbol, action.ex_date, action.ratio));
      detected.push(...found);
      const explained = new Set([...dataset.filter((action) => action.symbol === symbol), ...found].map((action) => action.ex_date));
      anomalies.push(...findAnomalies(bars, index, explained).map((anomaly) => ({ ...anomaly, symbol })));
    }
    return { dataset, detected, anomalies };
  }
}
