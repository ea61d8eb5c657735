import type { Broker, CsvFormat, SkippedRow, Trade, TradeExchange, Tradebook, TradeSide } from './tradebook';
import { HEADER_SEARCH_LINES, TradebookFormatError, columnKey, isHeaderOf, readCsvRecords } from './tradebook';

/**
 * Reads the fields of one data row (a CSV line or a JSON record) by column; every failure is a TradebookFormatError at
 * the row's line, and for a JSON record also its number.
 */
export class Row {
  constructor(
    readonly line: number,
    private readonly columns: ReadonlyMap<string, number>,
    private readonly fields: readonly string[],
    readonly record?: number,
  ) {}

  /** Where the row is, in words: `line 12`, or `record 3` in a JSON book. */
  get place(): string {
    return this.record === undefined ? `line ${this.line}` : `record ${this.record}`;
  }

  /** The trimmed text of `column`, or '' when the book has no such (optional) column. */
  text(column: string): string {
    const index = this.columns.get(column);
    return index === undefined ? '' : this.fields[index]!.trim();
  }

  fail(reason: string): never {
    throw new TradebookFormatError(this.line, reason, this.record);
  }
}

/** A book's trades and skipped rows in the order read; a trade id met twice on one exchange rejects the book. */
export class BookBuilder {
  private readonly trades: Trade[] = [];
  private readonly skipped: SkippedRow[] = [];
  /** Where each trade was, by exchange and trade id: each exchange numbers its own trades, so NSE and BSE ids meet. */
  private readonly seen = new Map<string, string>();

  constructor(private readonly broker: Broker) {}

  /** One row's outcome: a trade, or the reason it is left out (a JSON record's number is added to the reason). */
  add(row: Row, result: Trade | string): void {
    if (typeof result === 'string') {
      const reason = row.record === undefined ? result : `${result} (record ${row.record})`;
      this.skipped.push({ line: row.line, reason });
      return;
    }
    const key = `${result.exchange}:${result.trade_id}`;
    const first = this.seen.get(key);
    if (first !== undefined) row.fail(`trade id ${result.trade_id} on ${result.exchange} repeats ${first}`);
    this.seen.set(key, row.place);
    this.trades.push(result);
  }

  book(): Tradebook {
    return { broker: this.broker, trades: this.trades, skipped: this.skipped };
  }
}

/** How one CSV format is read. */
export type BookFormat = {
  /** Whose header fingerprint finds the header row. */
  id: CsvFormat;
  broker: Broker;
  /** Column keys (see `columnKey`) that must all be in the header. */
  required: readonly string[];
  /** Older names of a column, as key to the current key (Zerodha once wrote `tradingsymbol` for `symbol`). */
  aliases?: Readonly<Record<string, string>>;
  /**
   * Whether a row after a blank line with text in its first cell only is a note to pass over (the Upstox report ends
   * with one); elsewhere such a row is malformed.
   */
  footnotes: boolean;
  /** One data row as a trade, or the reason it is left out; a malformed value throws through `row.fail`. */
  readRow: (row: Row) => Trade | string;
};

/**
 * A whole trade book in `format`: the header is the first of the first 30 lines carrying three of the broker's own
 * column names (lines above it, such as account details, are passed over); every later non-blank line is a trade, a
 * skipped row of another segment or an error that rejects the whole file.
 */
export const readBook = (csvText: string, format: BookFormat): Tradebook => {
  const records = readCsvRecords(csvText);
  if (records.length === 0) throw new TradebookFormatError(1, 'the file is empty');
  let headerAt = -1;
  for (let i = 0; i < records.length && records[i]!.line <= HEADER_SEARCH_LINES; i++) {
    if (isHeaderOf(format.id, records[i]!.fields)) {
      headerAt = i;
      break;
    }
  }
  if (headerAt < 0) {
    const expected = format.required.join(', ');
    throw new TradebookFormatError(
      records[0]!.line,
      `no ${format.broker} header row (with columns ${expected}) in the first ${HEADER_SEARCH_LINES} lines`,
    );
  }
  const header = records[headerAt]!;
  const columns = columnIndex(header.line, header.fields, format.aliases ?? {});
  const missing = format.required.filter((column) => !columns.has(column));
  if (missing.length > 0)
    throw new TradebookFormatError(header.line, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);

  const book = new BookBuilder(format.broker);
  let inNotes = false;
  for (const { line, fields, afterBlank } of records.slice(headerAt + 1)) {
    if (format.footnotes && (afterBlank || inNotes) && isNote(fields)) {
      inNotes = true;
      continue;
    }
    inNotes = false;
    if (fields.length !== header.fields.length) {
      const count = `${fields.length} field${fields.length === 1 ? '' : 's'}`;
      throw new TradebookFormatError(line, `${count} where the header has ${header.fields.length}`);
    }
    const row = new Row(line, columns, fields);
    book.add(row, format.readRow(row));
  }
  return book.book();
};

