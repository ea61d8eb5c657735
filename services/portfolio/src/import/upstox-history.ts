/**
 * Upstox trade history in the fields of Upstox's Get Trade History API (GET /v2/charges/historical-trades): one record
 * per execution, as the API's JSON answer or as a CSV whose header row is the field names.
 *
 * VERIFIED against Upstox's own published field list:
 * https://upstox.com/developer/api-documentation/get-historical-trades ("Get Trade History"). Its EQ response example:
 *   { "status": "success", "data": [ { "exchange": "NSE", "segment": "EQ", "option_type": "", "quantity": 1,
 *     "amount": 2252.35, "trade_id": "75217259", "trade_date": "2023-03-28", "transaction_type": "BUY",
 *     "scrip_name": "RELIANCE", "strike_price": "0.0", "expiry": "", "price": 2252.35, "isin": "INE002A01018",
 *     "symbol": "RELIANCE", "instrument_token": "NSE_EQ|INE002A01018" } ], "errors": null,
 *     "meta_data": { "page": { "page_number": 1, "page_size": 15, "total_records": 15, "total_pages": 1 } } }
 * and its query parameters: segments EQ (equity), FO, COM, CD and MF; dates `YYYY-mm-dd`; pages numbered from 1, so a
 * long history comes as several answers. Upstox's SDK models say the same fields and types (quantity an integer, amount
 * and price decimals, trade_id, strike_price and expiry text): github.com/upstox/upstox-python
 * docs/TradeHistoryResponseTradeData.md and docs/TradeHistoryResponse.md, and upstox/upstox-nodejs, same file name.
 * Not seen: the page has tabs for FO, COM, CD and MF answers, but the stored copy shows only the EQ example, so those
 * records' values are unknown; they are skipped by segment before any other field is read. Also unknown: whether a BSE
 * record's `symbol` is the BSE scrip id (it is kept as written, like the other parsers' BSE rows).
 *
 * The JSON may be one answer (`{ "status": "success", "data": [...] }`), a list of answers (one per page), or a list
 * of the records themselves (the pages' `data` lists joined). Records are numbered from 1 through the whole file.
 */
import type { Trade, Tradebook } from './tradebook';
import type { JsonValue } from './json';
import { FORMAT_BROKER, TradebookFormatError } from './tradebook';
import { JsonArray, JsonNumber, JsonObject, readJson } from './json';
import {
  BookBuilder,
  Row,
  isoDay,
  readBook,
  readExchange,
  readIsin,
  readPrice,
  readQuantity,
  readSide,
  readSymbol,
  readTradeId,
} from './table';

/** The fields of one trade record, in the order Upstox's documentation lists them. */
export const UPSTOX_HISTORY_FIELDS = [
  'exchange',
  'segment',
  'option_type',
  'quantity',
  'amount',
  'trade_id',
  'trade_date',
  'transaction_type',
  'scrip_name',
  'strike_price',
  'expiry',
  'price',
  'isin',
  'symbol',
  'instrument_token',
] as const;

/** Fields every record (or CSV header) must have because the import reads them; the rest are optional. */
export const UPSTOX_HISTORY_REQUIRED = [
  'exchange',
  'segment',
  'trade_id',
  'trade_date',
  'transaction_type',
  'quantity',
  'price',
  'symbol',
] as const;

/** Upstox's equity segment; FO, COM, CD and MF records are skipped. */
const EQUITY_SEGMENT = 'EQ';
const BROKER = FORMAT_BROKER['upstox-trade-history'];

const readRow = (row: Row): Trade | string => {
  const segment = row.text('segment');
  if (segment === '') row.fail('segment is empty');
  if (segment.toUpperCase() !== EQUITY_SEGMENT) return `segment ${segment} is not equity`;

  const rawDate = row.text('trade_date');
  const date = isoDay(rawDate) ?? row.fail(`trade_date '${rawDate}' is not a date like 2023-03-28`);
  const isin = readIsin(row, 'isin');
  return {
    trade_id: readTradeId(row, 'trade_id'),
    symbol: readSymbol(row, 'symbol'),
    ...(isin === undefined ? {} : { isin }),
    date,
    side: readSide(row, 'transaction_type'),
    quantity: readQuantity(row, 'quantity'),
    price: readPrice(row, 'price'),
    exchange: readExchange(row, 'exchange'),
  };
};

