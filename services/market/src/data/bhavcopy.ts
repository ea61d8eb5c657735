import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MarketBar } from '@nivesh/proto';
import { unzipSync } from 'fflate';
import { CsvFormatError, parseCsv } from './csv';

/**
 * NSE's end-of-day files, told apart by their header:
 * - `cm-legacy`: the CM bhavcopy `cmDDMMMYYYYbhav.csv` (dates like `28-MAR-2024`; lines end with a comma);
 * - `cm-udiff`: the CM bhavcopy in the UDiFF layout `BhavCopy_NSE_CM_0_0_0_YYYYMMDD_F_0000.csv` (ISO dates);
 * - `index-close`: NSE Indices' `ind_close_all_DDMMYYYY.csv` (dates like `28-03-2024`).
 */
export type BhavcopyFormat = 'cm-legacy' | 'cm-udiff' | 'index-close';

/** One imported row: an EQ-series stock, or an index of `BHAVCOPY_INDICES` (symbol in upper case); `company` as the file names it (UDiFF only). */
export type BhavcopyRow = { line: number; symbol: string; isin: string | null; company: string | null; bar: MarketBar };

export type Bhavcopy = {
  file: string;
  format: BhavcopyFormat;
  /** The trading day every row of the file is for. */
  date: string;
  rows: BhavcopyRow[];
  /** Rows of other series (BE, GS, N1 ...) or other indices: well-formed but not imported. */
  ignored: number;
};

/** Series imported from the CM bhavcopies: the normal equity market only. */
export const EQUITY_SERIES = 'EQ';
/** Indices imported from the index close file (as named in `market.symbols`). */
export const BHAVCOPY_INDICES: ReadonlySet<string> = new Set(['NIFTY 50']);

const LEGACY_COLUMNS = ['SYMBOL', 'SERIES', 'OPEN', 'HIGH', 'LOW', 'CLOSE', 'LAST', 'PREVCLOSE', 'TOTTRDQTY', 'TOTTRDVAL', 'TIMESTAMP', 'TOTALTRADES', 'ISIN'];
/** NSE's UDiFF CM bhavcopy columns, in its order: the format is recognised by them (and the stand-in writes them). */
export const UDIFF_COLUMNS = [
  'TradDt', 'BizDt', 'Sgmt', 'Src', 'FinInstrmTp', 'FinInstrmId', 'ISIN', 'TckrSymb', 'SctySrs', 'XpryDt', 'FininstrmActlXpryDt', 'StrkPric',
  'OptnTp', 'FinInstrmNm', 'OpnPric', 'HghPric', 'LwPric', 'ClsPric', 'LastPric', 'PrvsClsgPric', 'UndrlygPric', 'SttlmPric', 'OpnIntrst',
  'ChngInOpnIntrst', 'TtlTradgVol', 'TtlTrfVal', 'TtlNbOfTxsExctd', 'SsnId', 'NewBrdLotQty', 'Rmks', 'Rsvd1', 'Rsvd2', 'Rsvd3', 'Rsvd4',
] as const;
/** NSE Indices' `ind_close_all` columns, in its order. */
export const INDEX_COLUMNS = [
  'Index Name', 'Index Date', 'Open Index Value', 'High Index Value', 'Low Index Value', 'Closing Index Value', 'Points Change', 'Change(%)',
  'Volume', 'Turnover (Rs. Cr.)', 'P/E', 'P/B', 'Div Yield',
] as const;
const FORMATS: ReadonlyArray<readonly [BhavcopyFormat, readonly string[]]> = [
  ['cm-legacy', LEGACY_COLUMNS],
  ['cm-udiff', UDIFF_COLUMNS],
  ['index-close', INDEX_COLUMNS],
];

const MONTHS: Record<string, string> = { JAN: '01', FEB: '02', MAR: '03', APR: '04', MAY: '05', JUN: '06', JUL: '07', AUG: '08', SEP: '09', OCT: '10', NOV: '11', DEC: '12' };

/** `YYYY-MM-DD` if it names a real calendar day, else null. */
const isoDay = (year: string, month: string, day: string): string | null => {
  const iso = `${year}-${month}-${day}`;
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== iso ? null : iso;
};

