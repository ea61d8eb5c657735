import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TradebookFormatError } from './tradebook';
import type { Tradebook } from './tradebook';
import { UPSTOX_HISTORY_FIELDS, parseUpstoxTradeHistoryCsv, parseUpstoxTradeHistoryJson } from './upstox-history';

const fixture = (name: string): string => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');

/**
 * The response example of https://upstox.com/developer/api-documentation/get-historical-trades, as published. The
 * fixtures add realistic records in the same fields (prices within each day's NSE range); their FO record's values are
 * invented, as Upstox documents the fields but not an FO record's values.
 */
const DOCUMENTED_ANSWER = `{
"status": "success",
"data": [
{
"exchange": "NSE",
"segment": "EQ",
"option_type": "",
"quantity": 1,
"amount": 2252.35,
"trade_id": "75217259",
"trade_date": "2023-03-28",
"transaction_type": "BUY",
"scrip_name": "RELIANCE",
"strike_price": "0.0",
"expiry": "",
"price": 2252.35,
"isin": "INE002A01018",
"symbol": "RELIANCE",
"instrument_token": "NSE_EQ|INE002A01018"
}
],
"errors": null,
"meta_data": {
"page": {
"page_number": 1,
"page_size": 15,
"total_records": 15,
"total_pages": 1
}
}
}`;

type HistoryRecord = Record<(typeof UPSTOX_HISTORY_FIELDS)[number], string | number>;
/** The documented record, with some fields replaced. */
const record = (changes: Partial<Record<string, unknown>> = {}): HistoryRecord => ({
  exchange: 'NSE',
  segment: 'EQ',
  option_type: '',
  quantity: 1,
  amount: 2252.35,
  trade_id: '75217259',
  trade_date: '2023-03-28',
  transaction_type: 'BUY',
  scrip_name: 'RELIANCE',
  strike_price: '0.0',
  expiry: '',
  price: 2252.35,
  isin: 'INE002A01018',
  symbol: 'RELIANCE',
  instrument_token: 'NSE_EQ|INE002A01018',
  ...changes,
} as HistoryRecord);
/** One answer page holding `records`, pretty-printed as Upstox sends it: each record starts on line 4 + 17 × index. */
const answer = (...records: unknown[]): string =>
  JSON.stringify({ status: 'success', data: records, errors: null, meta_data: { page: { page_number: 1 } } }, null, 2);
const csv = (...records: HistoryRecord[]): string => {
  const rows = records.map((fields) => UPSTOX_HISTORY_FIELDS.map((field) => fields[field]).join(','));
  return [UPSTOX_HISTORY_FIELDS.join(','), ...rows].join('\n') + '\n';
};
const NOT_HISTORY =
  'line 1: not Upstox trade history: expected the Get Trade History answer ({ "data": [...] }) or a list';
const rejection = (parse: (text: string) => Tradebook, text: string): string => {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(TradebookFormatError);
    return (error as Error).message;
  }
  throw new Error('expected the trade history to be rejected');
};

const DOCUMENTED_TRADE = {
  trade_id: '75217259',
  symbol: 'RELIANCE',
  isin: 'INE002A01018',
  date: '2023-03-28',
  side: 'buy',
  quantity: 1,
  price: 2252.35,
  exchange: 'NSE',
} as const;
const FIXTURE_TRADES = [
  DOCUMENTED_TRADE,
  { ...DOCUMENTED_TRADE, trade_id: '75217262', quantity: 9, price: 2252.4 },
  {
    trade_id: '48613050',
    symbol: 'INFY',
    isin: 'INE009A01021',
    date: '2023-04-06',
    side: 'buy',
    quantity: 20,
    price: 1421.5,
    exchange: 'NSE',
  },
  // The same trade number as the first RELIANCE trade: exchanges number their own trades, so on BSE it is another.
  {
    trade_id: '75217259',
    symbol: 'TCS',
    isin: 'INE467B01029',
    date: '2023-06-13',
    side: 'buy',
    quantity: 2,
    price: 3245,
    exchange: 'BSE',
  },
  {
    trade_id: '81004417',
    symbol: 'RELIANCE',
    isin: 'INE002A01018',
    date: '2023-06-14',
    side: 'sell',
    quantity: 5,
    price: 2540.1,
    exchange: 'NSE',
  },
];

