import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The manifest's symbol of the index, which every cut keeps. */
const INDEX = 'NIFTY 50';

export type DatasetCut = {
  /** A new temporary directory holding the cut: symbols.csv and one file per kept symbol. */
  dir: string;
  /** symbols.csv's lines, header first, as written; a caller may add rows and write it again. */
  manifest: string[];
};

/**
 * The shared dataset (its own format: symbols.csv and one CSV per symbol) cut to the bars from `from` through `through`
 * and, when `symbols` is given, to those stocks and NIFTY 50, written into a new temporary directory that the
 * importers, the stand-in's replays and the benches load as if it were the dataset. Each manifest row's first date,
 * last date and row count are recounted; a symbol without a bar in the range is left out.
 */
export const cutDataset = ({ dataDir, through, from = '0000-01-01', symbols }: { dataDir: string; through: string; from?: string; symbols?: readonly string[] }): DatasetCut => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-dataset-'));
  const [header, ...lines] = readFileSync(path.join(dataDir, 'symbols.csv'), 'utf8').trim().split('\n');
  const manifest = [header!];
  for (const line of lines) {
    const [symbol, file] = line.split(',');
    if (symbols && !symbols.includes(symbol!) && symbol !== INDEX) continue;
    const [head, ...rows] = readFileSync(path.join(dataDir, file!), 'utf8').trim().split('\n');
    const kept = rows.filter((row) => row.slice(0, 10) >= from && row.slice(0, 10) <= through);
    if (!kept.length) continue;
    writeFileSync(path.join(dir, file!), [head, ...kept].join('\n') + '\n');
    // symbol,file,company,industry,isin,first_date,last_date,rows,former_symbols (the company may hold commas in quotes)
    const tail = line.match(/,(\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2}),(\d+),(.*)$/);
    if (!tail) throw new Error(`symbols.csv: cannot read the dates and row count of "${line}"`);
    manifest.push(`${line.slice(0, tail.index)},${kept[0]!.slice(0, 10)},${kept.at(-1)!.slice(0, 10)},${kept.length},${tail[4]}`);
  }
  writeFileSync(path.join(dir, 'symbols.csv'), manifest.join('\n') + '\n');
  return { dir, manifest };
};
