import { CsvError, parse } from 'csv-parse/sync';

/** Brokers whose trade books can be imported. */
export type Broker = 'zerodha' | 'upstox';
export type TradeSide = 'buy' | 'sell';
export type TradeExchange = 'NSE' | 'BSE';

/** One execution (fill) of an equity trade book, in the same shape whichever broker wrote it. */
export type Trade = {
  /** The exchange's trade number, kept as text: long ids lose digits as numbers. */
  trade_id: string;
  /** Upper case, without a series suffix such as -EQ or -BE; BSE rows keep the broker's BSE symbol. */
  symbol: string;
  isin?: string;
  /** Trade date, `YYYY-MM-DD` (India time). */
  date: string;
  side: TradeSide;
  /** Shares, a positive whole number. */
  quantity: number;
  /** Rupees per share, above zero. */
  price: number;
  exchange: TradeExchange;
  /** When the trade executed, ISO 8601 with the IST offset, where the book says. */
  executed_at?: string;
};

/** A well-formed row left out on purpose (another segment), with the reason; not an error. */
export type SkippedRow = { line: number; reason: string };

/** A whole trade book: every equity trade, or a TradebookFormatError and nothing. */
export type Tradebook = { broker: Broker; trades: Trade[]; skipped: SkippedRow[] };

/** A trade book that cannot be imported; names the 1-based line and the reason in words. */
export class TradebookFormatError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = 'TradebookFormatError';
  }
}

/** One CSV record: its fields, the 1-based line it starts on and whether blank lines come just before it. */
export type CsvRecord = { line: number; fields: string[]; afterBlank: boolean };

const LINE_BREAKS = /\r\n|\r|\n/g;
const CSV_OPTIONS = {
  bom: true,
  // Each parser checks the field count against the header itself, naming the line.
  relax_column_count: true,
  // Blank lines stay records so that every record's line can be counted; they are dropped below.
  skip_empty_lines: false,
} as const;

const isBlank = (fields: readonly string[]): boolean => fields.every((field) => field.trim() === '');

/**
 * The non-blank records of a CSV text (RFC 4180: a quoted field may hold commas, line breaks and "" for a quote), with
 * a leading byte-order mark dropped and any of CRLF, LF or CR ending lines, up to line `toLine` if given. A broken
 * quote is a TradebookFormatError.
 */
export const readCsvRecords = (csvText: string, toLine?: number): CsvRecord[] => {
  let rows: string[][];
  try {
    rows = parse(csvText, toLine === undefined ? CSV_OPTIONS : { ...CSV_OPTIONS, to_line: toLine });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw csvFormatError(csvText, error);
  }
  const records: CsvRecord[] = [];
  let line = 1;
  let afterBlank = false;
  for (const fields of rows) {
    if (isBlank(fields)) afterBlank = true;
    else {
      records.push({ line, fields, afterBlank });
      afterBlank = false;
    }
    line++;
    // Line breaks inside quoted fields move the next record down.
    for (const field of fields) line += field.match(LINE_BREAKS)?.length ?? 0;
  }
  return records;
};

/** The parser's failure as a TradebookFormatError; an unclosed quote is placed on the line its record starts on. */
const csvFormatError = (csvText: string, error: CsvError): TradebookFormatError => {
  if (error.code !== 'CSV_QUOTE_NOT_CLOSED') {
    const line = typeof error.lines === 'number' ? error.lines : 1;
    const stray = error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'INVALID_OPENING_QUOTE';
    return new TradebookFormatError(
      line,
      stray ? 'a double quote stands inside a field that is not quoted' : error.message,
    );
  }
  let ended = 0;
  try {
    parse(csvText, { ...CSV_OPTIONS, on_record: (record: string[], context) => ((ended = context.lines), record) });
  } catch {
    // The same failure again; `ended` is where the last whole record ended.
  }
  return new TradebookFormatError(ended + 1, 'a quoted field is never closed');
};

/** A column name as compared: trimmed, lower case, spaces as underscores (`Trade Date` is `trade_date`). */
export const columnKey = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '_');

/**
 * Column names only each broker writes, used to find the header row and tell the books apart. Both write `exchange`,
 * `segment`, `quantity` and `price`, so those do not count.
 */
export const HEADER_FINGERPRINTS: Readonly<Record<Broker, ReadonlySet<string>>> = {
  zerodha: new Set([
    'symbol',
    'tradingsymbol',
    'isin',
    'trade_date',
    'series',
    'trade_type',
    'auction',
    'trade_id',
    'order_id',
    'order_execution_time',
  ]),
  upstox: new Set([
    'date',
    'company',
    'amount',
    'scrip_code',
    'instrument_type',
    'strike_price',
    'expiry',
    'trade_num',
    'trade_time',
    'side',
  ]),
};
/** How many of a broker's own column names make a header row. */
const FINGERPRINT_MIN = 3;
/** Exports put a few lines of account details above the header; it is looked for this far down. */
export const HEADER_SEARCH_LINES = 30;

/** Whether `fields` is a header row of `broker`'s trade book. */
export const isHeaderOf = (broker: Broker, fields: readonly string[]): boolean => {
  const fingerprint = HEADER_FINGERPRINTS[broker];
  return fields.filter((field) => fingerprint.has(columnKey(field))).length >= FINGERPRINT_MIN;
};

/**
 * The broker whose trade book this is, told from its header row (the first of the first 30 lines that carries three
 * of a broker's own column names), or null when none is found or one row looks like both.
 */
export const detectBroker = (csvText: string): Broker | null => {
  for (const record of readCsvRecords(csvText, HEADER_SEARCH_LINES)) {
    const matches = (Object.keys(HEADER_FINGERPRINTS) as Broker[]).filter((broker) =>
      isHeaderOf(broker, record.fields),
    );
    if (matches.length > 0) return matches.length === 1 ? matches[0]! : null;
  }
  return null;
};
