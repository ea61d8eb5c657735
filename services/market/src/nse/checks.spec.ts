import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { checkDayFiles, type DayFiles } from './checks';

const FIXTURES = path.join(__dirname, '../../test/fixtures/bhavcopy');
const CSV_NAME = 'BhavCopy_NSE_CM_0_0_0_20240402_F_0000.csv';
const csv = readFileSync(path.join(FIXTURES, CSV_NAME), 'utf8');
const indexCsv = readFileSync(path.join(FIXTURES, 'ind_close_all_02042024.csv'), 'utf8');
const zip = (text: string, name = CSV_NAME) => zipSync({ [name]: strToU8(text) });
const eqRows = csv.trim().split('\n').slice(1).filter((line) => line.split(',')[8] === 'EQ').length;
const niftyClose = Number(indexCsv.split('\n').find((line) => line.startsWith('Nifty 50,'))!.split(',')[5]);
const niftyChange = Number(indexCsv.split('\n').find((line) => line.startsWith('Nifty 50,'))!.split(',')[6]);

const day = (overrides: Partial<DayFiles> = {}): DayFiles => ({
  day: '2024-04-02',
  bhavcopy: { name: `${CSV_NAME}.zip`, bytes: zip(csv) },
  index: { name: 'ind_close_all_02042024.csv', bytes: strToU8(indexCsv) },
  recentRowCounts: [eqRows, eqRows, eqRows],
  previousNiftyClose: Math.round((niftyClose - niftyChange) * 100) / 100,
  ...overrides,
});

describe('checkDayFiles', () => {
  it('passes a good day with every check recorded, and hands over both files', () => {
    const checked = checkDayFiles(day());
    expect(checked.ok).toBe(true);
    expect(checked.checks.map((check) => [check.name, check.ok])).toEqual([
      ['bhavcopy_zip', true],
      ['trade_date', true],
      ['row_count', true],
      ['index_file', true],
      ['nifty_close', true],
    ]);
    if (checked.ok) expect(checked.files.map((file) => file.format)).toEqual(['cm-udiff', 'index-close']);
  });

  it('refuses an HTML page served as the zip, and a truncated zip, naming the file', () => {
    const html = checkDayFiles(day({ bhavcopy: { name: `${CSV_NAME}.zip`, bytes: strToU8('<html><body>Resource not found</body></html>') } }));
    expect(html).toMatchObject({ ok: false });
    expect(!html.ok && html.reason).toMatch(/BhavCopy_NSE_CM_0_0_0_20240402_F_0000\.csv\.zip.*not a zip archive/);
    const whole = zip(csv);
    const truncated = checkDayFiles(day({ bhavcopy: { name: `${CSV_NAME}.zip`, bytes: whole.subarray(0, whole.length >> 1) } }));
    expect(!truncated.ok && truncated.reason).toMatch(/broken zip archive/);
  });

  it("refuses a file of another day served under the day's name", () => {
    const checked = checkDayFiles(day({ day: '2024-04-03' }));
    expect(!checked.ok && checked.reason).toBe(`${CSV_NAME}.zip is for 2024-04-02, not 2024-04-03`);
    expect(checked.checks.at(-1)).toMatchObject({ name: 'trade_date', ok: false });
  });

  it('refuses a row count far outside recent days, and accepts any count without three days to compare', () => {
    const checked = checkDayFiles(day({ recentRowCounts: [2000, 2010, 1990, 2005] }));
    expect(!checked.ok && checked.reason).toMatch(/has \d+ EQ rows; recent days had about 2002\.5 \(accepted 1602–2504\)/);
    expect(checkDayFiles(day({ recentRowCounts: [2000, 2010] })).ok).toBe(true);
  });

  it("refuses a NIFTY 50 close that does not follow from the stored previous close, or an index file of another day", () => {
    const checked = checkDayFiles(day({ previousNiftyClose: 21000 }));
    expect(!checked.ok && checked.reason).toMatch(/NIFTY 50 closed at .* but the stored previous close is 21000/);
    const otherDay = checkDayFiles(day({ index: { name: 'ind_close_all_02042024.csv', bytes: strToU8(indexCsv.replace(/02-04-2024/g, '01-04-2024')) } }));
    expect(!otherDay.ok && otherDay.reason).toBe('ind_close_all_02042024.csv is for 2024-04-01, not 2024-04-02');
    expect(checkDayFiles(day({ previousNiftyClose: null })).ok).toBe(true);
  });

  it('refuses a malformed row by its line', () => {
    const broken = csv.split('\n');
    broken[2] = broken[2]!.replace(/^((?:[^,]*,){14})[^,]*/, '$1abc');
    const checked = checkDayFiles(day({ bhavcopy: { name: `${CSV_NAME}.zip`, bytes: zip(broken.join('\n')) } }));
    expect(!checked.ok && checked.reason).toBe(`${CSV_NAME}:3: column OpnPric: expected a positive number, found "abc"`);
  });
});
