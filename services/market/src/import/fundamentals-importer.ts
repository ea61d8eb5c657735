import { INDEX_SYMBOL } from '@nivesh/proto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { LATER_ACTIONS } from '../data/dataset-actions';
import { FilingFormatError, type ParsedFiling } from '../fundamentals/filing';
import { readFilingFile } from '../fundamentals/xbrl';
import { MarketCache } from '../cache/market-cache';
import { MarketTransactions } from '../transactions/market-transactions.repository';

export type XbrlImportResult = {
  /** Filing files read. */
  files: number;
  symbols: number;
  /** Filings stored by this import; the rest were stored already (the same file imported before). */
  added: number;
  already: number;
  /** Share-count changes after the price files that the filings need (LATER_ACTIONS), added or corrected. */
  actions: number;
  ms: number;
};

/** Every .xml file under `target` (a file, or a folder searched to any depth), sorted by path. */
const xmlFiles = async (target: string): Promise<string[]> => {
  const info = await stat(target).catch(() => null);
  if (!info) throw new FilingFormatError(target, 'no such file or folder');
  if (info.isFile()) return [target];
  const entries = await readdir(target, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.xml')).map((entry) => path.join(entry.parentPath, entry.name));
  if (!files.length) throw new FilingFormatError(target, 'holds no .xml filing');
  return files.sort();
};

/**
 * Imports NSE financial-results filings (XBRL) into `market.filings`: every file is read and checked first, and one
 * malformed file, or a filing of a symbol without prices, rejects the whole call (nothing kept). Filings are keyed by
 * file name, so importing the same files again adds nothing. Makes cached answers stale when anything was added.
 */
@Injectable()
export class FundamentalsImporter {
  constructor(
    private readonly transactions: MarketTransactions,
    private readonly cache: MarketCache,
  ) {}

  async importPaths(targets: readonly string[]): Promise<XbrlImportResult> {
    const started = performance.now();
    const files = [...new Set((await Promise.all(targets.map(xmlFiles))).flat())];
    const filings: ParsedFiling[] = [];
    for (const file of files) filings.push(await readFilingFile(file));
    const duplicate = filings.find((filing, index) => filings.findIndex((other) => other.source_file === filing.source_file) !== index);
    if (duplicate) throw new FilingFormatError(duplicate.source_file, 'appears twice in this import (two folders hold a file of the same name)');
    const symbols = new Set(filings.map((filing) => filing.symbol));
    const result = await this.transactions.run(
      async (tables) => {
        const known = new Set((await tables.symbols.listExcept(INDEX_SYMBOL)).map((info) => info.symbol));
        const stranger = filings.find((filing) => !known.has(filing.symbol));
        if (stranger) throw new FilingFormatError(stranger.source_file, `${stranger.symbol} has no prices in Nivesh; import its prices first`);
        const added = await tables.filings.addNew(filings);
        const actions = await tables.actions.upsertCurated(LATER_ACTIONS.filter((action) => symbols.has(action.symbol)));
        return { added, actions: actions.added + actions.updated };
      },
      { lockImports: true },
    );
    if (result.added > 0 || result.actions > 0) await this.cache.bumpVersion();
    return { files: files.length, symbols: symbols.size, added: result.added, already: files.length - result.added, actions: result.actions, ms: Math.round(performance.now() - started) };
  }
}