describe('parseUpstoxTradeHistoryJson', () => {
  it('reads the answer Upstox documents as one buy of RELIANCE', () => {
    expect(parseUpstoxTradeHistoryJson(DOCUMENTED_ANSWER)).toEqual({
      broker: 'upstox',
      trades: [DOCUMENTED_TRADE],
      skipped: [],
    });
  });

  it('reads an answer of NSE and BSE equity trades, skipping the F&O record with its line and number', () => {
    expect(parseUpstoxTradeHistoryJson(fixture('upstox-trade-history.json'))).toEqual({
      broker: 'upstox',
      trades: FIXTURE_TRADES,
      skipped: [{ line: 55, reason: 'segment FO is not equity (record 4)' }],
    });
  });

  it('reads pages as a list of answers, or their records as one list, numbering records through the file', () => {
    const fo = record({ segment: 'FO', trade_id: '1100295', symbol: 'NIFTY', isin: '' });
    const pages = `[${answer(record())},${answer(fo, record({ trade_id: '75217262' }))}]`;
    expect(parseUpstoxTradeHistoryJson(pages)).toEqual({
      broker: 'upstox',
      trades: [DOCUMENTED_TRADE, { ...DOCUMENTED_TRADE, trade_id: '75217262' }],
      skipped: [{ line: 31, reason: 'segment FO is not equity (record 2)' }],
    });
    const records = JSON.stringify([record(), fo, record({ trade_id: '75217262' })]);
    expect(parseUpstoxTradeHistoryJson(records)).toEqual({
      broker: 'upstox',
      trades: [DOCUMENTED_TRADE, { ...DOCUMENTED_TRADE, trade_id: '75217262' }],
      skipped: [{ line: 1, reason: 'segment FO is not equity (record 2)' }],
    });
  });

  it('keeps a trade id written as a long number digit for digit, and reads null as an empty field', () => {
    const text = answer(record({ expiry: null, isin: null })).replace('"75217259"', '1300000012345678901');
    expect(parseUpstoxTradeHistoryJson(text).trades).toEqual([
      {
        trade_id: '1300000012345678901',
        symbol: 'RELIANCE',
        date: '2023-03-28',
        side: 'buy',
        quantity: 1,
        price: 2252.35,
        exchange: 'NSE',
      },
    ]);
  });

  it('gives an empty book for an answer without trades', () => {
    const empty = { broker: 'upstox', trades: [], skipped: [] };
    expect(parseUpstoxTradeHistoryJson(answer())).toEqual(empty);
    expect(parseUpstoxTradeHistoryJson('{"status": "success", "data": null}')).toEqual(empty);
  });

  it.each([
    [
      'a negative price in record 3',
      answer(record(), record({ trade_id: '2' }), record({ trade_id: '3', price: -2252.35 })),
      "record 3 (line 38): price '-2252.35' is not positive",
    ],
    [
      'a side that is not BUY or SELL',
      answer(record({ transaction_type: 'SHORT' })),
      "record 1 (line 4): side 'SHORT' is neither buy nor sell",
    ],
    [
      'a date not written YYYY-MM-DD',
      answer(record({ trade_date: '28-03-2023' })),
      "record 1 (line 4): trade_date '28-03-2023' is not a date like 2023-03-28",
    ],
    ['a quantity in words', answer(record({ quantity: 'one' })), "record 1 (line 4): quantity 'one' is not a number"],
    [
      'a fractional quantity',
      answer(record({ quantity: 1.5 })),
      "record 1 (line 4): quantity '1.5' is not a whole number of shares",
    ],
    ['an empty segment', answer(record({ segment: '' })), 'record 1 (line 4): segment is empty'],
    [
      'a field that is an object',
      answer(record({ price: { value: 1 } })),
      'record 1 (line 4): price is neither text nor a number',
    ],
    [
      'missing fields',
      answer(record({ trade_id: undefined, price: undefined })),
      'record 1 (line 4): missing fields trade_id, price',
    ],
    [
      'a repeated trade id on one exchange',
      answer(record(), record({ trade_id: '2' }), record()),
      'record 3 (line 38): trade id 75217259 on NSE repeats record 1',
    ],
    [
      'a record on one minified line',
      JSON.stringify({ data: [record(), record({ trade_id: 'x-1' })] }),
      "record 2 (line 1): trade id 'x-1' is not letters and digits only",
    ],
  ])('rejects %s, naming the record and its line', (_case, text, message) => {
    expect(rejection(parseUpstoxTradeHistoryJson, text)).toBe(message);
  });

  it.each([
    ['an empty file', '  \n', 'line 1: the file is empty'],
    [
      'broken JSON',
      '{\n  "data": [\n    {"segment": "EQ",}\n  ]\n}',
      "line 3: not valid JSON: expected a quoted name, found '}'",
    ],
    [
      'an Upstox error answer',
      '{\n"status": "error",\n"errors": [{"errorCode": "UDAPI100050", "message": "Invalid token used to access API"}]}',
      "line 1: this Upstox answer is an error (status 'error'): Invalid token used to access API, not trade history",
    ],
    ['another JSON object', '{"holdings": []}', `${NOT_HISTORY}; this object has no data`],
    ['a JSON text', '"trades"', NOT_HISTORY],
    [
      'data that is not a list',
      '{"status": "success", "data": {"trades": []}}',
      'line 1: data is not a list of trade records',
    ],
    ['a number among the records', '{\n"data": [\n1\n]\n}', 'line 2: item 1 of data is not a trade record'],
    ['a text among the answers', '[\n"page 1"\n]', 'line 1: item 1 of the list is neither an answer nor a record'],
  ])('rejects %s, naming the line', (_case, text, message) => {
    expect(rejection(parseUpstoxTradeHistoryJson, text)).toBe(message);
  });
});

