import { INDEX_SYMBOL } from '@nivesh/proto';
import { Injectable } from '@nestjs/common';
import { type Bhavcopy, type BhavcopyRow, readBhavcopy } from '../data/bhavcopy';
import type { SymbolRow } from '../data/csv';
import { dailyChanges, detectCorporateActions, findAnomalies, type PriceBar } from '../data/corporate-actions';
import { CsvFormatError } from '../data/csv';
import type { NewAction } from '../corporate-actions/corporate-actions.repository';
import type { DailyBarsRepository, SymbolBar } from '../bars/daily-bars.repository';
import { MarketCache } from '../cache/market-cache';
import { type MarketTables, MarketTransactions } from '../transactions/market-transactions.repository';
import type { SymbolAnomaly } from '../anomalies/price-anomalies.repository';
import type { SymbolsRepository } from '../symbols/symbols.repository';
import { flagAnomalies, shareAction } from './import-writes';

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
  /** Overnight moves on the imported days that no action explains, newly flagged for an operator. */
  flagged: number;
  /** Stocks that joined the universe from the files (MARKET_UNIVERSE nifty500 or all). */
  new_symbols: number;
  /** ISINs NSE replaced, as "SYMBOL OLD → NEW from DAY" (the old ones still match). */
  isin_changes: string[];
  ms: number;
};

/** What an import wrote before `within` runs; `within` adds the actions it stores to `new_actions`. */
export type BhavcopyWrites = { bars: readonly SymbolBar[]; new_bars: number; new_actions: number; new_symbols: readonly string[] };

/**
 * Which stocks of a file not yet in `market.symbols` join the universe, with their company and industry (null: not
 * admitted). The curated universe admits none; MARKET_UNIVERSE=nifty500 admits NIFTY 500 members, `all` every EQ stock.
 */
export type Admission = (row: { symbol: string; isin: string | null; company: string | null }) => { company: string; industry: string } | null;
const ADMIT_NONE: Admission = () => null;

