import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MarketBar, MarketSymbolInfo } from '@nivesh/proto';
import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';

/** A file that does not follow the dataset's format; names the file and the 1-based line. */
export class CsvFormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'CsvFormatError';
  }
}

/** One record of a CSV file: its fields and the 1-based line it starts on. */
export type CsvRecord = { line: number; fields: string[] };

const LINE_BREAKS = /\r\n|\r|\n/g;
const OPTIONS = {
  bom: true,
  // Every reader checks its own column count, naming the line.
  relax_column_count: true,
  // A quote inside an unquoted field is kept as text (NSE's instrument names), as the earlier reader did.
  relax_quotes: true,
  // Blank lines are kept as records here so each record's line can be counted; they are dropped below.
  skip_empty_lines: false,
} as const;

/**
 * The records of a CSV text (RFC 4180: a double-quoted field may hold commas, line breaks and "" for a quote), without
 * blank lines. A quote left open is a CsvFormatError naming `file` and the line the record starts on.
 */
export const parseCsv = (file: string, text: string | Buffer): CsvRecord[] => {
  let rows: string[][];
  try {
    rows = parse(text, OPTIONS);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new CsvFormatError(file, csvErrorLine(text, error), error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'unterminated quoted field' : error.message);
  }
  const records: CsvRecord[] = [];
  let line = 1;
  for (const fields of rows) {
    if (fields.length > 1 || fields[0]!.trim() !== '') records.push({ line, fields });
    // Counting the line breaks inside quoted fields is far cheaper than asking the parser for each record's position.
    line++;
    for (const field of fields) if (field.includes('\n') || field.includes('\r')) line += field.match(LINE_BREAKS)!.length;
  }
  return records;
};

/** Where a parse failed: for a quote left open, the line its record starts on (after the last whole record). */
const csvErrorLine = (text: string | Buffer, error: CsvError): number => {
  if (error.code !== 'CSV_QUOTE_NOT_CLOSED') return typeof error.lines === 'number' ? error.lines : 1;
  let ended = 0;
  try {
    parse(text, { ...OPTIONS, on_record: (record: string[], context) => ((ended = context.lines), record) });
  } catch {
    // The same failure again; `ended` is where the last whole record ended.
  }
  return ended + 1;
};

const IsoDate = z.iso.date();
const Price = z.string().trim().min(1, 'empty number').transform(Number).pipe(z.number().finite().positive());
const Volume = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : Number(value)))
  .pipe(z.number().int().nonnegative().nullable());

export const BarRowSchema = z
  .tuple([IsoDate, Price, Price, Price, Price, Volume])
  .transform(([date, open, high, low, close, volume]): MarketBar => ({ date, open, high, low, close, volume }))
  // Only high >= low is enforced: the source has rows whose close sits a few paise outside the range (README, caveat 8).
  .refine((bar) => bar.high >= bar.low, { error: 'high is below low' });

const DECIMAL = /^\d+(?:\.\d+)?$/;
const WHOLE = /^\d+$/;
/** Days found valid so far: every file of the dataset repeats the same trading days. */
const validDays = new Set<string>();

/**
 * A row in the plain form the dataset writes (an ISO day, unsigned decimals, a whole volume or none) as a bar, else null
 * for BarRowSchema to judge. Accepts only rows the schema accepts, with the same result; several times faster than it,
 * which keeps a whole-dataset import as fast as before the CSV parser was replaced.
 */
export const plainBarRow = (fields: readonly string[]): MarketBar | null => {
  if (fields.length !== 6) return null;
  const [date, open, high, low, close, volume] = fields as [string, string, string, string, string, string];
  if (!validDays.has(date)) {
    if (!IsoDate.safeParse(date).success) return null;
    validDays.add(date);
  }
  if (!DECIMAL.test(open) || !DECIMAL.test(high) || !DECIMAL.test(low) || !DECIMAL.test(close) || (volume !== '' && !WHOLE.test(volume))) return null;
  const bar: MarketBar = { date, open: Number(open), high: Number(high), low: Number(low), close: Number(close), volume: volume === '' ? null : Number(volume) };
  const positive = (value: number) => Number.isFinite(value) && value > 0;
  if (!positive(bar.open) || !positive(bar.high) || !positive(bar.low) || !positive(bar.close) || bar.high < bar.low) return null;
  return bar.volume === null || Number.isSafeInteger(bar.volume) ? bar : null;
};

const EmptyToNull = z.string().transform((value) => (value.trim() === '' ? null : value.trim()));
export const SymbolRowSchema = z
  .tuple([
    z.string().trim().min(1).max(32),
    z.string().trim().regex(/^[A-Za-z0-9&._-]+\.csv$/, 'file must be a plain <name>.csv'),
    z.string().trim().min(1),
    z.string().trim(),
    EmptyToNull,
    IsoDate,
    IsoDate,
    z.string(),
    z.string(),
  ])
  .transform(([symbol, file, company, industry, isin, first_date, last_date]): SymbolRow => ({ symbol, file, company, industry, isin, first_date, last_date }));
/** A row of `symbols.csv`: a symbol and the file holding its bars. */
export type SymbolRow = MarketSymbolInfo & { file: string };

const BAR_HEADER = 'date,open,high,low,close,volume';
const SYMBOLS_HEADER = 'symbol,file,company,industry,isin,first_date,last_date,rows,former_symbols';

const describe = (error: z.ZodError): string =>
  error.issues.map((issue) => (issue.path.length ? `column ${Number(issue.path[0]) + 1}: ${issue.message}` : issue.message)).join('; ');

/** Reads a whole CSV file, checks the header and parses each row with `plain` or, where that gives up, `schema`. */
const readCsv = async <T>(
  file: string,
  header: string,
  schema: z.ZodType<T>,
  onRow: (row: T, line: number) => void,
  plain: (fields: readonly string[]) => T | null = () => null,
): Promise<void> => {
  const name = path.basename(file);
  const [first, ...rows] = parseCsv(name, await readFile(file));
  if (!first) throw new CsvFormatError(name, 1, 'empty file');
  if (first.fields.map((field) => field.trim()).join(',') !== header) throw new CsvFormatError(name, first.line, `header must be "${header}"`);
  for (const { line, fields } of rows) {
    const row = plain(fields);
    if (row !== null) {
      onRow(row, line);
      continue;
    }
    const parsed = schema.safeParse(fields);
    if (!parsed.success) throw new CsvFormatError(name, line, describe(parsed.error));
    onRow(parsed.data, line);
  }
};

/** One per-symbol file: validated rows in ascending date order with no duplicates. */
export const readBarsCsv = async (file: string): Promise<MarketBar[]> => {
  const bars: MarketBar[] = [];
  await readCsv(
    file,
    BAR_HEADER,
    BarRowSchema,
    (bar, line) => {
      const previous = bars[bars.length - 1];
      if (previous && bar.date <= previous.date) {
        throw new CsvFormatError(path.basename(file), line, `date ${bar.date} is not after ${previous.date}`);
      }
      bars.push(bar);
    },
    plainBarRow,
  );
  return bars;
};

/** The `symbols.csv` manifest. */
export const readSymbolsCsv = async (file: string): Promise<SymbolRow[]> => {
  const rows: SymbolRow[] = [];
  await readCsv(file, SYMBOLS_HEADER, SymbolRowSchema, (row) => rows.push(row));
  return rows;
};