/** Upstox trade history as CSV, header row the API's field names: its equity trades and the rows it skipped. */
export const parseUpstoxTradeHistoryCsv = (csvText: string): Tradebook =>
  readBook(csvText, {
    id: 'upstox-trade-history',
    broker: BROKER,
    required: UPSTOX_HISTORY_REQUIRED,
    footnotes: false,
    readRow,
  });

/** Upstox trade history as the API's JSON (an answer, a list of answers, or a list of records). */
export const parseUpstoxTradeHistoryJson = (jsonText: string): Tradebook => {
  if (jsonText.trim() === '') throw new TradebookFormatError(1, 'the file is empty');
  const book = new BookBuilder(BROKER);
  historyRecords(readJson(jsonText)).forEach((record, index) => {
    const row = recordRow(record, index + 1);
    book.add(row, readRow(row));
  });
  return book.book();
};

const NOT_HISTORY = "not Upstox trade history: expected the Get Trade History answer ({ \"data\": [...] }) or a list";

/** The trade records of the document, in order, whatever of the three shapes it has. */
const historyRecords = (document: JsonValue): JsonObject[] => {
  if (document instanceof JsonObject) return pageRecords(document);
  if (!(document instanceof JsonArray)) throw new TradebookFormatError(1, NOT_HISTORY);
  return document.items.flatMap((item, index) => {
    if (!(item instanceof JsonObject))
      throw new TradebookFormatError(document.line, `item ${index + 1} of the list is neither an answer nor a record`);
    return item.entries.has('data') ? pageRecords(item) : [item];
  });
};

/** The records of one answer; an error answer (status other than success) rejects the file with Upstox's message. */
const pageRecords = (page: JsonObject): JsonObject[] => {
  const status = page.entries.get('status');
  if (typeof status === 'string' && status !== 'success') {
    const message = errorMessage(page.entries.get('errors'));
    throw new TradebookFormatError(
      page.line,
      `this Upstox answer is an error (status '${status}')${message === null ? '' : `: ${message}`}, not trade history`,
    );
  }
  const data = page.entries.get('data');
  if (data === undefined) throw new TradebookFormatError(page.line, `${NOT_HISTORY}; this object has no data`);
  // An answer for dates without trades may carry no list at all.
  if (data === null) return [];
  if (!(data instanceof JsonArray)) throw new TradebookFormatError(page.line, 'data is not a list of trade records');
  return data.items.map((item, index) => {
    if (item instanceof JsonObject) return item;
    throw new TradebookFormatError(data.line, `item ${index + 1} of data is not a trade record`);
  });
};

/** The first error's message of an Upstox error answer (`errors: [{ "message": ... }]`), if it has one. */
const errorMessage = (errors: JsonValue | undefined): string | null => {
  const first = errors instanceof JsonArray ? errors.items[0] : undefined;
  const message = first instanceof JsonObject ? first.entries.get('message') : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : null;
};

/** One record as a row of the documented fields; numbers keep their digits as written, null reads as empty. */
const recordRow = (record: JsonObject, number: number): Row => {
  const fail = (reason: string): never => {
    throw new TradebookFormatError(record.line, reason, number);
  };
  const missing = UPSTOX_HISTORY_REQUIRED.filter((field) => !record.entries.has(field));
  if (missing.length > 0) fail(`missing field${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const columns = new Map<string, number>();
  const fields: string[] = [];
  for (const field of UPSTOX_HISTORY_FIELDS) {
    const value = record.entries.get(field);
    if (value === undefined) continue;
    columns.set(field, fields.length);
    fields.push(fieldText(value) ?? fail(`${field} is neither text nor a number`));
  }
  return new Row(record.line, columns, fields, number);
};

const fieldText = (value: JsonValue): string | null => {
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) return value.text;
  return value === null ? '' : null;
};
