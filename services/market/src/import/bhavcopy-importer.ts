import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type Bhavcopy, readBhavcopy } from '../data/bhavcopy';
import { detectCorporateActions } from '../data/corporate-actions';
import { CsvFormatError } from '../data/csv';
import { MarketCache } from '../store/market-cache';
import { INDEX_SYMBOL } from './csv-importer';
import { daysBetween, extendSymbolDates, insertActions, insertBars, loadUniverse, lockImports, type NewAction, type SymbolBar } from './import-writes';

export type BhavcopyImportResult = {
  files: number;
  /** Trading days the files are for, ascending. */
  dates: string[];
  /** EQ-series and index rows read. */
  rows_read: number;
  /** EQ rows of securities not in `market.symbols` (the universe is curated). */
  skipped: number;
  new_bars: number;
  /** Splits and bonus issues detected on the imported days. */
  new_actions: number;
  ms: number;
};

/** An index change only counts when the index's previous bar is this recent (the dataset's index ends before its stocks). */
const MAX_INDEX_GAP_DAYS = 5;

/**
 * Imports NSE end-of-day files (CM bhavcopies in the legacy or UDiFF layout, index close files). Every file is
 * read and validated first; a malformed one (named, with its line) leaves the database as it was. Rows are
 * matched to `market.symbols` by symbol, then by ISIN (renames); others are counted as skipped. Everything is
 * written in one transaction, re-importing adds nothing, and splits in the new days are detected against
 * each symbol's last stored bar.
 */
@Injectable()
export class BhavcopyImporter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: MarketCache,
  ) {}

  async importFiles(files: readonly string[]): Promise<BhavcopyImportResult> {
    const started = Date.now();
    const parsed: Bhavcopy[] = [];
    for (const file of files) parsed.push(await readBhavcopy(file));

    const result = await this.dataSource.transaction(async (manager) => {
      await lockImports(manager);
      const { bars, skipped } = await this.resolve(manager, parsed);
      const newBars = await insertBars(manager, bars);
      const newActions = await insertActions(manager, await this.detect(manager, bars), 'detected');
      await extendSymbolDates(manager, bars);
      return { new_bars: newBars, new_actions: newActions, skipped };
    });
    if (result.new_bars + result.new_actions > 0) await this.cache.bumpVersion();
    return {
      files: parsed.length,
      dates: [...new Set(parsed.map((file) => file.date))].sort(),
      rows_read: parsed.reduce((sum, file) => sum + file.rows.length, 0),
      ...result,
      ms: Date.now() - started,
    };
  }

  /** Rows of the universe as bars; the same symbol and day twice must agree (e.g. a legacy and a UDiFF file of one day). */
  private async resolve(manager: EntityManager, files: readonly Bhavcopy[]): Promise<{ bars: SymbolBar[]; skipped: number }> {
    const universe = await loadUniverse(manager);
    const byKey = new Map<string, { bar: SymbolBar; where: string }>();
    let skipped = 0;
    for (const file of files) {
      for (const row of file.rows) {
        const symbol = universe.symbols.has(row.symbol) ? row.symbol : row.isin ? universe.byIsin.get(row.isin) : undefined;
        if (!symbol) {
          skipped++;
          continue;
        }
        const key = `${symbol}|${row.bar.date}`;
        const bar = { ...row.bar, symbol };
        const earlier = byKey.get(key);
        if (!earlier) byKey.set(key, { bar, where: `${file.file}:${row.line}` });
        else if (!sameBar(earlier.bar, bar)) {
          throw new CsvFormatError(file.file, row.line, `${symbol} on ${bar.date} differs from ${earlier.where}`);
        }
      }
    }
    return { bars: [...byKey.values()].map((entry) => entry.bar), skipped };
  }

  /**
   * Splits and bonus issues on the imported days: detection runs over each symbol's last stored bar before
   * the earliest imported day and every stored bar after it, with the index's daily change as the filter.
   */
  private async detect(manager: EntityManager, bars: readonly SymbolBar[]): Promise<NewAction[]> {
    const stocks = new Map<string, Set<string>>();
    for (const bar of bars) {
      if (bar.symbol === INDEX_SYMBOL) continue;
      const days = stocks.get(bar.symbol) ?? new Set<string>();
      days.add(bar.date);
      stocks.set(bar.symbol, days);
    }
    if (!stocks.size) return [];
    const since = bars.reduce((min, bar) => (bar.date < min ? bar.date : min), bars[0]!.date);
    const symbols = [...stocks.keys(), INDEX_SYMBOL];
    const rows: Array<{ symbol: string; date: string; open: string; close: string }> = await manager.query(
      `SELECT b."symbol", to_char(b."date", 'YYYY-MM-DD') AS "date", b."open", b."close"
       FROM "market"."daily_bars" b
       WHERE b."symbol" = ANY($1::text[])
         AND b."date" >= COALESCE(
           (SELECT max(p."date") FROM "market"."daily_bars" p WHERE p."symbol" = b."symbol" AND p."date" < $2::date), $2::date)
       ORDER BY b."symbol", b."date"`,
      [symbols, since],
    );
    const series = new Map<string, Array<{ date: string; open: number; close: number }>>();
    for (const row of rows) {
      const list = series.get(row.symbol) ?? [];
      list.push({ date: row.date, open: Number(row.open), close: Number(row.close) });
      series.set(row.symbol, list);
    }
    const index = series.get(INDEX_SYMBOL) ?? [];
    const indexChange = new Map<string, number>();
    for (let i = 1; i < index.length; i++) {
      if (daysBetween(index[i - 1]!.date, index[i]!.date) <= MAX_INDEX_GAP_DAYS) indexChange.set(index[i]!.date, index[i]!.close / index[i - 1]!.close - 1);
    }
    return [...stocks].flatMap(([symbol, days]) =>
      detectCorporateActions(series.get(symbol) ?? [], indexChange)
        .filter((action) => days.has(action.ex_date))
        .map((action) => ({ symbol, ex_date: action.ex_date, ratio: action.ratio })),
    );
  }
}

const sameBar = (a: SymbolBar, b: SymbolBar): boolean =>
  a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close && a.volume === b.volume;
