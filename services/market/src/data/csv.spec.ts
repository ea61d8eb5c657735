import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readBarsCsv, splitCsvLine } from './csv';

const write = (text: string): string => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'csv-')), 'X.csv');
  writeFileSync(file, text);
  return file;
};

describe('csv', () => {
  it('splits quoted fields', () => {
    expect(splitCsvLine('NIFTY 50,NIFTY50.csv,"NIFTY 50 index (points, not rupees)",INDEX,,a')).toEqual([
      'NIFTY 50',
      'NIFTY50.csv',
      'NIFTY 50 index (points, not rupees)',
      'INDEX',
      '',
      'a',
    ]);
    expect(splitCsvLine('"say ""hi""",b')).toEqual(['say "hi"', 'b']);
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

  it('rejects a wrong header on line 1', async () => {
    await expect(readBarsCsv(write('Date,Open\n'))).rejects.toThrow(/X\.csv:1: header/);
  });
});
