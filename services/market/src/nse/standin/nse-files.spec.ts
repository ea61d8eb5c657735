import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { parseBhavcopy } from '../../data/bhavcopy';
import { readBarsCsv } from '../../data/csv';
import { ConfigSchema } from '../../config';
import { indexCloseName, udiffBhavcopyName } from '../archive-paths';
import { loadNseDataset, type NseDataset, NseFiles } from './nse-files';

const DATA = ConfigSchema.shape.MARKET_DATA_DIR.parse(process.env.MARKET_DATA_DIR);
/** A plain Monday, and NESTLEIND's ₹10 to ₹1 split (DATASET_ACTIONS). */
const DAYS = ['2024-01-15', '2024-01-05'];

let dataset: NseDataset;
beforeAll(async () => {
  dataset = await loadNseDataset(DATA);
});

describe('NseFiles: the UDiFF CM bhavcopy', () => {
  it.each(DAYS)('on %s parses without errors and reproduces every stock bar of the dataset exactly', async (day) => {
    const files = new NseFiles(dataset);
    const file = parseBhavcopy(udiffBhavcopyName(day).replace(/\.zip$/, ''), files.udiffBhavcopyCsv(day)!);

    expect(file.format).toBe('cm-udiff');
    expect(file.date).toBe(day);
    expect(file.rows).toHaveLength(48);
    // A block deal, a trade-for-trade stock and a government bond: other series a reader must pass over.
    expect(file.ignored).toBe(3);
    for (const symbol of ['NESTLEIND', 'RELIANCE', 'M&M']) {
      const bars = await readBarsCsv(path.join(DATA, `${symbol === 'M&M' ? 'MM' : symbol}.csv`));
      expect(file.rows.find((row) => row.symbol === symbol)?.bar).toEqual(bars.find((bar) => bar.date === day));
    }
    expect(file.rows.find((row) => row.symbol === 'RELIANCE')?.isin).toBe('INE002A01018');
  });

  it('publishes the sessions the dataset lacks (15 Mar 2023) as a no-trade day, so the archive has no holes, as NSE’s has none', async () => {
    const files = new NseFiles(dataset);
    const gap = parseBhavcopy(udiffBhavcopyName('2023-03-15').replace(/\.zip$/, ''), files.udiffBhavcopyCsv('2023-03-15')!);
    const next = parseBhavcopy(udiffBhavcopyName('2023-03-16').replace(/\.zip$/, ''), files.udiffBhavcopyCsv('2023-03-16')!);
    const bars = await readBarsCsv(path.join(DATA, 'RELIANCE.csv'));
    const before = bars.find((bar) => bar.date === '2023-03-14')!;
    expect(bars.some((bar) => bar.date === '2023-03-15')).toBe(false);
    expect(gap.rows).toHaveLength(48);
    const { close } = before;
    expect(gap.rows.find((row) => row.symbol === 'RELIANCE')?.bar).toEqual({ date: '2023-03-15', open: close, high: close, low: close, close, volume: 0 });
    // The next session's own prices are untouched.
    expect(next.rows.find((row) => row.symbol === 'RELIANCE')?.bar).toEqual(bars.find((bar) => bar.date === '2023-03-16'));
    expect(dataset.tradingDays).toContain('2023-03-15');
    expect(files.indexCloseCsv('2023-03-15')).not.toBeNull();
  });

  it("writes NSE's 34 columns in NSE's order, with the previous close, turnover and session as NSE does", () => {
    const [header, ...lines] = new NseFiles(dataset).udiffBhavcopyCsv('2024-01-05')!.trim().split('\n');
    expect(header!.split(',')).toEqual([
      'TradDt', 'BizDt', 'Sgmt', 'Src', 'FinInstrmTp', 'FinInstrmId', 'ISIN', 'TckrSymb', 'SctySrs', 'XpryDt', 'FininstrmActlXpryDt', 'StrkPric',
      'OptnTp', 'FinInstrmNm', 'OpnPric', 'HghPric', 'LwPric', 'ClsPric', 'LastPric', 'PrvsClsgPric', 'UndrlygPric', 'SttlmPric', 'OpnIntrst',
      'ChngInOpnIntrst', 'TtlTradgVol', 'TtlTrfVal', 'TtlNbOfTxsExctd', 'SsnId', 'NewBrdLotQty', 'Rmks', 'Rsvd1', 'Rsvd2', 'Rsvd3', 'Rsvd4',
    ]);
    const nestle = lines.find((line) => line.includes(',NESTLEIND,EQ,'))!.split(',');
    // 2024-01-04 closed at 27,116.40 before the split; the 5th traded at a tenth of that.
    expect(nestle.slice(0, 9)).toEqual(['2024-01-05', '2024-01-05', 'CM', 'NSE', 'STK', expect.stringMatching(/^\d+$/), 'INE239A01016', 'NESTLEIND', 'EQ']);
    expect(nestle.slice(9, 14)).toEqual(['', '', '', '', 'Nestle India Ltd.']);
    expect(nestle.slice(14, 22)).toEqual(['2754.00', '2754.00', '2642.45', '2666.40', '2666.40', '27116.40', '', '2666.40']);
    expect(nestle.slice(24, 34)).toEqual(['2577064', expect.stringMatching(/^\d+\.\d{2}$/), expect.stringMatching(/^[1-9]\d*$/), 'F1', '1', '', '', '', '', '']);
    expect(Number(nestle[25])).toBeCloseTo((2577064 * (2754 + 2754 + 2642.45 + 2666.4)) / 4, 1);
  });

  it('zips the bhavcopy as NSE serves it: one entry named like the zip without .zip, holding the same text; half a zip does not unzip', () => {
    const files = new NseFiles(dataset);
    const zip = files.udiffBhavcopyZip('2024-01-15')!;
    const entries = unzipSync(zip);
    expect(Object.keys(entries)).toEqual(['BhavCopy_NSE_CM_0_0_0_20240115_F_0000.csv']);
    expect(strFromU8(entries['BhavCopy_NSE_CM_0_0_0_20240115_F_0000.csv']!)).toBe(files.udiffBhavcopyCsv('2024-01-15'));
    expect(() => unzipSync(zip.subarray(0, Math.floor(zip.length / 2)))).toThrow();
    expect(files.udiffBhavcopyZip('2024-01-15')).toEqual(zip);
  });

  it('has no file for a holiday (Republic Day), a weekend or a day after `through`, until that day is published', () => {
    const files = new NseFiles(dataset, { through: '2024-01-31' });
    expect(files.udiffBhavcopyCsv('2024-01-26')).toBeNull();
    expect(files.udiffBhavcopyCsv('2024-01-27')).toBeNull();
    expect(files.udiffBhavcopyZip('2024-02-01')).toBeNull();
    expect(files.indexCloseCsv('2024-02-01')).toBeNull();
    expect(files.tradingDays('2024-01-24', '2024-02-02')).toEqual(['2024-01-24', '2024-01-25', '2024-01-29', '2024-01-30', '2024-01-31']);

    files.publishThrough('2024-02-01');
    expect(parseBhavcopy('b.csv', files.udiffBhavcopyCsv('2024-02-01')!).date).toBe('2024-02-01');
    expect(files.previousTradingDay('2024-01-29')).toBe('2024-01-25');
  });

  it('writes the ISIN a stock trades under from the day NSE changes it', () => {
    const files = new NseFiles(dataset, { isinChanges: [{ symbol: 'BAJFINANCE', from: '2024-01-15', isin: 'INE296A01032' }] });
    const isin = (day: string) => parseBhavcopy('b.csv', files.udiffBhavcopyCsv(day)!).rows.find((row) => row.symbol === 'BAJFINANCE')!.isin;
    expect(isin('2024-01-12')).toBe('INE296A01024');
    expect(isin('2024-01-15')).toBe('INE296A01032');
    expect(isin('2024-01-16')).toBe('INE296A01032');
  });
});

