import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
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

/** Splits one CSV line; handles double-quoted fields ("" inside quotes is a quote). No embedded newlines. */
export const splitCsvLine = (line: string): string[] => {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  if (quoted) throw new Error('unterminated quoted field');
  fields.push(field);
  return fields;
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
  .transform(([date, open, high, low, close, volume]) => ({ date, open, high, low, close, volume }))
  // Only high >= low is enforced: the source has rows whose close sits a few paise outside the range (README, caveat 8).
  .refine((bar) => bar.high >= bar.low, { error: 'high is below low' });
export type BarRow = z.output<typeof BarRowSchema>;

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
  .transform(([symbol, file, company, industry, isin, first_date, last_date]) => ({ symbol, file, company, industry, isin, first_date, last_date }));
export type SymbolRow = z.output<typeof SymbolRowSchema>;

const BAR_HEADER = 'date,open,high,low,close,volume';
const SYMBOLS_HEADER = 'symbol,file,company,industry,isin,first_date,last_date,rows,former_symbols';

const describe = (error: z.ZodError): string =>
  error.issues.map((issue) => (issue.path.length ? `column ${Number(issue.path[0]) + 1}: ${issue.message}` : issue.message)).join('; ');

/** Reads a CSV line by line (streamed), checks the header and parses each row with `schema`. */
const readCsv = async <T>(file: string, header: string, schema: z.ZodType<T>, onRow: (row: T, line: number) => void): Promise<void> => {
  const name = path.basename(file);
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let line = 0;
  for await (const raw of lines) {
    line++;
    const text = raw.replace(/^\uFEFF/, '');
    if (line === 1) {
      if (text.trim() !== header) throw new CsvFormatError(name, 1, `header must be "${header}"`);
      continue;
    }
    if (text.trim() === '') continue;
    let fields: string[];
    try {
      fields = splitCsvLine(text);
    } catch (error) {
      throw new CsvFormatError(name, line, (error as Error).message);
    }
    const parsed = schema.safeParse(fields);
    if (!parsed.success) throw new CsvFormatError(name, line, describe(parsed.error));
    onRow(parsed.data, line);
  }
  if (line === 0) throw new CsvFormatError(name, 1, 'empty file');
};

/** One per-symbol file: validated rows in ascending date order with no duplicates. */
export const readBarsCsv = async (file: string): Promise<BarRow[]> => {
  const bars: BarRow[] = [];
  await readCsv(file, BAR_HEADER, BarRowSchema, (bar, line) => {
    const previous = bars[bars.length - 1];
    if (previous && bar.date <= previous.date) {
      throw new CsvFormatError(path.basename(file), line, `date ${bar.date} is not after ${previous.date}`);
    }
    bars.push(bar);
  });
  return bars;
};

/** The `symbols.csv` manifest. */
export const readSymbolsCsv = async (file: string): Promise<SymbolRow[]> => {
  const rows: SymbolRow[] = [];
  await readCsv(file, SYMBOLS_HEADER, SymbolRowSchema, (row) => rows.push(row));
  return rows;
};