/** Column key to field index; blank header cells (a sheet's empty first column) are left out, repeats are an error. */
const columnIndex = (
  line: number,
  fields: readonly string[],
  aliases: Readonly<Record<string, string>>,
): Map<string, number> => {
  const columns = new Map<string, number>();
  fields.forEach((field, index) => {
    const key = aliases[columnKey(field)] ?? columnKey(field);
    if (key === '') return;
    if (columns.has(key)) throw new TradebookFormatError(line, `column ${field.trim()} appears twice`);
    columns.set(key, index);
  });
  return columns;
};

/** Text in the first cell only. */
const isNote = (fields: readonly string[]): boolean =>
  fields[0]!.trim() !== '' && fields.slice(1).every((field) => field.trim() === '');

/** `YYYY-MM-DD` if the parts name a real calendar day, else null. */
const calendarDay = (year: string, month: string, day: string): string | null => {
  const iso = `${year}-${month}-${day}`;
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== iso ? null : iso;
};

/** A day written `YYYY-MM-DD`, else null. */
export const isoDay = (value: string): string | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? calendarDay(match[1]!, match[2]!, match[3]!) : null;
};

/** A day written `DD-MM-YYYY`, else null. */
export const dayMonthYear = (value: string): string | null => {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  return match ? calendarDay(match[3]!, match[2]!, match[1]!) : null;
};

/** A 24-hour `HH:MM:SS` clock time, else null. */
export const clockTime = (value: string): string | null =>
  /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(value) ? value : null;

/** An Indian wall-clock time as ISO 8601 with its offset: brokers write IST without one. */
export const istTimestamp = (day: string, time: string): string => `${day}T${time}+05:30`;

const DECIMAL = /^[+-]?\d+(?:\.\d+)?$/;

/** A decimal in `column`, checked to be a number at all; `label` names it in messages. */
const decimal = (row: Row, column: string, label: string): { raw: string; value: number } => {
  const raw = row.text(column);
  if (raw === '') row.fail(`${label} is empty`);
  if (!DECIMAL.test(raw)) row.fail(`${label} '${raw}' is not a number`);
  return { raw, value: Number(raw) };
};

/** A count of shares: positive and whole, though Zerodha writes it with decimals (`10.000000`). */
export const readQuantity = (row: Row, column: string): number => {
  const { raw, value } = decimal(row, column, 'quantity');
  if (!(value > 0)) row.fail(`quantity '${raw}' is not positive`);
  if (!Number.isSafeInteger(value)) row.fail(`quantity '${raw}' is not a whole number of shares`);
  return value;
};

/** A price in rupees, above zero. */
export const readPrice = (row: Row, column: string): number => {
  const { raw, value } = decimal(row, column, 'price');
  if (!(value > 0) || !Number.isFinite(value)) row.fail(`price '${raw}' is not positive`);
  return value;
};

/** Buy or sell, in any case. */
export const readSide = (row: Row, column: string): TradeSide => {
  const raw = row.text(column);
  const side = raw.toLowerCase();
  if (side === 'buy' || side === 'sell') return side;
  return row.fail(raw === '' ? 'side is empty' : `side '${raw}' is neither buy nor sell`);
};

/** NSE or BSE, in any case: the only exchanges of an equity row. */
export const readExchange = (row: Row, column: string): TradeExchange => {
  const raw = row.text(column);
  const exchange = raw.toUpperCase();
  if (exchange === 'NSE' || exchange === 'BSE') return exchange;
  return row.fail(raw === '' ? 'exchange is empty' : `exchange '${raw}' is neither NSE nor BSE`);
};

/**
 * The exchange's trade number as text. Only letters and digits: a spreadsheet that saved it as a number may have
 * rounded it to `2.2E+15`, and two such trades would then look like one.
 */
export const readTradeId = (row: Row, column: string): string => {
  const raw = row.text(column);
  if (raw === '') row.fail('trade id is empty');
  if (!/^[A-Za-z0-9]+$/.test(raw)) row.fail(`trade id '${raw}' is not letters and digits only`);
  return raw;
};

/** Equity series a symbol may carry as a suffix (`XYZ-BE`); a hyphen that is part of the name (`BAJAJ-AUTO`) stays. */
const SERIES_SUFFIX = /-(EQ|BE|BZ|BL|SM|ST)$/;

/** The ticker in upper case without its series suffix (`-EQ`, `-BE`, or the row's own `series`). */
export const readSymbol = (row: Row, column: string, series = ''): string => {
  const raw = row.text(column);
  if (raw === '') row.fail('symbol is empty');
  let symbol = raw.toUpperCase();
  const suffix = `-${series.toUpperCase()}`;
  if (series !== '' && symbol.endsWith(suffix) && symbol.length > suffix.length)
    symbol = symbol.slice(0, -suffix.length);
  symbol = symbol.replace(SERIES_SUFFIX, '');
  if (!/^[A-Z0-9&][A-Z0-9&._-]*$/.test(symbol)) row.fail(`symbol '${raw}' is not a ticker`);
  return symbol;
};

/** An ISIN (two letters, nine letters or digits, a check digit) in upper case, or undefined when the cell is empty. */
export const readIsin = (row: Row, column: string): string | undefined => {
  const raw = row.text(column);
  if (raw === '') return undefined;
  const isin = raw.toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(isin)) row.fail(`ISIN '${raw}' is not 12 characters like INE002A01018`);
  return isin;
};
