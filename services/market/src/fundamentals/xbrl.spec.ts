import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FilingFormatError } from './filing';
import type { FilingFormat, FilingPeriod, ParsedFiling } from './filing';
import { filedAtOf, parseFiling, readFilingFile } from './xbrl';

/** The shared dataset (../shared/data/fundamentals, README.md there), read in place. */
const DATA = path.resolve(__dirname, '../../../..', '..', 'shared/data/fundamentals/xbrl');
const file = (symbol: string, name: string) => path.join(DATA, symbol, name);
const read = (symbol: string, name: string) => readFilingFile(file(symbol, name));

const INFY_FY2023_CONSOLIDATED = '14Apr2023_1038_INDAS_90708_818546_14042023103840.xml';
const INFY_XML = readFileSync(file('INFY', INFY_FY2023_CONSOLIDATED), 'utf8');
/** Where the line ending nearest the middle of the file is: a cut there leaves only whole elements. */
const HALF_LINE = INFY_XML.lastIndexOf('\n', INFY_XML.length / 2);

const FIN_NAMESPACE = 'http://www.bseindia.com/xbrl/fin/2020-03-31/in-bse-fin';
/** A minimal filing: the facts given (name, context, value[, unit]) after the ones every filing has. */
const filing = (facts: ReadonlyArray<readonly [string, string, string, string?]>, header = true): string => {
  const base: ReadonlyArray<readonly [string, string, string, string?]> = header
    ? [
        ['Symbol', 'OneD', 'TEST'],
        ['DateOfStartOfFinancialYear', 'OneD', '2023-04-01'],
        ['DateOfEndOfFinancialYear', 'OneD', '2024-03-31'],
        ['ReportingQuarter', 'OneD', 'Half yearly'],
        ['NatureOfReportStandaloneConsolidated', 'OneD', 'Standalone'],
      ]
    : [];
  const elements = [...base, ...facts].map(
    ([name, context, value, unit]) =>
      `<in-bse-fin:${name} contextRef="${context}"${unit ? ` unitRef="${unit}"` : ''}>${value}</in-bse-fin:${name}>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:in-bse-fin="${FIN_NAMESPACE}">
${elements.join('\n')}
</xbrli:xbrl>`;
};
const SYNTHETIC = '10Nov2023_1730_INDAS_1_2_3.xml';

/** Every filing of one symbol's folder. */
const filingsOf = (symbol: string): Promise<ParsedFiling[]> =>
  Promise.all(readdirSync(path.join(DATA, symbol)).map((name) => read(symbol, name)));
const find = async (symbol: string, fiscalYear: number, period: FilingPeriod, basis: 'standalone' | 'consolidated') => {
  const found = (await filingsOf(symbol)).filter(
    (f) => f.fiscal_year === fiscalYear && f.period === period && f.basis === basis,
  );
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('parseFiling', () => {
  it('reads an Ind AS year: INFY FY2023 consolidated, in rupees as filed (1,46,767 crore of revenue)', async () => {
    const infy = await read('INFY', INFY_FY2023_CONSOLIDATED);
    expect(infy).toEqual({
      symbol: 'INFY',
      fiscal_year: 2023,
      period: 'FY',
      basis: 'consolidated',
      format: 'indas',
      filed_at: '2023-04-14T05:08:00.000Z',
      source_file: INFY_FY2023_CONSOLIDATED,
      quarter: {
        start: '2023-01-01',
        end: '2023-03-31',
        revenue: 374410000000,
        total_income: 381120000000,
        net_profit: 61280000000,
        eps_basic: 14.79,
        eps_diluted: 14.77,
        // Cash flows are filed for the half year and the year only.
        operating_cash_flow: null,
        dividends_paid: null,
      },
      year_to_date: {
        // The FourD context says 2023-01-01 – 2023-03-31; the period's facts say the year.
        start: '2022-04-01',
        end: '2023-03-31',
        revenue: 1467670000000,
        total_income: 1494680000000,
        net_profit: 240950000000,
        eps_basic: 57.63,
        eps_diluted: 57.54,
        operating_cash_flow: 224670000000,
        dividends_paid: 136530000000,
      },
      balance: {
        paid_up_capital: 20690000000,
        face_value: 5,
        reserves: 733380000000,
        equity: 754070000000,
        total_assets: 1258160000000,
        borrowings_current: 0,
        borrowings_noncurrent: 0,
      },
    });
  });

  it.each([
    ['TCS', 115.19],
    ['RELIANCE', 98.59],
  ])('reads %s FY2023 consolidated basic EPS as the README gives it', async (symbol, eps) => {
    const year = await find(symbol, 2023, 'FY', 'consolidated');
    expect(year.year_to_date.eps_basic).toBe(eps);
    expect(year.year_to_date).toMatchObject({ start: '2022-04-01', end: '2023-03-31' });
  });

  it('reads a bank: HDFCBANK FY2023 standalone, interest earned as revenue, missing dates derived', async () => {
    const bank = await read('HDFCBANK', '17Apr2023_1424_BANKING_90715_821266_17042023022426.xml');
    expect(bank).toMatchObject({ symbol: 'HDFCBANK', fiscal_year: 2023, period: 'FY', basis: 'standalone' });
    expect(bank.format).toBe('banking');
    expect(bank.quarter).toMatchObject({ start: '2023-01-01', end: '2023-03-31', revenue: 451193600000 });
    expect(bank.quarter.eps_basic).toBe(21.6);
    expect(bank.year_to_date).toEqual({
      start: '2022-04-01',
      end: '2023-03-31',
      revenue: 1615855500000,
      total_income: 1928003800000,
      net_profit: 441087100000,
      eps_basic: 79.25,
      eps_diluted: 78.89,
      operating_cash_flow: 273133900000,
      dividends_paid: 86045200000,
    });
    // Reserves are filed with the unit 'pure'; a bank files no equity total nor borrowings by maturity.
    expect(bank.balance).toMatchObject({
      paid_up_capital: 5579700000,
      face_value: 1,
      reserves: 2796410500000,
      equity: null,
      borrowings_current: null,
    });
  });

  it("takes a consolidated bank's profit after minority interest and associates (HDFCBANK FY2023)", async () => {
    const bank = await read('HDFCBANK', '17Apr2023_1425_BANKING_90716_821269_17042023022531.xml');
    expect(bank.basis).toBe('consolidated');
    expect(bank.year_to_date.net_profit).toBeGreaterThan(450_000_000_000);
    expect(bank.year_to_date.net_profit).toBeLessThan(461_000_000_000);
  });

  it('reads the quarter and the year to date of a half-year and a third-quarter filing', async () => {
    const half = await read('INFY', '12Oct2023_1640_INDAS_97544_949331_12102023044047.xml');
    expect(half).toMatchObject({ period: 'H1', fiscal_year: 2024 });
    expect([half.quarter.start, half.quarter.end, half.year_to_date.start, half.year_to_date.end]).toEqual([
      '2023-07-01',
      '2023-09-30',
      '2023-04-01',
      '2023-09-30',
    ]);
    const third = await read('INFY', '11Jan2024_1819_INDAS_101013_1017099_11012024061922.xml');
    expect(third).toMatchObject({ period: 'Q3', fiscal_year: 2024 });
    expect([third.quarter.start, third.quarter.end, third.year_to_date.start, third.year_to_date.end]).toEqual([
      '2023-10-01',
      '2023-12-31',
      '2023-04-01',
      '2023-12-31',
    ]);
    expect(third.year_to_date.revenue).toBeGreaterThan(third.quarter.revenue! * 2.5);
  });

  it('gives a first quarter the same months and figures for the quarter and the year to date', async () => {
    const first = await read('INFY', '18Jul2024_1945_INDAS_109110_1192961_18072024074507.xml');
    expect(first).toMatchObject({ period: 'Q1', fiscal_year: 2025, basis: 'consolidated' });
    expect(first.quarter).toMatchObject({ start: '2024-04-01', end: '2024-06-30' });
    expect(first.year_to_date).toEqual(first.quarter);
  });

  it('reads a filed reserves of 0 as missing, the equity still there (INFY FY2024, README)', async () => {
    const infy = await find('INFY', 2024, 'FY', 'consolidated');
    expect(infy.balance.reserves).toBeNull();
    expect(infy.balance.equity).toBe(881160000000);
  });

  it("dates a filing with a misfiled fiscal year by its period's end (POWERGRID H1 FY2023)", async () => {
    const filings = await filingsOf('POWERGRID');
    const h1 = filings.filter((f) => f.period === 'H1' && f.quarter.end === '2022-09-30');
    expect(h1.map((f) => f.fiscal_year)).toEqual([2023, 2023]);
  });

  it('leaves out a year to date filed as all zeros (HINDALCO Q3 FY2022 consolidated)', async () => {
    const hindalco = await read('HINDALCO', '11Feb2022_1736_INDAS_82318_608038_11022022053630_WEB.xml');
    expect(hindalco.quarter.net_profit).toBe(36750000000);
    expect(hindalco.year_to_date).toMatchObject({ revenue: null, net_profit: null, eps_basic: null });
  });

  it("finds HCLTECH's paid-up capital in its balance sheet where the results give 0", async () => {
    const hcl = await find('HCLTECH', 2024, 'FY', 'consolidated');
    expect(hcl.balance.paid_up_capital).toBeGreaterThan(5_000_000_000);
    expect(hcl.balance.face_value).toBeNull();
  });

  it('reads the symbol from the Symbol fact or the folder, and an NBFC and Indian GAAP filing', async () => {
    expect(parseFiling(SYNTHETIC, filing([]), 'IGNORED').symbol).toBe('TEST');
    const bare = filing([['Symbol', 'FourD', 'X']]).replace(/<in-bse-fin:Symbol contextRef="OneD">.*\n/, '');
    expect(parseFiling(SYNTHETIC, bare, 'M&M').symbol).toBe('M&M');
    const nbfc = await find('BAJFINANCE', 2024, 'FY', 'consolidated');
    expect(nbfc.format).toBe('nbfc');
    expect(nbfc.year_to_date.revenue).toBeGreaterThan(nbfc.year_to_date.net_profit!);
    const gaap = await read('BAJFINANCE', '21Jun2018_1801_NONINDAS_35272_9888_17052018060424_WEB.xml');
    expect(gaap).toMatchObject({ fiscal_year: 2018, period: 'FY', format: 'nbfc' });
    expect(gaap.year_to_date).toMatchObject({ start: '2017-04-01', end: '2018-03-31', revenue: 132877700000 });
    expect(gaap.year_to_date.net_profit).toBe(26467000000);
    expect(gaap.quarter).toMatchObject({ start: '2018-01-01', end: '2018-03-31', eps_basic: 12.54 });
  });

  it('keeps signs, reads empty figures as null, dividends as paid, and ignores facts of other contexts', () => {
    const parsed = parseFiling(
      SYNTHETIC,
      filing([
        ['RevenueFromOperations', 'OneReportableSegmentRevenue01D', '999', 'INR'],
        ['RevenueFromOperations', 'FourD', '1000.50', 'INR'],
        ['ProfitLossForPeriod', 'FourD', '-250', 'INR'],
        ['ProfitOrLossAttributableToOwnersOfParent', 'FourD', '-999', 'INR'],
        ['BasicEarningsLossPerShareFromContinuingAndDiscontinuedOperations', 'FourD', '', 'INRPerShare'],
        ['BasicEarningsLossPerShareFromContinuingOperations', 'FourD', '-1.25', 'INRPerShare'],
        ['DividendsPaidClassifiedAsFinancingActivities', 'FourD', '-40', 'INR'],
        ['FaceValueOfEquityShareCapital', 'FourD', '0', 'INRPerShare'],
        ['ReserveExcludingRevaluationReserves', 'FourD', '-75', 'INR'],
      ]),
    );
    expect(parsed.year_to_date).toMatchObject({
      revenue: 1000.5,
      // Standalone: the profit for the period, not an "owners of the parent" figure filed by mistake.
      net_profit: -250,
      eps_basic: -1.25,
      eps_diluted: null,
      dividends_paid: 40,
    });
    expect(parsed.balance).toMatchObject({ face_value: null, reserves: -75, paid_up_capital: null });
  });

  it.each([
    ['garbage', SYNTHETIC, 'this is not XML', /not well-formed XML/],
    ['XML cut inside an element', INFY_FY2023_CONSOLIDATED, INFY_XML.slice(0, INFY_XML.length / 2), /not well-formed/],
    ['XML cut after a whole line', INFY_FY2023_CONSOLIDATED, INFY_XML.slice(0, HALF_LINE), /Unclosed tag 'xbrli:xbrl'/],
    ['XML that is not XBRL', SYNTHETIC, '<?xml version="1.0"?><html><body/></html>', /not an XBRL instance/],
    ['an XBRL file without facts', SYNTHETIC, filing([], false), /no financial-results facts/],
    ['a bad file name', 'INFY_results.xml', INFY_XML, /publication time DDMonYYYY_HHMM/],
    ['a date that does not exist', '31Feb2023_1038_INDAS_1.xml', INFY_XML, /publication time/],
    ['no ReportingQuarter', SYNTHETIC, filing([]).replace(/<in-bse-fin:ReportingQuarter.*\n/, ''), /no Reporting/],
    ['an unknown ReportingQuarter', SYNTHETIC, filing([]).replace('Half yearly', 'Monthly'), /"Monthly"/],
    ['no symbol at all', SYNTHETIC, filing([]).replace(/<in-bse-fin:Symbol .*\n/, ''), /no NSE symbol/],
    ['an unknown format', '10Nov2023_1730_RESULTS.xml', filing([]), /unknown reporting format/],
  ])('rejects %s with a FilingFormatError naming the file and what is wrong', (_case, name, xml, reason) => {
    const attempt = () => parseFiling(name, xml);
    expect(attempt).toThrow(FilingFormatError);
    expect(attempt).toThrow(reason);
    expect(attempt).toThrow(new RegExp(`^${name.replace(/[.]/g, '\\.')}: `));
  });
});

describe('filedAtOf', () => {
  it('reads the name as IST and gives the instant', () => {
    expect(filedAtOf('14Apr2023_1038_INDAS_90708_818546_14042023103840.xml')).toBe('2023-04-14T05:08:00.000Z');
    // Before 05:30 IST it is still the previous day in UTC.
    expect(filedAtOf('01Jan2024_0300_BANKING_1.xml')).toBe('2023-12-31T21:30:00.000Z');
    expect(filedAtOf('14Apx2023_1038_INDAS.xml')).toBeNull();
    expect(filedAtOf('14Apr2023_2460_INDAS.xml')).toBeNull();
  });
});

/** The README's coverage table: filings by fiscal year (ending in March) and period. */
const README_COVERAGE: Record<number, [number, number, number, number]> = {
  2018: [0, 0, 0, 51],
  2019: [50, 73, 75, 71],
  2020: [84, 78, 91, 91],
  2021: [91, 92, 92, 91],
  2022: [92, 93, 90, 89],
  2023: [68, 87, 90, 92],
  2024: [90, 90, 92, 94],
  2025: [93, 94, 95, 0],
};
const PERIODS: readonly FilingPeriod[] = ['Q1', 'H1', 'Q3', 'FY'];

describe('every filing of the shared dataset', () => {
  it('parses all 2,380 files, counted by fiscal year and period as the README does', async () => {
    const files = readdirSync(DATA).flatMap((symbol) =>
      readdirSync(path.join(DATA, symbol)).map((name) => file(symbol, name)),
    );
    expect(files).toHaveLength(2380);
    const filings: ParsedFiling[] = [];
    for (const name of files) {
      filings.push(parseFiling(path.basename(name), readFileSync(name, 'utf8'), path.basename(path.dirname(name))));
    }

    const expected = structuredClone(README_COVERAGE);
    // The README counts by DateOfEndOfFinancialYear as filed and leaves NESTLEIND's "Fourth quarter" out of its table
    // (it sums to 2,379): that file is FY2024's year; POWERGRID's H1 file with a misfiled year belongs to FY2023.
    expected[2024]![3] += 1;
    expected[2022]![1] -= 1;
    expected[2023]![1] += 1;
    const counts: Record<number, number[]> = {};
    for (const f of filings) (counts[f.fiscal_year] ??= [0, 0, 0, 0])[PERIODS.indexOf(f.period)]! += 1;
    expect(counts).toEqual(expected);

    const share = (subset: ParsedFiling[], value: (f: ParsedFiling) => number | null) =>
      subset.filter((f) => value(f) !== null).length / subset.length;
    const percent = (subset: ParsedFiling[], value: (f: ParsedFiling) => number | null) =>
      `${(share(subset, value) * 100).toFixed(2)} %`;
    const formats: FilingFormat[] = ['indas', 'banking', 'nbfc'];
    const rates = formats.map((format) => {
      const subset = filings.filter((f) => f.format === format);
      return {
        format,
        files: subset.length,
        eps_basic: percent(subset, (f) => f.year_to_date.eps_basic),
        net_profit: percent(subset, (f) => f.year_to_date.net_profit),
        revenue: percent(subset, (f) => f.year_to_date.revenue),
        paid_up_capital: percent(subset, (f) => f.balance.paid_up_capital),
        face_value: percent(subset, (f) => f.balance.face_value),
        reserves: percent(subset, (f) => f.balance.reserves),
      };
    });
    console.log('Filled in the year to date, by format:', rates);
    expect(share(filings, (f) => f.year_to_date.eps_basic)).toBeGreaterThanOrEqual(0.98);
    expect(share(filings, (f) => f.year_to_date.net_profit)).toBeGreaterThanOrEqual(0.98);
    expect(share(filings, (f) => f.balance.paid_up_capital)).toBeGreaterThanOrEqual(0.95);
    expect(share(filings, (f) => f.balance.face_value)).toBeGreaterThanOrEqual(0.95);
  });
});
