import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TradebookFormatError } from './tradebook';
import { parseZerodhaTradebook } from './zerodha';

const fixture = (name: string): string => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date';
const ROW =
  'INFY,INE009A01021,2024-03-18,NSE,EQ,EQ,buy,false,20.000000,1601.250000,55610003,1300000012349999,2024-03-18T10:05:40,';

/** A book of the header and `rows`; each row written as ROW with some columns replaced. */
const book = (...rows: string[]): string => [HEADER, ...rows].join('\n') + '\n';
const row = (changes: Record<string, string>): string => {
  const columns = HEADER.split(',');
  return ROW.split(',')
    .map((field, index) => changes[columns[index]!] ?? field)
    .join(',');
};
const rejection = (csvText: string): string => {
  try {
    parseZerodhaTradebook(csvText);
  } catch (error) {
    expect(error).toBeInstanceOf(TradebookFormatError);
    return (error as Error).message;
  }
  throw new Error('expected the book to be rejected');
};

describe('parseZerodhaTradebook', () => {
  it('reads a Console tradebook: equity trades of NSE and BSE, F&O and MF rows skipped with the reason', () => {
    expect(parseZerodhaTradebook(fixture('zerodha-tradebook.csv'))).toEqual({
      broker: 'zerodha',
      trades: [
        {
          trade_id: '55510001',
          symbol: 'RELIANCE',
          isin: 'INE002A01018',
          date: '2024-03-15',
          side: 'buy',
          quantity: 10,
          price: 2890.5,
          exchange: 'NSE',
          executed_at: '2024-03-15T09:30:12+05:30',
        },
        {
          trade_id: '55510002',
          symbol: 'RELIANCE',
          isin: 'INE002A01018',
          date: '2024-03-15',
          side: 'buy',
          quantity: 5,
          price: 2891,
          exchange: 'NSE',
          executed_at: '2024-03-15T09:30:12+05:30',
        },
        {
          trade_id: '55610003',
          symbol: 'INFY',
          isin: 'INE009A01021',
          date: '2024-03-18',
          side: 'buy',
          quantity: 20,
          price: 1601.25,
          exchange: 'NSE',
          executed_at: '2024-03-18T10:05:40+05:30',
        },
        // The same trade number as INFY's: exchanges number their own trades, so on BSE it is another trade.
        {
          trade_id: '55610003',
          symbol: 'TCS',
          isin: 'INE467B01029',
          date: '2024-03-19',
          side: 'buy',
          quantity: 2,
          price: 4000,
          exchange: 'BSE',
          executed_at: '2024-03-19T11:00:01+05:30',
        },
        {
          trade_id: '55710005',
          symbol: 'SUZLON',
          isin: 'INE040H01021',
          date: '2024-03-20',
          side: 'buy',
          quantity: 100,
          price: 40.05,
          exchange: 'NSE',
          executed_at: '2024-03-20T14:59:59+05:30',
        },
        {
          trade_id: '56610006',
          symbol: 'RELIANCE',
          isin: 'INE002A01018',
          date: '2024-06-03',
          side: 'sell',
          quantity: 12,
          price: 2950,
          exchange: 'NSE',
          executed_at: '2024-06-03T13:15:00+05:30',
        },
      ],
      skipped: [
        { line: 5, reason: 'segment FO is not equity' },
        { line: 8, reason: 'segment MF is not equity' },
      ],
    });
  });

  it('reads the same book with a byte-order mark and CRLF line endings', () => {
    const text = fixture('zerodha-tradebook.csv');
    expect(parseZerodhaTradebook(`\ufeff${text.replace(/\n/g, '\r\n')}`)).toEqual(parseZerodhaTradebook(text));
  });

  it('reads quoted fields, a comma inside one included, and counts lines past a quoted line break', () => {
    const text = book(
      '"M&M",INE101A01026,2024-03-18,NSE,EQ,EQ,"buy",false,"1.000000","2,000.00",1,1,,',
      '"BAJAJ-AUTO",INE917I01010,2024-03-18,NSE,EQ,EQ,buy,false,1.000000,9000.000000,2,2,,',
    );
    expect(rejection(text)).toBe("line 2: price '2,000.00' is not a number");
    const fine = book(
      '"M&M",INE101A01026,2024-03-18,NSE,EQ,"E\nQ",buy,false,"1.000000","2000.00",1,1,,',
      '"BAJAJ-AUTO",INE917I01010,2024-03-18,NSE,EQ,EQ,buy,false,1.000000,9000.000000,2,2,,',
      row({ quantity: 'ten' }),
    );
    const parsed = (): unknown => parseZerodhaTradebook(fine);
    expect(parsed).toThrow("line 5: quantity 'ten' is not a number");
    expect(parseZerodhaTradebook(fine.split('\n').slice(0, 4).join('\n')).trades.map((trade) => trade.symbol)).toEqual([
      'M&M',
      'BAJAJ-AUTO',
    ]);
  });

  it('matches column names in any case and order, and reads the older tradingsymbol and Title Case forms', () => {
    const text =
      'TRADE_ID,Price,quantity,Trade_Type,Exchange,Segment,Trade Date,TradingSymbol\n7,10.5,3,SELL,bse,eq,2024-01-02,abc-eq\n';
    expect(parseZerodhaTradebook(text).trades).toEqual([
      { trade_id: '7', symbol: 'ABC', date: '2024-01-02', side: 'sell', quantity: 3, price: 10.5, exchange: 'BSE' },
    ]);
  });

  it('finds the header below account-details lines in a sheet saved as CSV, ignoring an empty first column', () => {
    const text =
      ',Client ID,AB1234\n,,\n,Tradebook for Equity from 2024-03-01 to 2024-03-31,\n,,\n' +
      `,${HEADER.replace(/_/g, ' ')}\n,${ROW}\n`;
    expect(parseZerodhaTradebook(text).trades).toHaveLength(1);
  });

  it('takes an execution time written with a space, and none when the cell is empty', () => {
    const [spaced, empty] = parseZerodhaTradebook(
      book(row({ order_execution_time: '2024-03-18 10:05:40' }), row({ trade_id: '9', order_execution_time: '' })),
    ).trades;
    expect(spaced!.executed_at).toBe('2024-03-18T10:05:40+05:30');
    expect(empty).not.toHaveProperty('executed_at');
  });

  it('keeps a trade without an ISIN', () => {
    expect(parseZerodhaTradebook(book(row({ isin: '' }))).trades[0]).not.toHaveProperty('isin');
  });

  it('returns no trades for a header alone', () => {
    expect(parseZerodhaTradebook(`${HEADER}\n`)).toEqual({ broker: 'zerodha', trades: [], skipped: [] });
  });

  it.each([
    ['an empty file', '', 'line 1: the file is empty'],
    ['a file of blank lines', '\ufeff\r\n\r\n', 'line 1: the file is empty'],
    [
      'a file of another kind',
      'date,open,high\n2024-01-01,1,2\n',
      'line 1: no zerodha header row (with columns symbol, trade_date, exchange, segment, trade_type, quantity, price, trade_id) in the first 30 lines',
    ],
    ['a missing column', book().replace(',price', ''), 'line 1: missing column price'],
    [
      'missing columns',
      book().replace(',price', '').replace(',trade_id', ''),
      'line 1: missing columns price, trade_id',
    ],
    ['a repeated column', book().replace('order_id', 'price'), 'line 1: column price appears twice'],
    ['a short row', book(ROW.replace(/,$/, '')), 'line 2: 13 fields where the header has 14'],
    [
      'a date in another format',
      book(row({ trade_date: '18-03-2024' })),
      "line 2: trade_date '18-03-2024' is not a date like 2024-03-15",
    ],
    [
      'a day that does not exist',
      book(row({ trade_date: '2024-02-30' })),
      "line 2: trade_date '2024-02-30' is not a date like 2024-03-15",
    ],
    ['a negative quantity', book(row({ quantity: '-5.000000' })), "line 2: quantity '-5.000000' is not positive"],
    ['a zero quantity', book(row({ quantity: '0.000000' })), "line 2: quantity '0.000000' is not positive"],
    [
      'a fractional quantity',
      book(row({ quantity: '1.500000' })),
      "line 2: quantity '1.500000' is not a whole number of shares",
    ],
    [
      'a quantity in words',
      book(...['1', '2', '3', '4', '5'].map((id) => row({ trade_id: id })), row({ quantity: 'ten' })),
      "line 7: quantity 'ten' is not a number",
    ],
    ['an empty quantity', book(row({ quantity: '' })), 'line 2: quantity is empty'],
    ['a zero price', book(row({ price: '0.000000' })), "line 2: price '0.000000' is not positive"],
    ['an unknown side', book(row({ trade_type: 'hold' })), "line 2: side 'hold' is neither buy nor sell"],
    ['an empty side', book(row({ trade_type: '' })), 'line 2: side is empty'],
    [
      'an unknown exchange on an equity row',
      book(row({ exchange: 'NYSE' })),
      "line 2: exchange 'NYSE' is neither NSE nor BSE",
    ],
    ['an empty segment', book(row({ segment: '' })), 'line 2: segment is empty'],
    [
      'an auction flag that is not true or false',
      book(row({ auction: 'maybe' })),
      "line 2: auction 'maybe' is neither true nor false",
    ],
    [
      'a trade id a spreadsheet rounded',
      book(row({ trade_id: '5.56E+07' })),
      "line 2: trade id '5.56E+07' is not letters and digits only",
    ],
    ['an empty trade id', book(row({ trade_id: '' })), 'line 2: trade id is empty'],
    ['an empty symbol', book(row({ symbol: '' })), 'line 2: symbol is empty'],
    ['a symbol with a space', book(row({ symbol: 'INFY LTD' })), "line 2: symbol 'INFY LTD' is not a ticker"],
    [
      'a malformed ISIN',
      book(row({ isin: 'INE009A0102' })),
      "line 2: ISIN 'INE009A0102' is not 12 characters like INE002A01018",
    ],
    [
      'a malformed execution time',
      book(row({ order_execution_time: '10:05:40' })),
      "line 2: order_execution_time '10:05:40' is not a date and time like 2024-03-15T09:30:12",
    ],
    ['a repeated trade id', book(ROW, row({ trade_id: '1' }), ROW), 'line 4: trade id 55610003 on NSE repeats line 2'],
  ])('rejects %s, naming the line', (_case, text, message) => {
    expect(rejection(text)).toBe(message);
  });

  it('rejects the whole book for one bad row, even after good ones', () => {
    expect(rejection(book(ROW, row({ trade_id: '2' }), row({ trade_id: '3', trade_type: 'short' })))).toBe(
      "line 4: side 'short' is neither buy nor sell",
    );
  });

  it('skips a well-formed F&O row without checking it as equity, and rejects a malformed equity row after it', () => {
    const futures =
      'NIFTY24MARFUT,,2024-03-18,NFO,FO,,buy,false,50.000000,22050.000000,55610003,1,2024-03-18T10:06:00,2024-03-28';
    expect(parseZerodhaTradebook(book(futures, ROW))).toMatchObject({
      trades: [{ trade_id: '55610003' }],
      skipped: [{ line: 2 }],
    });
    expect(rejection(book(futures, row({ price: 'abc' })))).toBe("line 3: price 'abc' is not a number");
  });
});