const DATE_READERS: Record<BhavcopyFormat, (value: string) => string | null> = {
  'cm-legacy': (value) => {
    const match = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(value);
    const month = match && MONTHS[match[2]!.toUpperCase()];
    return match && month ? isoDay(match[3]!, month, match[1]!) : null;
  },
  'cm-udiff': (value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return match ? isoDay(match[1]!, match[2]!, match[3]!) : null;
  },
  'index-close': (value) => {
    const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
    return match ? isoDay(match[3]!, match[2]!, match[1]!) : null;
  },
};
const DATE_EXAMPLES: Record<BhavcopyFormat, string> = { 'cm-legacy': '28-MAR-2024', 'cm-udiff': '2024-03-28', 'index-close': '28-03-2024' };

/** Reads the fields of one row by column name; every failure is a CsvFormatError at the row's line. */
class Row {
  constructor(
    private readonly file: string,
    readonly line: number,
    private readonly columns: readonly string[],
    private readonly fields: readonly string[],
  ) {}

  text(column: string): string {
    return this.fields[this.columns.indexOf(column)]!.trim();
  }

  fail(reason: string): never {
    throw new CsvFormatError(this.file, this.line, reason);
  }

  price(column: string): number {
    const raw = this.text(column);
    const value = Number(raw);
    if (raw === '' || !Number.isFinite(value) || value <= 0) this.fail(`column ${column}: expected a positive number, found "${raw}"`);
    return value;
  }

  count(column: string): number {
    const raw = this.text(column);
    const value = Number(raw);
    if (raw === '' || !Number.isSafeInteger(value) || value < 0) this.fail(`column ${column}: expected a whole number, found "${raw}"`);
    return value;
  }

  date(column: string, format: BhavcopyFormat): string {
    const raw = this.text(column);
    return DATE_READERS[format](raw) ?? this.fail(`column ${column}: expected a date like ${DATE_EXAMPLES[format]}, found "${raw}"`);
  }

  bar(date: string, [open, high, low, close]: readonly string[], volume: number | null): MarketBar {
    const bar = { date, open: this.price(open!), high: this.price(high!), low: this.price(low!), close: this.price(close!), volume };
    if (bar.high < bar.low) this.fail(`${high} ${bar.high} is below ${low} ${bar.low}`);
    return bar;
  }
}

/** Fields with trailing empty ones cut to `width` (the legacy file ends every line with a comma). */
const fieldsOf = (fields: readonly string[], width: number): readonly string[] | null => {
  let length = fields.length;
  while (length > width && fields[length - 1]!.trim() === '') length--;
  return length === width ? fields.slice(0, width) : null;
};

const detectFormat = (file: string, line: number, header: readonly string[]): { format: BhavcopyFormat; columns: readonly string[] } => {
  const names = header.map((name) => name.trim());
  while (names.length && names[names.length - 1] === '') names.pop();
  const found = FORMATS.find(([, columns]) => columns.length === names.length && columns.every((column, i) => column === names[i]));
  if (!found) {
    throw new CsvFormatError(file, line, 'unrecognised header: expected an NSE CM bhavcopy (legacy cm…bhav.csv or UDiFF BhavCopy_NSE_CM_…csv) or an index close file (ind_close_all_…csv)');
  }
  return { format: found[0], columns: found[1] };
};

/** One file's text, validated; `file` names it in errors. Pure. */
export const parseBhavcopy = (file: string, text: string | Buffer): Bhavcopy => {
  const [header, ...records] = parseCsv(file, text);
  if (!header) throw new CsvFormatError(file, 1, 'empty file');
  const { format, columns } = detectFormat(file, header.line, header.fields);
  const rows: BhavcopyRow[] = [];
  const seen = new Map<string, number>();
  let date: string | null = null;
  let ignored = 0;

  for (const record of records) {
    const { line } = record;
    const fields = fieldsOf(record.fields, columns.length);
    if (!fields) throw new CsvFormatError(file, line, `expected ${columns.length} columns, found ${record.fields.length}`);
    const row = new Row(file, line, columns, fields);
    const parsed = parseRow(row, format);
    if (date === null) date = parsed.date;
    else if (parsed.date !== date) row.fail(`date ${parsed.date} differs from ${date} on the rows above (one trading day per file)`);
    if (!parsed.row) {
      ignored++;
      continue;
    }
    const earlier = seen.get(parsed.row.symbol);
    if (earlier !== undefined) row.fail(`${parsed.row.symbol} appears again (first on line ${earlier})`);
    seen.set(parsed.row.symbol, line);
    rows.push(parsed.row);
  }
  if (date === null) throw new CsvFormatError(file, header.line + 1, 'no rows after the header');
  if (!rows.length) {
    throw new CsvFormatError(file, header.line + 1, format === 'index-close' ? `no row for ${[...BHAVCOPY_INDICES].join(', ')}` : `no rows of series ${EQUITY_SERIES}`);
  }
  return { file, format, date, rows, ignored };
};

