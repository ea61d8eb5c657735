import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TradebookFormatError, detectBroker, detectFormat, readCsvRecords } from './tradebook';

const fixture = (name: string): string => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const ZERODHA_HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time';
const UPSTOX_HEADER =
  'Date,Company,Amount,Exchange,Segment,Scrip Code,Instrument Type,Strike Price,Expiry,Trade Num,Trade Time,Side,Quantity,Price';
/** The fields of Upstox's Get Trade History API, as a CSV header: it shares four names with Zerodha's, three with the report's. */
const HISTORY_HEADER =
  'exchange,segment,option_type,quantity,amount,trade_id,trade_date,transaction_type,scrip_name,strike_price,expiry,price,isin,symbol,instrument_token';

describe('TradebookFormatError', () => {
  it('names the line, and in a JSON book the record first', () => {
    expect(new TradebookFormatError(4, 'price is empty').message).toBe('line 4: price is empty');
    expect(new TradebookFormatError(38, 'price is empty', 3).message).toBe('record 3 (line 38): price is empty');
  });
});

describe('readCsvRecords', () => {
  it('reads quoted fields (commas, doubled quotes, line breaks) and gives each record the line it starts on', () => {
    expect(readCsvRecords('a,b\n"LARSEN & TOUBRO, LTD",x\n"say ""hi""",y\n\n"two\nlines",z\nlast,row\n')).toEqual([
      { line: 1, fields: ['a', 'b'], afterBlank: false },
      { line: 2, fields: ['LARSEN & TOUBRO, LTD', 'x'], afterBlank: false },
      { line: 3, fields: ['say "hi"', 'y'], afterBlank: false },
      { line: 5, fields: ['two\nlines', 'z'], afterBlank: true },
      { line: 7, fields: ['last', 'row'], afterBlank: false },
    ]);
  });

  it('drops a byte-order mark and reads CRLF and CR line endings alike', () => {
    const expected = [
      { line: 1, fields: ['a', 'b'], afterBlank: false },
      { line: 2, fields: ['c', 'd'], afterBlank: false },
    ];
    expect(readCsvRecords('\ufeffa,b\r\nc,d\r\n')).toEqual(expected);
    expect(readCsvRecords('a,b\rc,d\r')).toEqual(expected);
  });

  it('counts a line of empty fields (",,,") as blank', () => {
    expect(readCsvRecords('a,b\n,,\nc,d\n')).toEqual([
      { line: 1, fields: ['a', 'b'], afterBlank: false },
      { line: 3, fields: ['c', 'd'], afterBlank: true },
    ]);
  });

  it('puts a quote left open on the line its record starts on', () => {
    const error = catchError(() => readCsvRecords('a,b\nc,d\n"open,e\nf,g\n'));
    expect(error).toBeInstanceOf(TradebookFormatError);
    expect(error.message).toBe('line 3: a quoted field is never closed');
  });

  it('names the line of a stray quote inside an unquoted field', () => {
    expect(() => readCsvRecords('a,b\nc,d"x\n')).toThrow(
      'line 2: a double quote stands inside a field that is not quoted',
    );
  });
});

describe('detectBroker', () => {
  it('knows a Zerodha tradebook and an Upstox trade report by their header rows', () => {
    expect(detectBroker(fixture('zerodha-tradebook.csv'))).toBe('zerodha');
    expect(detectBroker(fixture('upstox-trade-report.csv'))).toBe('upstox');
  });

  it('knows Upstox trade history as CSV by its header row and as JSON by its first character', () => {
    expect(detectBroker(fixture('upstox-trade-history.csv'))).toBe('upstox');
    expect(detectBroker(fixture('upstox-trade-history.json'))).toBe('upstox');
  });

  it('finds the header below account-details lines, in any case and order, with spaces for underscores', () => {
    expect(detectBroker(`Client ID,AB1234\n\nTradebook for Equity,\n,Trade ID,Trade Type,Symbol,Trade Date\n`)).toBe(
      'zerodha',
    );
    expect(detectBroker(`${UPSTOX_HEADER.toUpperCase()}\n`)).toBe('upstox');
    expect(detectBroker(`${ZERODHA_HEADER}\n`)).toBe('zerodha');
  });

  it('says null for other files, an empty file, a header further down than 30 lines, and a row that looks like both', () => {
    expect(detectBroker('date,open,high,low,close,volume\n2024-03-15,1,2,0.5,1.5,100\n')).toBeNull();
    expect(detectBroker('')).toBeNull();
    expect(detectBroker(`${'x\n'.repeat(30)}${ZERODHA_HEADER}\n`)).toBeNull();
    expect(detectBroker('trade_id,trade_type,symbol,trade_num,scrip_code,side\n')).toBeNull();
  });

  it('reads no further than it needs: a broken quote far below the header does not stop it', () => {
    expect(detectBroker(`${ZERODHA_HEADER}\n${'x\n'.repeat(40)}"open\n`)).toBe('zerodha');
  });
});

describe('detectFormat', () => {
  it('tells every format apart, the two Upstox CSVs and JSON included', () => {
    expect(detectFormat(fixture('zerodha-tradebook.csv'))).toBe('zerodha-tradebook');
    expect(detectFormat(fixture('upstox-trade-report.csv'))).toBe('upstox-trade-report');
    expect(detectFormat(fixture('upstox-trade-history.csv'))).toBe('upstox-trade-history');
    expect(detectFormat(fixture('upstox-trade-history.json'))).toBe('upstox-trade-history-json');
    expect(detectFormat(`\ufeff\r\n  [{"segment": "EQ"}]`)).toBe('upstox-trade-history-json');
  });

  it('reads a row that carries names of several formats as the one with the most of them', () => {
    // Trade history's header carries four Zerodha names and three of the report's; it has eleven of its own.
    expect(detectFormat(`${HISTORY_HEADER}\n`)).toBe('upstox-trade-history');
    expect(detectFormat(`${HISTORY_HEADER.toUpperCase().replace(/_/g, ' ')}\n`)).toBe('upstox-trade-history');
    // Only the columns the import reads: four of trade history's names against three of Zerodha's.
    expect(detectFormat('exchange,segment,trade_id,trade_date,transaction_type,quantity,price,symbol\n')).toBe(
      'upstox-trade-history',
    );
    // Zerodha's header carries four of trade history's names, and nine of its own.
    expect(detectFormat(`${ZERODHA_HEADER}\n`)).toBe('zerodha-tradebook');
    expect(detectFormat('symbol,trade_date,trade_type,trade_id\n')).toBe('zerodha-tradebook');
    expect(detectFormat(`${UPSTOX_HEADER}\n`)).toBe('upstox-trade-report');
  });

  it('says null when two formats claim a row equally', () => {
    expect(detectFormat('trade_id,trade_type,symbol,trade_num,scrip_code,side\n')).toBeNull();
    expect(detectFormat('trade_type,series,auction,transaction_type,scrip_name,instrument_token\n')).toBeNull();
  });
});

/** The error a function throws, failing the test when it returns. */
const catchError = (run: () => unknown): Error => {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
};
