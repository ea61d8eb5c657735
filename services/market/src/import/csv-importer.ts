import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type BarRow, CsvFormatError, readBarsCsv, readSymbolsCsv, type SymbolRow } from '../data/csv';
import { dailyChanges, detectCorporateActions } from '../data/corporate-actions';
import { DATASET_ACTIONS } from '../data/dataset-actions';
import { insertActions, insertBars } from './import-writes';

/** The index series of the dataset; used to tell corporate actions from market falls. */
export const INDEX_SYMBOL = 'NIFTY 50';

export type ImportResult = {
  symbols: number;
  rows_read: number;
  new_bars: number;
  new_actions: number;
  detected_actions: number;
  ms: number;
};

/**
 * Imports a directory in the shared dataset's format (symbols.csv + one <FILE>.csv per symbol). Every
 * file is read and validated before anything is written, and everything is written in one transaction:
 * a malformed file (named, with its line) leaves the database as it was. Re-importing adds nothing.
 */
@Injectable()
export class CsvImporter {
  constructor(private readonly dataSource: DataSource) {}

  async importDirectory(dir: string): Promise<ImportResult> {
    const started = Date.now();
    const manifest = path.join(dir, 'symbols.csv');
    const present = new Set(await readdir(dir));
    if (!present.has('symbols.csv')) throw new CsvFormatError('symbols.csv', 0, `no symbols.csv in ${dir}`);
    const symbols = await readSymbolsCsv(manifest);
    const series = new Map<string, BarRow[]>();
    for (const entry of symbols) {
      if (!present.has(entry.file)) throw new CsvFormatError(entry.file, 0, `listed in symbols.csv but missing from ${dir}`);
      series.set(entry.symbol, await readBarsCsv(path.join(dir, entry.file)));
    }
    const rowsRead = [...series.values()].reduce((sum, bars) => sum + bars.length, 0);

    const result = await this.dataSource.transaction(async (manager) => {
      await this.upsertSymbols(manager, symbols);
      let newBars = 0;
      for (const [symbol, bars] of series) {
        newBars += await insertBars(manager, bars.map((bar) => ({ ...bar, symbol })));
      }
      const { dataset, detected } = this.actionsFor(symbols, series);
      const newDataset = await insertActions(manager, dataset, 'dataset');
      const newDetected = await insertActions(manager, detected, 'detected');
      return {
        symbols: symbols.length,
        rows_read: rowsRead,
        new_bars: newBars,
        new_actions: newDataset + newDetected,
        detected_actions: detected.length,
        ms: Date.now() - started,
      };
    });
    // A bulk load leaves the planner without statistics until autovacuum comes round; date-range reads need them.
    if (result.new_bars > 0) await this.dataSource.query(`ANALYZE "market"."daily_bars"`);
    return result;
  }

  /** Known actions of the imported symbols, and detected ones on days no known action covers. */
  private actionsFor(symbols: SymbolRow[], series: Map<string, BarRow[]>) {
    const imported = new Set(symbols.map((entry) => entry.symbol));
    const dataset = DATASET_ACTIONS.filter(([symbol]) => imported.has(symbol)).map(([symbol, ex_date, ratio]) => ({ symbol, ex_date, ratio }));
    const known = new Set(dataset.map((action) => `${action.symbol}|${action.ex_date}`));
    const index = dailyChanges(series.get(INDEX_SYMBOL) ?? []);
    const detected = symbols
      .filter((entry) => entry.symbol !== INDEX_SYMBOL)
      .flatMap((entry) => detectCorporateActions(series.get(entry.symbol) ?? [], index).map((action) => ({ symbol: entry.symbol, ex_date: action.ex_date, ratio: action.ratio })))
      .filter((action) => !known.has(`${action.symbol}|${action.ex_date}`));
    return { dataset, detected };
  }

  private async upsertSymbols(manager: EntityManager, symbols: SymbolRow[]): Promise<void> {
    await manager.query(
      `INSERT INTO "market"."symbols" ("symbol", "file", "company", "industry", "isin", "first_date", "last_date")
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::date[], $7::date[])
       ON CONFLICT ("symbol") DO UPDATE SET
         "file" = EXCLUDED."file", "company" = EXCLUDED."company", "industry" = EXCLUDED."industry", "isin" = EXCLUDED."isin",
         "first_date" = LEAST("symbols"."first_date", EXCLUDED."first_date"), "last_date" = GREATEST("symbols"."last_date", EXCLUDED."last_date")
       WHERE ("symbols"."file", "symbols"."company", "symbols"."industry", "symbols"."isin", "symbols"."first_date", "symbols"."last_date")
         IS DISTINCT FROM (EXCLUDED."file", EXCLUDED."company", EXCLUDED."industry", EXCLUDED."isin",
           LEAST("symbols"."first_date", EXCLUDED."first_date"), GREATEST("symbols"."last_date", EXCLUDED."last_date"))`,
      [
        symbols.map((s) => s.symbol),
        symbols.map((s) => s.file),
        symbols.map((s) => s.company),
        symbols.map((s) => s.industry),
        symbols.map((s) => s.isin),
        symbols.map((s) => s.first_date),
        symbols.map((s) => s.last_date),
      ],
    );
  }
}