/** One row's trading day, and the row itself when it is imported (other rows are only checked for shape and date). */
const parseRow = (row: Row, format: BhavcopyFormat): { date: string; row: BhavcopyRow | null } => {
  switch (format) {
    case 'cm-legacy': {
      const date = row.date('TIMESTAMP', format);
      if (row.text('SERIES') !== EQUITY_SERIES) return { date, row: null };
      const symbol = row.text('SYMBOL') || row.fail('column SYMBOL is empty');
      const bar = row.bar(date, ['OPEN', 'HIGH', 'LOW', 'CLOSE'], row.count('TOTTRDQTY'));
      return { date, row: { line: row.line, symbol, isin: row.text('ISIN') || null, company: null, bar } };
    }
    case 'cm-udiff': {
      const date = row.date('TradDt', format);
      if (row.text('Sgmt') !== 'CM') row.fail(`column Sgmt: expected CM (a cash-market bhavcopy), found "${row.text('Sgmt')}"`);
      if (row.text('SctySrs') !== EQUITY_SERIES) return { date, row: null };
      const symbol = row.text('TckrSymb') || row.fail('column TckrSymb is empty');
      const bar = row.bar(date, ['OpnPric', 'HghPric', 'LwPric', 'ClsPric'], row.count('TtlTradgVol'));
      return { date, row: { line: row.line, symbol, isin: row.text('ISIN') || null, company: row.text('FinInstrmNm') || null, bar } };
    }
    case 'index-close': {
      const date = row.date('Index Date', format);
      const symbol = row.text('Index Name').toUpperCase();
      if (!BHAVCOPY_INDICES.has(symbol)) return { date, row: null };
      // The dataset keeps no index volume (README: empty for NIFTY50.csv); neither does this import.
      const bar = row.bar(date, ['Open Index Value', 'High Index Value', 'Low Index Value', 'Closing Index Value'], null);
      return { date, row: { line: row.line, symbol, isin: null, company: null, bar } };
    }
  }
};

/** A zip's local-file signature, `PK\x03\x04`: what every zip NSE publishes starts with. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The one CSV inside a zip as NSE publishes it (`BhavCopy_NSE_CM_…csv.zip` holds `BhavCopy_NSE_CM_…csv`), read with
 * fflate without touching the disk. Anything else (an HTML page served under the zip's name, a truncated download,
 * several entries) is a CsvFormatError naming `file`.
 */
export const unzipCsv = (file: string, bytes: Uint8Array): { entry: string; text: string } => {
  if (bytes.length < ZIP_MAGIC.length || !Buffer.from(bytes.subarray(0, ZIP_MAGIC.length)).equals(ZIP_MAGIC)) {
    throw new CsvFormatError(file, 0, 'is not a zip archive (it does not start with a zip signature; an HTML error page is the usual cause)');
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new CsvFormatError(file, 0, `is a broken zip archive (${(error as Error).message}; a truncated download is the usual cause)`);
  }
  const names = Object.keys(entries).filter((name) => !name.endsWith('/'));
  const csv = names.filter((name) => name.toLowerCase().endsWith('.csv'));
  if (names.length !== 1 || csv.length !== 1) {
    throw new CsvFormatError(file, 0, `expected one CSV file inside the zip archive, found ${names.length ? names.join(', ') : 'nothing'}`);
  }
  return { entry: csv[0]!, text: Buffer.from(entries[csv[0]!]!).toString('utf8') };
};

/** A zipped bhavcopy, read and validated; errors name the CSV inside the zip (where its lines are). */
export const parseBhavcopyZip = (file: string, bytes: Uint8Array): Bhavcopy => {
  const { entry, text } = unzipCsv(file, bytes);
  return { ...parseBhavcopy(path.basename(entry), text), file };
};

/** Reads and validates one file, a CSV or a zip holding one; errors name it by its base name. */
export const readBhavcopy = async (file: string): Promise<Bhavcopy> => {
  const name = path.basename(file);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new CsvFormatError(name, 0, `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return name.toLowerCase().endsWith('.zip') ? parseBhavcopyZip(name, bytes) : parseBhavcopy(name, bytes);
};
