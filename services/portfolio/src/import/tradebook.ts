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

/**
 * A trade book that cannot be imported; names the 1-based line and the reason in words, and in a JSON book also the
 * 1-based number of the trade record, since a minified answer puts every record on line 1.
 */
export class TradebookFormatError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
    readonly record?: number,
  ) {
    super(`${record === undefined ? `line ${line}` : `record ${record} (line ${line})`}: ${reason}`);
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

/** The CSV files the import reads, each told apart by its header row. */
export type CsvFormat = 'zerodha-tradebook' | 'upstox-trade-report' | 'upstox-trade-history';
/** Every file the import reads: the CSV ones, and Upstox trade history as its API's JSON answer. */
export type TradebookFormat = CsvFormat | 'upstox-trade-history-json';

/** The broker whose trades each format holds. */
export const FORMAT_BROKER: Readonly<Record<TradebookFormat, Broker>> = {
  'zerodha-tradebook': 'zerodha',
  'upstox-trade-report': 'upstox',
  'upstox-trade-history': 'upstox',
  'upstox-trade-history-json': 'upstox',
};

/**
 * Column names that mark each CSV format, used to find the header row and tell the files apart. All three write
 * `exchange`, `segment`, `quantity` and `price`, so those do not count. The others overlap too: Upstox trade history
 * (its API's field names) shares `symbol`, `isin`, `trade_date` and `trade_id` with the Zerodha tradebook and `amount`,
 * `strike_price` and `expiry` with the Upstox report, so a row is read as the format with the most of its names.
 */
export const HEADER_FINGERPRINTS: Readonly<Record<CsvFormat, ReadonlySet<string>>> = {
  'zerodha-tradebook': new Set([
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
  'upstox-trade-report': new Set([
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
  'upstox-trade-history': new Set([
    'option_type',
    'amount',
    'trade_id',
    'trade_date',
    'transaction_type',
    'scrip_name',
    'strike_price',
    'expiry',
    'isin',
    'symbol',
    'instrument_token',
  ]),
};
const CSV_FORMATS = Object.keys(HEADER_FINGERPRINTS) as CsvFormat[];
/** How many of a format's column names make a header row. */
const FINGERPRINT_MIN = 3;
/** Exports put a few lines of account details above the header; it is looked for this far down. */
export const HEADER_SEARCH_LINES = 30;

/** How many of `format`'s column names `fields` carries. */
const headerScore = (format: CsvFormat, fields: readonly string[]): number => {
  const fingerprint = HEADER_FINGERPRINTS[format];
  return fields.filter((field) => fingerprint.has(columnKey(field))).length;
};

/** Whether `fields` could be the header row of `format` (three of its column names). */
export const isHeaderOf = (format: CsvFormat, fields: readonly string[]): boolean =>
  headerScore(format, fields) >= FINGERPRINT_MIN;

/** Whether the text is JSON rather than CSV: no broker's CSV starts with a brace or a bracket. */
export const looksLikeJson = (text: string): boolean => /^\ufeff?\s*[[{]/.test(text);

/**
 * The format of a trade book: JSON when it starts with `{` or `[`, else told from its header row (the first of the
 * first 30 lines that carries three of a format's column names, read as the format with the most of them), or null
 * when no such row is found or two formats claim it equally.
 */
export const detectFormat = (text: string): TradebookFormat | null => {
  if (looksLikeJson(text)) return 'upstox-trade-history-json';
  for (const record of readCsvRecords(text, HEADER_SEARCH_LINES)) {
    const scores = CSV_FORMATS.map((format) => ({ format, score: headerScore(format, record.fields) }))
      .filter(({ score }) => score >= FINGERPRINT_MIN)
      .sort((a, b) => b.score - a.score);
    if (scores.length === 0) continue;
    return scores.length > 1 && scores[1]!.score === scores[0]!.score ? null : scores[0]!.format;
  }
  return null;
};

/** The broker whose trade book this is (see `detectFormat`), or null when the format is not known. */
export const detectBroker = (text: string): Broker | null => {
  const format = detectFormat(text);
  return format === null ? null : FORMAT_BROKER[format];
};
