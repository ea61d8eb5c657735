/**
 * Upstox trade report (Upstox → Reports → Trade), saved as CSV: one row per execution.
 *
 * NOT verified against a page Upstox publishes: no stored page of Upstox lists the columns of this download. (The
 * Upstox format that is verified is its trade history in the Get Trade History API's fields: upstox-history.ts.)
 * Upstox serves this report as XLSX (sheet `TRADE`); this parser reads it after "Save as CSV", header row found below
 * the account-details lines. Column list, as recorded by two projects from real exports:
 *   Date, Company, Amount, Exchange, Segment, Scrip Code, Instrument Type, Strike Price, Expiry, Trade Num, Trade Time,
 *   Side, Quantity, Price
 * Sources:
 * - https://raw.githubusercontent.com/Thejesh-k463/VYUHA-LOG/main/docs/BROKER_FORMATS.md ("Upstox / Trade report"): the
 *   header on row 11 under `UPSTOX SECURITIES PRIVATE LIMITED`, `Report Time Period` and `Generated On` lines, a
 *   footnote line at the end, `Trade Time` a separate column, no ISIN and no order id.
 * - github.com/vikaspal1704/fo-wrapped docs/BROKERS.md §2.2: the same fourteen columns; F&O rows are segment FO on
 *   exchanges FON / FOB, equity rows segment EQ; dates written `dd-mm-yyyy`; times to the second.
 * - https://upstox.com/developer/api-documentation/get-historical-trades (Upstox's own trade history API, the same
 *   trades): segments EQ, FO, COM, CD, MF; exchanges NSE, BSE; sides BUY and SELL.
 * Inferred, not seen in a real equity row: that Scrip Code holds the NSE symbol (on F&O rows it holds the underlying,
 * `NIFTY`), and that the Date cell comes out `dd-mm-yyyy` (or ISO) when the sheet is saved as CSV.
 */
import type { Trade, Tradebook } from './tradebook';
import type { Row } from './table';
import {
  clockTime,
  dayMonthYear,
  isoDay,
  istTimestamp,
  readBook,
  readExchange,
  readPrice,
  readQuantity,
  readSide,
  readSymbol,
  readTradeId,
} from './table';

/** Columns every Upstox trade report has and the import reads; the rest are optional. */
export const UPSTOX_REQUIRED_COLUMNS = [
  'date',
  'exchange',
  'segment',
  'scrip_code',
  'trade_num',
  'side',
  'quantity',
  'price',
] as const;

/** Upstox's equity segment; FO, CD, COM and MF rows are skipped. */
const EQUITY_SEGMENT = 'EQ';

const readRow = (row: Row): Trade | string => {
  const segment = row.text('segment');
  if (segment === '') row.fail('segment is empty');
  if (segment.toUpperCase() !== EQUITY_SEGMENT) return `segment ${segment} is not equity`;

  const rawDate = row.text('date');
  const date = dayMonthYear(rawDate) ?? isoDay(rawDate) ?? row.fail(`date '${rawDate}' is not a date like 15-03-2024`);
  const rawTime = row.text('trade_time');
  const time =
    rawTime === '' ? null : (clockTime(rawTime) ?? row.fail(`trade time '${rawTime}' is not a time like 09:30:12`));
  return {
    trade_id: readTradeId(row, 'trade_num'),
    symbol: readSymbol(row, 'scrip_code'),
    date,
    side: readSide(row, 'side'),
    quantity: readQuantity(row, 'quantity'),
    price: readPrice(row, 'price'),
    exchange: readExchange(row, 'exchange'),
    ...(time === null ? {} : { executed_at: istTimestamp(date, time) }),
  };
};

/** An Upstox trade report saved as CSV: its equity trades and the rows of other segments it skipped. */
export const parseUpstoxTradeReport = (csvText: string): Tradebook =>
  readBook(csvText, {
    id: 'upstox-trade-report',
    broker: 'upstox',
    required: UPSTOX_REQUIRED_COLUMNS,
    footnotes: true,
    readRow,
  });
