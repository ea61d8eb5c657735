import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseBhavcopy, readBhavcopy } from './bhavcopy';
import { CsvFormatError } from './csv';

const FIXTURES = path.join(__dirname, '../../test/fixtures/bhavcopy');
const fixture = (file: string) => readFileSync(path.join(FIXTURES, file), 'utf8');
const LEGACY = 'cm01APR2024bhav.csv';
const UDIFF = 'BhavCopy_NSE_CM_0_0_0_20240402_F_0000.csv';
const INDEX = 'ind_close_all_01042024.csv';

/** The fixture's text with one line (1-based) replaced. */
const withLine = (file: string, line: number, edit: (text: string) => string) =>
  fixture(file)
    .split('\n')
    .map((text, i) => (i === line - 1 ? edit(text) : text))
    .join('\n');

const rejection = (file: string, text: string): CsvFormatError => {
  try {
    parseBhavcopy(file, text);
  } catch (error) {
    if (error instanceof CsvFormatError) return error;
    throw error;
  }
  throw new Error('expected a CsvFormatError');
};

describe('parseBhavcopy', () => {
  it('reads the legacy CM bhavcopy: EQ rows only, dates like 01-APR-2024, trailing commas', () => {
    const file = parseBhavcopy(LEGACY, fixture(LEGACY));
    expect(file.format).toBe('cm-legacy');
    expect(file.date).toBe('2024-04-01');
    expect(file.rows.map((row) => row.symbol)).toEqual(['GOLDBEES', 'INFY', 'M&M', 'RELIANCE', 'TCS', 'ZOMATO']);
    expect(file.ignored).toBe(2);
    expect(file.rows.find((row) => row.symbol === 'RELIANCE')).toEqual({
      line: 5,
      symbol: 'RELIANCE',
      isin: 'INE002A01018',
      company: null,
      bar: { date: '2024-04-01', open: 2985.75, high: 3001.5, low: 2961.05, close: 2985.15, volume: 6123456 },
    });
  });

  it('reads the UDiFF CM bhavcopy by its 34-column header', () => {
    const file = parseBhavcopy(UDIFF, fixture(UDIFF));
    expect(file.format).toBe('cm-udiff');
    expect(file.date).toBe('2024-04-02');
    expect(file.rows.map((row) => row.symbol)).toEqual(['ZOMATO', 'INFY', 'M&M', 'RELIANCE', 'TCS']);
    expect(file.ignored).toBe(1);
    expect(file.rows.find((row) => row.symbol === 'M&M')).toEqual({
      line: 4,
      symbol: 'M&M',
      isin: 'INE101A01026',
      company: 'MAHINDRA & MAHINDRA LTD',
      bar: { date: '2024-04-02', open: 1938.6, high: 1952, low: 1921.15, close: 1947.3, volume: 2012345 },
    });
  });

  it("reads the NIFTY 50 row of NSE's index close file, without volume, and passes over other indices ('-' values too)", () => {
    const file = parseBhavcopy(INDEX, fixture(INDEX));
    expect(file.format).toBe('index-close');
    expect(file.rows).toEqual([
      { line: 2, symbol: 'NIFTY 50', isin: null, company: null, bar: { date: '2024-04-01', open: 22455, high: 22529.95, low: 22428.15, close: 22462, volume: null } },
    ]);
    expect(file.ignored).toBe(3);
  });

  it('reads quoted instrument names holding a comma or a line break, and names the right line after them', () => {
    const text = fixture(UDIFF).replace('INFOSYS LIMITED', '"INFOSYS, LIMITED"').replace('MAHINDRA & MAHINDRA LTD', '"MAHINDRA &\nMAHINDRA LTD"');
    expect(parseBhavcopy(UDIFF, text).rows.map((row) => [row.symbol, row.line])).toEqual([
      ['ZOMATO', 2],
      ['INFY', 3],
      ['M&M', 4],
      ['RELIANCE', 6],
      ['TCS', 8],
    ]);
    const twice = rejection(UDIFF, text.replace(',TCS,EQ,', ',INFY,EQ,'));
    expect([twice.line, twice.reason]).toEqual([8, 'INFY appears again (first on line 3)']);
  });

  it('accepts a byte-order mark and CRLF line ends', () => {
    const file = parseBhavcopy(LEGACY, `\uFEFF${fixture(LEGACY).replace(/\n/g, '\r\n')}`);
    expect(file.rows).toHaveLength(6);
  });

  it.each([
    ['a price that is not a number', LEGACY, 3, (t: string) => t.replace('1508.9', '15O8.9'), 'cm01APR2024bhav.csv:3: column HIGH: expected a positive number, found "15O8.9"'],
    ['a zero price', UDIFF, 5, (t: string) => t.replace(',2968.05,', ',0,'), 'column ClsPric: expected a positive number, found "0"'],
    ['a volume with decimals', LEGACY, 4, (t: string) => t.replace('2345678', '2345678.5'), 'column TOTTRDQTY: expected a whole number'],
    ['high below low', INDEX, 2, (t: string) => t.replace('22529.95', '22400.00'), 'High Index Value 22400 is below Low Index Value 22428.15'],
    ['a missing column', UDIFF, 3, (t: string) => t.replace(',F1,', ','), 'expected 34 columns, found 33'],
    ['a date in another format', LEGACY, 7, (t: string) => t.replace('01-APR-2024', '2024-04-01'), 'column TIMESTAMP: expected a date like 28-MAR-2024, found "2024-04-01"'],
    ['a day that does not exist', INDEX, 2, (t: string) => t.replace('01-04-2024', '31-04-2024'), 'column Index Date: expected a date like 28-03-2024'],
    ['a second trading day in one file', UDIFF, 6, (t: string) => t.replace(/^2024-04-02/, '2024-04-03'), 'date 2024-04-03 differs from 2024-04-02'],
    ['a futures row in a CM file', UDIFF, 2, (t: string) => t.replace(',CM,', ',FO,'), 'column Sgmt: expected CM'],
    ['a stock listed twice', LEGACY, 8, (t: string) => t.replace(/^TCS,/, 'INFY,'), 'INFY appears again (first on line 3)'],
    ['an unterminated quote', LEGACY, 4, (t: string) => t.replace('M&M', '"M&M'), 'unterminated quoted field'],
  ])('rejects %s with the file and line', (_what, file, line, edit, message) => {
    const error = rejection(file, withLine(file, line, edit));
    expect(error.file).toBe(file);
    expect(error.line).toBe(line);
    expect(error.message).toContain(message);
  });

  it('rejects unknown headers, empty files and files without an imported row', () => {
    expect(rejection('x.csv', 'date,open,high,low,close,volume\n2024-04-01,1,1,1,1,1\n').message).toMatch(/^x\.csv:1: unrecognised header/);
    expect(rejection('x.csv', '').message).toBe('x.csv:1: empty file');
    expect(rejection(LEGACY, fixture(LEGACY).split('\n')[0]!).message).toBe('cm01APR2024bhav.csv:2: no rows after the header');
    const noEq = fixture(LEGACY)
      .split('\n')
      .filter((line, i) => i === 0 || line.includes(',BL,'))
      .join('\n');
    expect(rejection(LEGACY, noEq).message).toBe('cm01APR2024bhav.csv:2: no rows of series EQ');
    const noNifty = fixture(INDEX)
      .split('\n')
      .filter((line) => !line.startsWith('Nifty 50,'))
      .join('\n');
    expect(rejection(INDEX, noNifty).message).toBe('ind_close_all_01042024.csv:2: no row for NIFTY 50');
  });
});

describe('readBhavcopy', () => {
  it('names the file by its base name, also when it cannot be read', async () => {
    expect((await readBhavcopy(path.join(FIXTURES, UDIFF))).file).toBe(UDIFF);
    await expect(readBhavcopy(path.join(FIXTURES, 'cm02APR2024bhav.csv'))).rejects.toThrow('cm02APR2024bhav.csv:0: cannot be read: ENOENT');
  });
});