describe('NseFiles: synthetic stocks', () => {
  it('adds 1,952 random-walk EQ stocks to a day, the same on every run, each bar valid', () => {
    const day = '2024-03-28';
    const first = parseBhavcopy('b.csv', new NseFiles(dataset, { synthetic: 1952 }).udiffBhavcopyCsv(day)!);
    const again = parseBhavcopy('b.csv', new NseFiles(dataset, { synthetic: 1952 }).udiffBhavcopyCsv(day)!);

    expect(first.rows).toHaveLength(2000);
    expect(again.rows).toEqual(first.rows);
    const synthetic = first.rows.filter((row) => row.symbol.startsWith('SYN'));
    expect(synthetic).toHaveLength(1952);
    expect(synthetic[0]).toMatchObject({ symbol: 'SYN0001', isin: 'INE0000S0001' });
    expect(synthetic.at(-1)).toMatchObject({ symbol: 'SYN1952', isin: 'INE0000S1952' });
    for (const { bar } of synthetic) {
      expect(bar.low).toBeGreaterThan(0);
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.volume).toBeGreaterThan(0);
    }
  });

  it("walks on from the day before: each day's previous close is the close the day before", () => {
    const files = new NseFiles(dataset, { synthetic: 5 });
    const row = (day: string) => files.udiffBhavcopyCsv(day)!.split('\n').find((line) => line.includes(',SYN0003,'))!.split(',');
    // The walk keeps its state every 64 trading days; days on both sides of such a point must chain too.
    const days = dataset.tradingDays;
    for (const i of [1, 63, 64, 65, 64 * 90, days.length - 1]) {
      expect(row(days[i]!)[19]).toBe(row(days[i - 1]!)[17]);
    }
  });
});

