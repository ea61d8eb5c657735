/**
 * Zerodha Console tradebook, CSV (Console → Reports → Tradebook → download CSV): one row per execution.
 *
 * Column list, verified:
 *   symbol, isin, trade_date, exchange, segment, series, trade_type, auction, quantity, price, trade_id, order_id,
 *   order_execution_time, and in recent exports expiry_date (empty on equity rows).
 * Sources:
 * - https://raw.githubusercontent.com/Thejesh-k463/VYUHA-LOG/main/docs/BROKER_FORMATS.md ("Zerodha / Tradebook"),
 *   read from real Console exports: the same thirteen columns, written Title Case (`Trade Date`) in the XLSX download,
 *   `trade_type` buy/sell, equity series EQ, BE, SM, ST and others.
 * - github.com/vikaspal1704/fo-wrapped docs/API_CONTRACT.md §2, checked against a real CSV export: this exact
 *   lower-case header with expiry_date, quantity and price with six decimals (`20.000000`, `152.350000`), trade_id and
 *   order_id digits (order ids up to 19, so kept as text), order_execution_time `YYYY-MM-DDTHH:mm:ss`, IST, no offset.
 * - Segments: EQ for equity, FO for futures and options (exchange NFO), MF for mutual funds (fractional quantities),
 *   from the same sources and public tests quoting real rows. Older exports have no isin, series or auction and call
 *   the symbol column `tradingsymbol` (github.com/6ameDev/pholio
 *   src/models/interfaces/platforms/zerodha-transaction.interface.ts, and another project's comment listing
 *   trade_date, tradingsymbol, exchange, segment, trade_type, quantity, price, order_id, trade_id,
 *   order_execution_time).
 * A page at v2.webnotes.in/console-tradebook lists other fields (settlement number, client id); no export seen
 * anywhere has them, so it was not followed.
 */
import type { Trade, Tradebook } from './tradebook';
import type { Row } from './table';
import {
  clockTime,
  isoDay,
  istTimestamp,
  readBook,
  readExchange,
  readIsin,
  readPrice,
  readQuantity,
  readSide,
  readSymbol,
  readTradeId,
} from './table';

/** Columns every Zerodha tradebook has and the import reads; the rest are optional. */
export const ZERODHA_REQUIRED_COLUMNS = [
  'symbol',
  'trade_date',
  'exchange',
  'segment',
  'trade_type',
  'quantity',
  'price',
  'trade_id',
] as const;

/** Zerodha's equity segment; FO, MF and the commodity and currency segments are skipped. */
const EQUITY_SEGMENT = 'EQ';

/** `2024-03-15T09:30:12`, or the same with a space, as a sheet program writes it back. */
const EXECUTION_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})$/;

const readRow = (row: Row): Trade | string => {
  const segment = row.text('segment');
  if (segment === '') row.fail('segment is empty');
  if (segment.toUpperCase() !== EQUITY_SEGMENT) return `segment ${segment} is not equity`;

  const rawDate = row.text('trade_date');
  const date = isoDay(rawDate) ?? row.fail(`trade_date '${rawDate}' is not a date like 2024-03-15`);
  const auction = row.text('auction').toLowerCase();
  if (auction !== '' && auction !== 'true' && auction !== 'false')
    row.fail(`auction '${row.text('auction')}' is neither true nor false`);
  const isin = readIsin(row, 'isin');
  return {
    trade_id: readTradeId(row, 'trade_id'),
    symbol: readSymbol(row, 'symbol', row.text('series')),
    ...(isin === undefined ? {} : { isin }),
    date,
    side: readSide(row, 'trade_type'),
    quantity: readQuantity(row, 'quantity'),
    price: readPrice(row, 'price'),
    exchange: readExchange(row, 'exchange'),
    ...executedAt(row),
  };
};

/** `executed_at` from order_execution_time, when the row has one. */
const executedAt = (row: Row): { executed_at?: string } => {
  const raw = row.text('order_execution_time');
  if (raw === '') return {};
  const match = EXECUTION_TIME.exec(raw);
  const day = match && isoDay(match[1]!);
  const time = match && clockTime(match[2]!);
  if (!day || !time) row.fail(`order_execution_time '${raw}' is not a date and time like 2024-03-15T09:30:12`);
  return { executed_at: istTimestamp(day, time) };
};

/** A Zerodha Console tradebook CSV: its equity trades and the rows of other segments it skipped. */
export const parseZerodhaTradebook = (csvText: string): Tradebook =>
  readBook(csvText, {
    id: 'zerodha-tradebook',
    broker: 'zerodha',
    required: ZERODHA_REQUIRED_COLUMNS,
    aliases: { tradingsymbol: 'symbol' },
    footnotes: false,
    readRow,
  });
