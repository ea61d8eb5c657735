import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TradebookFormatError } from './tradebook';
import { parseUpstoxTradeReport } from './upstox';

const fixture = (name: string): string => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const HEADER =
  'Date,Company,Amount,Exchange,Segment,Scrip Code,Instrument Type,Strike Price,Expiry,Trade Num,Trade Time,Side,Quantity,Price';
const ROW = '18-03-2024,INFOSYS LTD,"32,025.00",NSE,EQ,INFY,EQ,,,204300001,10:05:40,Buy,20,1601.25';

const book = (...rows: string[]): string => [HEADER, ...rows].join('\n') + '\n';
/** ROW with some columns replaced (by header name); the quoted amount is kept whole. */
const row = (changes: Record<string, string>): string => {
  const fields = [
    '18-03-2024',
    'INFOSYS LTD',
    '"32,025.00"',
    'NSE',
    'EQ',
    'INFY',
    'EQ',
    '',
    '',
    '204300001',
    '10:05:40',
    'Buy',
    '20',
    '1601.25',
  ];
  return HEADER.split(',')
    .map((column, index) => changes[column] ?? fields[index])
    .join(',');
};
const rejection = (csvText: string): string => {
  try {
    parseUpstoxTradeReport(csvText);
  } catch (error) {
    expect(error).toBeInstanceOf(TradebookFormatError);
    return (error as Error).message;
  }
  throw new Error('expected the report to be rejected');
};

describe('parseUpstoxTradeReport', () => {
  it('reads a trade report saved as CSV: header below the account lines, F&O skipped, the footnote passed over', () => {
    expect(parseUpstoxTradeReport(fixture('upstox-trade-report.csv'))).toEqual({
      broker: 'upstox',
      trades: [
        {
          trade_id: '204257888',
          symbol: 'RELIANCE',
          date: '2024-03-15',
          side: 'buy',
          quantity: 10,
          price: 2890.5,
          exchange: 'NSE',
          executed_at: '2024-03-15T09:30:12+05:30',
        },
        {
          trade_id: '204257889',
          symbol: 'RELIANCE',
          date: '2024-03-15',
          side: 'buy',
          quantity: 5,
          price: 2891,
          exchange: 'NSE',
          executed_at: '2024-03-15T09:30:12+05:30',
        },
        {
          trade_id: '204300001',
          symbol: 'LT',
          date: '2024-03-18',
          side: 'buy',
          quantity: 10,
          price: 3650,
          exchange: 'NSE',
          executed_at: '2024-03-18T10:05:40+05:30',
        },
        {
          trade_id: '205100003',
          symbol: 'RELIANCE',
          date: '2024-06-03',
          side: 'sell',
          quantity: 12,
          price: 2950,
          exchange: 'NSE',
          executed_at: '2024-06-03T13:15:00+05:30',
        },
      ],
      skipped: [{ line: 15, reason: 'segment FO is not equity' }],
    });
  });

  it('reads the same report with LF line endings and no byte-order mark', () => {
    const text = fixture('upstox-trade-report.csv');
    expect(parseUpstoxTradeReport(text.replace(/^\ufeff/, '').replace(/\r\n/g, '\n'))).toEqual(
      parseUpstoxTradeReport(text),
    );
  });

  it('takes ISO dates, a BSE row and no trade time', () => {
    expect(parseUpstoxTradeReport(book(row({ Date: '2024-03-18', Exchange: 'BSE', 'Trade Time': '' }))).trades).toEqual(
      [
        {
          trade_id: '204300001',
          symbol: 'INFY',
          date: '2024-03-18',
          side: 'buy',
          quantity: 20,
          price: 1601.25,
          exchange: 'BSE',
        },
      ],
    );
  });

  it('passes over notes only after a blank line; a one-cell row among the trades is malformed', () => {
    expect(parseUpstoxTradeReport(`${book(ROW)}\nNote one\nNote two\n`).trades).toHaveLength(1);
    expect(rejection(`${book(ROW)}Note one\n`)).toBe('line 3: 1 field where the header has 14');
  });

  it.each([
    ['an empty file', '', 'line 1: the file is empty'],
    [
      'a Zerodha tradebook',
      'symbol,trade_date,trade_type,trade_id\n',
      'line 1: no upstox header row (with columns date, exchange, segment, scrip_code, trade_num, side, quantity, price) in the first 30 lines',
    ],
    ['a missing column', book().replace(',Trade Num', ''), 'line 1: missing column trade_num'],
    [
      'a date with slashes',
      book(row({ Date: '18/03/2024' })),
      "line 2: date '18/03/2024' is not a date like 15-03-2024",
    ],
    [
      'a day that does not exist',
      book(row({ Date: '31-04-2024' })),
      "line 2: date '31-04-2024' is not a date like 15-03-2024",
    ],
    [
      'a malformed trade time',
      book(row({ 'Trade Time': '10:05' })),
      "line 2: trade time '10:05' is not a time like 09:30:12",
    ],
    ['a negative quantity', book(row({ Quantity: '-20' })), "line 2: quantity '-20' is not positive"],
    ['a quantity in words', book(row({ Quantity: 'twenty' })), "line 2: quantity 'twenty' is not a number"],
    ['an unknown side', book(row({ Side: 'Short' })), "line 2: side 'Short' is neither buy nor sell"],
    ['a negative price', book(row({ Price: '-1601.25' })), "line 2: price '-1601.25' is not positive"],
    [
      'an F&O exchange on an equity row',
      book(row({ Exchange: 'FON' })),
      "line 2: exchange 'FON' is neither NSE nor BSE",
    ],
    [
      'a repeated trade number',
      book(ROW, row({ 'Trade Num': '7' }), ROW),
      'line 4: trade id 204300001 on NSE repeats line 2',
    ],
  ])('rejects %s, naming the line', (_case, text, message) => {
    expect(rejection(text)).toBe(message);
  });
});