describe('parseUpstoxTradeHistoryCsv', () => {
  it('reads the same trades from a CSV whose header is the documented field names', () => {
    expect(parseUpstoxTradeHistoryCsv(fixture('upstox-trade-history.csv'))).toEqual({
      broker: 'upstox',
      trades: FIXTURE_TRADES,
      skipped: [{ line: 5, reason: 'segment FO is not equity' }],
    });
  });

  it('reads the columns in any order and case, with an index column a tool added and CRLF line endings', () => {
    const text = csv(record({ transaction_type: 'sell' }))
      .split('\n')
      .map((line, index) => (line === '' ? '' : `${index === 0 ? '' : index - 1},${line}`))
      .join('\r\n')
      .replace('trade_date', 'Trade Date')
      .replace('symbol', 'SYMBOL');
    expect(parseUpstoxTradeHistoryCsv(text).trades).toEqual([{ ...DOCUMENTED_TRADE, side: 'sell' }]);
  });

  it.each([
    [
      'a negative quantity',
      csv(record(), record({ trade_id: '2', quantity: -1 })),
      "line 3: quantity '-1' is not positive",
    ],
    [
      'an exchange that is not NSE or BSE',
      csv(record({ exchange: 'MCX' })),
      "line 2: exchange 'MCX' is neither NSE nor BSE",
    ],
    ['a row with a field too few', `${csv(record())}NSE,EQ\n`, 'line 3: 2 fields where the header has 15'],
    ['a repeated trade id', csv(record(), record()), 'line 3: trade id 75217259 on NSE repeats line 2'],
    ['a missing column', csv(record()).replace(',transaction_type', ''), 'line 1: missing column transaction_type'],
  ])('rejects %s, naming the line', (_case, text, message) => {
    expect(rejection(parseUpstoxTradeHistoryCsv, text)).toBe(message);
  });
});