type IsinChange = { symbol: string; from: string | null; to: string; day: string };
const describeIsinChange = (change: IsinChange): string => `${change.symbol} ${change.from ?? '(none)'} → ${change.to} from ${change.day}`;


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
    private readonly transactions: MarketTransactions,
    private readonly cache: MarketCache,
  ) {}

  async importFiles(files: readonly string[]): Promise<BhavcopyImportResult> {
    const started = Date.now();
    const parsed: Bhavcopy[] = [];
    for (const file of files) parsed.push(await readBhavcopy(file));
    return this.importParsed(parsed, { started });
  }

  /**
   * Imports files already read and validated (the daily pipeline reads NSE's zips in memory). `within` runs in the same
   * transaction after the bars and actions are written, so what it records (the run, announced actions) commits with
   * them or not at all.
   */
  async importParsed(
    parsed: readonly Bhavcopy[],
    {
      started = Date.now(),
      within,
      admit = ADMIT_NONE,
    }: { started?: number; within?: (tables: MarketTables, written: BhavcopyWrites) => Promise<void>; admit?: Admission } = {},
  ): Promise<BhavcopyImportResult> {
    const result = await this.transactions.run(
      async (tables) => {
        const { bars, skipped, isinChanges, newSymbols } = await this.resolve(tables.symbols, parsed, admit);
        if (newSymbols.length) await tables.symbols.addListed(newSymbols);
        const newBars = await tables.bars.insertMany(bars);
        await tables.symbols.changeIsins(isinChanges);
        await tables.symbols.extendDates(bars);
        const written: BhavcopyWrites = { bars, new_bars: newBars, new_actions: 0, new_symbols: newSymbols.map((row) => row.symbol) };
        if (within) await within(tables, written);
        const { actions, anomalies } = await this.detect(tables.bars, bars);
        const newActions = await tables.actions.insertMany(actions, 'detected');
        const flagged = await flagAnomalies(tables, anomalies);
        return {
          new_bars: newBars,
          new_actions: written.new_actions + newActions,
          flagged,
          skipped,
          new_symbols: newSymbols.length,
          isin_changes: isinChanges.map(describeIsinChange),
        };
      },
      { lockImports: true },
    );
    if (result.new_bars + result.new_actions > 0) await this.cache.bumpVersion();
    return {
      files: parsed.length,
      dates: [...new Set(parsed.map((file) => file.date))].sort(),
      rows_read: parsed.reduce((sum, file) => sum + file.rows.length, 0),
      ...result,
      ms: Date.now() - started,
    };
  }

  /**
   * Rows of the universe as bars; the same symbol and day twice must agree (e.g. a legacy and a UDiFF file of one day).
   * A row matched by symbol whose ISIN differs from the stored one is NSE's new ISIN for it (after a split or bonus).
   */
  private async resolve(
    symbols: SymbolsRepository,
    files: readonly Bhavcopy[],
    admit: Admission,
  ): Promise<{ bars: SymbolBar[]; skipped: number; isinChanges: IsinChange[]; newSymbols: SymbolRow[] }> {
    const universe = await symbols.universe();
    const byKey = new Map<string, { bar: SymbolBar; where: string }>();
    const isinChanges = new Map<string, IsinChange>();
    const newSymbols = new Map<string, SymbolRow>();
    let skipped = 0;
    for (const file of files) {
      for (const row of file.rows) {
        let symbol = universe.symbols.has(row.symbol) ? row.symbol : row.isin ? universe.byIsin.get(row.isin) : undefined;
        if (!symbol && file.format !== 'index-close') {
          const listed = newSymbols.get(row.symbol) ?? admitted(admit, row);
          if (listed) {
            newSymbols.set(row.symbol, { ...listed, first_date: min(listed.first_date, row.bar.date), last_date: max(listed.last_date, row.bar.date) });
            symbol = row.symbol;
          }
        }
        if (!symbol) {
          skipped++;
          continue;
        }
        const current = universe.isinOf.get(symbol) ?? null;
        if (row.isin && symbol === row.symbol && row.isin !== current && universe.byIsin.get(row.isin) !== symbol) {
          const earlier = isinChanges.get(symbol);
          if (!earlier || earlier.day < row.bar.date) isinChanges.set(symbol, { symbol, from: current, to: row.isin, day: row.bar.date });
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
    return { bars: [...byKey.values()].map((entry) => entry.bar), skipped, isinChanges: [...isinChanges.values()], newSymbols: [...newSymbols.values()] };
  }

  /**
   * Share-count changes on the imported days, and the overnight moves there that none explains: detection runs over
   * each symbol's last stored bar before the earliest imported day and every stored bar after it, with the index's
   * daily change as the filter (days holding a stored action are not flagged; see `flagAnomalies`).
   */
  private async detect(dailyBars: DailyBarsRepository, bars: readonly SymbolBar[]): Promise<{ actions: NewAction[]; anomalies: SymbolAnomaly[] }> {
    const stocks = new Map<string, Set<string>>();
    for (const bar of bars) {
      if (bar.symbol === INDEX_SYMBOL) continue;
      const days = stocks.get(bar.symbol) ?? new Set<string>();
      days.add(bar.date);
      stocks.set(bar.symbol, days);
    }
    if (!stocks.size) return { actions: [], anomalies: [] };
    const since = bars.reduce((min, bar) => (bar.date < min ? bar.date : min), bars[0]!.date);
    const symbols = [...stocks.keys(), INDEX_SYMBOL];
    const series = new Map<string, PriceBar[]>();
    for (const row of await dailyBars.openCloseFrom(symbols, since)) {
      const list = series.get(row.symbol) ?? [];
      list.push({ date: row.date, open: row.open, close: row.close });
      series.set(row.symbol, list);
    }
    const index = series.get(INDEX_SYMBOL) ?? [];
    const indexChange = dailyChanges(index);
    const actions: NewAction[] = [];
    const anomalies: SymbolAnomaly[] = [];
    for (const [symbol, days] of stocks) {
      const stored = series.get(symbol) ?? [];
      const found = detectCorporateActions(stored, indexChange).filter((action) => days.has(action.ex_date));
      actions.push(...found.map((action) => shareAction(symbol, action.ex_date, action.ratio)));
      const explained = new Set(found.map((action) => action.ex_date));
      anomalies.push(...findAnomalies(stored, indexChange, explained).filter((anomaly) => days.has(anomaly.date)).map((anomaly) => ({ ...anomaly, symbol })));
    }
    return { actions, anomalies };
  }
}

/** A new stock's row of `market.symbols` when `admit` lets it in; `file` is empty (it comes from NSE's files, not the dataset). */
const admitted = (admit: Admission, row: BhavcopyRow): SymbolRow | null => {
  const listed = admit(row);
  return listed ? { symbol: row.symbol, file: '', company: listed.company, industry: listed.industry, isin: row.isin, first_date: row.bar.date, last_date: row.bar.date } : null;
};
const min = (a: string, b: string): string => (a < b ? a : b);
const max = (a: string, b: string): string => (a > b ? a : b);

const sameBar = (a: SymbolBar, b: SymbolBar): boolean =>
  a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close && a.volume === b.volume;
