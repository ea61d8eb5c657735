import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BarRowSchema, CsvFormatError, parseCsv, plainBarRow, readBarsCsv, readSymbolsCsv } from './csv';

const write = (text: string, name = 'X.csv'): string => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'csv-')), name);
  writeFileSync(file, text);
  return file;
};

const SYMBOLS_HEADER = 'symbol,file,company,industry,isin,first_date,last_date,rows,former_symbols';

describe('csv', () => {
  it('reads quoted fields: commas, doubled quotes and line breaks inside them, each record with the line it starts on', () => {
    expect(parseCsv('X.csv', 'a,b\n"NIFTY 50 index (points, not rupees)",x\n"say ""hi""",y\n\n"two\r\nlines",z\nlast,row\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['NIFTY 50 index (points, not rupees)', 'x'] },
      { line: 3, fields: ['say "hi"', 'y'] },
      { line: 5, fields: ['two\r\nlines', 'z'] },
      { line: 7, fields: ['last', 'row'] },
    ]);
  });

  it('reads a manifest whose company holds a comma and whose note runs over two lines', async () => {
    const file = write(
      `${SYMBOLS_HEADER}\n` +
        'ADANIPORTS,ADANIPORTS.csv,"Adani Ports and Special Economic Zone Ltd., Mundra",SERVICES,INE742F01042,2007-11-27,2024-03-28,4029,"MUNDRAPORT (renamed\nADANIPORTS on 2012-01-17)"\n' +
        'NIFTY 50,NIFTY50.csv,"NIFTY 50 index (points, not rupees)",INDEX,,2000-01-03,2024-03-28,6000,\n',
      'symbols.csv',
    );
    expect(await readSymbolsCsv(file)).toEqual([
      { symbol: 'ADANIPORTS', file: 'ADANIPORTS.csv', company: 'Adani Ports and Special Economic Zone Ltd., Mundra', industry: 'SERVICES', isin: 'INE742F01042', first_date: '2007-11-27', last_date: '2024-03-28' },
      { symbol: 'NIFTY 50', file: 'NIFTY50.csv', company: 'NIFTY 50 index (points, not rupees)', industry: 'INDEX', isin: null, first_date: '2000-01-03', last_date: '2024-03-28' },
    ]);
  });

  it('names the right line of a malformed row after a row that runs over two lines', async () => {
    const file = write(`${SYMBOLS_HEADER}\nA,A.csv,A Ltd.,X,,2020-01-01,2020-01-02,2,"old\nname"\nB,B.csv,B Ltd.,X,,2020-13-01,2020-01-02,2,\n`, 'symbols.csv');
    await expect(readSymbolsCsv(file)).rejects.toThrow(/^symbols\.csv:4: column 6: /);
  });

  it('rejects a quote left open, naming the line its row starts on', async () => {
    const file = write('date,open,high,low,close,volume\n2020-01-01,10,12,9,11,100\n2020-01-02,"10,12,9,11,100\n2020-01-03,10,12,9,11,100\n');
    await expect(readBarsCsv(file)).rejects.toThrow(new CsvFormatError('X.csv', 3, 'unterminated quoted field'));
  });

  it('reads bars, an empty volume as null', async () => {
    const file = write('date,open,high,low,close,volume\n2020-01-01,10,12,9,11,100\n2020-01-02,11,11.5,10.5,11,\n');
    expect(await readBarsCsv(file)).toEqual([
      { date: '2020-01-01', open: 10, high: 12, low: 9, close: 11, volume: 100 },
      { date: '2020-01-02', open: 11, high: 11.5, low: 10.5, close: 11, volume: null },
    ]);
  });

  it.each([
    ['a bad date', '2020-13-01,10,12,9,11,100', /X\.csv:3: column 1/],
    ['a non-number', '2020-01-03,10,abc,9,11,100', /X\.csv:3: column 3/],
    ['high below low', '2020-01-03,10,8,9,11,100', /X\.csv:3: high is below low/],
    ['a repeated date', '2020-01-01,10,12,9,11,100', /X\.csv:3: date 2020-01-01 is not after/],
    ['a missing column', '2020-01-03,10,12,9,11', /X\.csv:3:/],
  ])('rejects %s with the file and line', async (_label, row, message) => {
    const file = write(`date,open,high,low,close,volume\n2020-01-01,10,12,9,11,100\n${row}\n`);
    await expect(readBarsCsv(file)).rejects.toThrow(message);
  });

  it('reads a bar the fast way only when the schema reads it the same', () => {
    const rows = [
      ['2024-02-29', '10', '12.5', '9.05', '11', '100'],
      ['2024-03-28', '22123.65', '22516', '22163.6', '22326.9', ''],
      ['2023-02-29', '10', '12', '9', '11', '100'],
      ['2024-01-02', ' 10', '12', '9', '11', '100'],
      ['2024-01-02', '1e1', '12', '9', '11', '100'],
      ['2024-01-02', '0', '12', '9', '11', '100'],
      ['2024-01-02', '0.0', '12', '9', '11', '100'],
      ['2024-01-02', '-1', '12', '9', '11', '100'],
      ['2024-01-02', '9'.repeat(400), '12', '9', '11', '100'],
      ['2024-01-02', '10', '8', '9', '11', '100'],
      ['2024-01-02', '10', '12', '9', '11', '1.5'],
      ['2024-01-02', '10', '12', '9', '11', ' '],
      ['2024-01-02', '10', '12', '9', '11', '9007199254740993'],
      ['2024-01-02', '10', '12', '9', '11'],
    ];
    const fast = rows.map((row) => plainBarRow(row));
    expect(fast.filter((bar) => bar !== null)).toHaveLength(2);
    rows.forEach((row, i) => {
      if (fast[i] !== null) expect(fast[i]).toEqual(BarRowSchema.parse(row));
    });
  });

  it('rejects a wrong header on line 1', async () => {
    await expect(readBarsCsv(write('Date,Open\n'))).rejects.toThrow(/X\.csv:1: header/);
  });
});