describe('NseFiles: the index close file', () => {
  it('writes the Nifty 50 row with its DD-MM-YYYY date, the change against the previous close and NSE’s 13 columns', async () => {
    const files = new NseFiles(dataset);
    const text = files.indexCloseCsv('2024-01-15')!;
    const nifty = await readBarsCsv(path.join(DATA, 'NIFTY50.csv'));
    const i = nifty.findIndex((bar) => bar.date === '2024-01-15');

    const file = parseBhavcopy(indexCloseName('2024-01-15'), text);
    expect(file.format).toBe('index-close');
    expect(file.rows).toEqual([{ line: 2, symbol: 'NIFTY 50', isin: null, company: null, bar: nifty[i] }]);
    const row = text.trim().split('\n')[1]!.split(',');
    expect(row.slice(0, 2)).toEqual(['Nifty 50', '15-01-2024']);
    expect(Number(row[6])).toBeCloseTo(nifty[i]!.close - nifty[i - 1]!.close, 2);
    expect(Number(row[7])).toBeCloseTo(((nifty[i]!.close - nifty[i - 1]!.close) / nifty[i - 1]!.close) * 100, 2);
    expect(row.slice(10)).toEqual(['-', '-', '-']);
  });

  it('has no index file on a day the dataset has no NIFTY 50 bar (after 2024-03-07)', () => {
    const files = new NseFiles(dataset);
    expect(files.udiffBhavcopyCsv('2024-03-15')).not.toBeNull();
    expect(files.indexCloseCsv('2024-03-15')).toBeNull();
  });
});

describe('NseFiles: corporate-action announcements', () => {
  it("announces the dataset's actions in NSE's JSON shape and wording, filtered by ex-date", () => {
    const files = new NseFiles(dataset);
    expect(files.corporateActions('2024-01-01', '2024-01-31')).toEqual([
      {
        symbol: 'NESTLEIND',
        series: 'EQ',
        ind: '-',
        faceVal: '10',
        subject: 'Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 1/- Per Share',
        exDate: '05-Jan-2024',
        recDate: '05-Jan-2024',
        bcStartDate: '-',
        bcEndDate: '-',
        ndStartDate: '-',
        comp: 'Nestle India Ltd.',
        isin: 'INE239A01016',
        ndEndDate: '-',
        caBroadcastDate: null,
      },
    ]);
    expect(files.corporateActions('2024-01-06', '2024-03-28')).toEqual([]);
  });

  it('writes a split with a bonus as two rows, bonus terms as a:b, rights with their premium and special dividends', () => {
    const files = new NseFiles(dataset);
    const subjects = (from: string, to: string) => files.corporateActions(from, to).map((row) => `${row.symbol}: ${row.subject}`);
    expect(subjects('2022-09-13', '2022-09-13')).toEqual([
      'BAJAJFINSV: Face Value Split (Sub-Division) - From Rs 5/- Per Share To Rs 1/- Per Share',
      'BAJAJFINSV: Bonus 1:1',
    ]);
    expect(subjects('2017-03-09', '2017-03-09')).toEqual(['GAIL: Bonus 1:3']);
    expect(subjects('2020-05-13', '2020-05-13')).toEqual(['RELIANCE: Rights 1:15 @ Premium Rs 1247/-']);
    expect(subjects('2010-03-08', '2010-03-08')).toEqual(['BRITANNIA: Special Dividend - Rs 170 Per Share']);
    expect(subjects('2023-07-20', '2023-07-20')).toEqual(['RELIANCE: Demerger']);
  });

  it('adds announcements a test makes', () => {
    const files = new NseFiles(dataset);
    const row = { ...files.corporateActions('2024-01-05', '2024-01-05')[0]!, symbol: 'TCS', subject: 'Bonus 1:1', exDate: '16-Jun-2025', recDate: '16-Jun-2025' };
    files.announce([row]);
    expect(files.corporateActions('2025-06-01', '2025-06-30')).toEqual([row]);
  });
});
