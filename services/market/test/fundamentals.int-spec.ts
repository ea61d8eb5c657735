import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MARKET, type StockValuation } from '@nivesh/proto';
import { ConfigSchema } from '../src/config';
import { countBasisDay, type Filing, filedDay, fundamentalState, type ShareAction, sharesGrowth } from '../src/fundamentals/derive';
import { mergersOf } from '../src/fundamentals/merger-events';
import { repairFilings } from '../src/fundamentals/repair';
import { FundamentalsImporter } from '../src/import/fundamentals-importer';
import { CorporateActionsRepository } from '../src/corporate-actions/corporate-actions.repository';
import { FilingsRepository } from '../src/fundamentals/filings.repository';
import { type MarketHarness, startMarket } from './support';

/** The logged-in caller the gateway adds; answers do not depend on it. */
const caller = { user_id: 'u-1', session_id: 's-1', is_admin: false };
const XBRL = ConfigSchema.shape.FUNDAMENTALS_DATA_DIR.parse(process.env.FUNDAMENTALS_DATA_DIR);

/**
 * Files by fiscal year and period, as the dataset's README counts them, but for two files the README's table leaves
 * out or places otherwise: NESTLEIND's one 'Fourth quarter' file is FY2024's (the table sums to 2,379 of 2,380), and
 * POWERGRID's consolidated H1 filing that states its fiscal year as 2022-04-01 to 2022-03-31 is dated by its period
 * (April to September 2022: H1 FY2023).
 */
const README_COVERAGE: Record<number, Partial<Record<'Q1' | 'H1' | 'Q3' | 'FY', number>>> = {
  2018: { FY: 51 },
  2019: { Q1: 50, H1: 73, Q3: 75, FY: 71 },
  2020: { Q1: 84, H1: 78, Q3: 91, FY: 91 },
  2021: { Q1: 91, H1: 92, Q3: 92, FY: 91 },
  2022: { Q1: 92, H1: 92, Q3: 90, FY: 89 },
  2023: { Q1: 68, H1: 88, Q3: 90, FY: 92 },
  2024: { Q1: 90, H1: 90, Q3: 92, FY: 95 },
  2025: { Q1: 93, H1: 94, Q3: 95 },
};

describe('fundamentals from NSE filings', () => {
  let market: MarketHarness;
  let importer: FundamentalsImporter;
  const filingCount = async () => (await market.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM market.filings')).rows[0]!.n;
  const fy2023 = (valuation: StockValuation) => valuation.filings.find((filing) => filing.fiscal_year === 2023 && filing.period === 'FY')!;

  beforeAll(async () => {
    market = await startMarket();
    importer = market.app.get(FundamentalsImporter);
  });

  afterAll(async () => {
    await market.close();
  });

  it('imports every filing of the shared folder with its fiscal year and period, and importing them again adds nothing', async () => {
    const files = readdirSync(XBRL, { recursive: true }).filter((name) => String(name).endsWith('.xml')).length;
    const first = await importer.importPaths([XBRL]);
    expect(first).toMatchObject({ files, symbols: 47 });
    expect(await filingCount()).toBe(files);
    const { rows } = await market.pg.query<{ fiscal_year: number; period: string; n: number }>(
      'SELECT fiscal_year, period, count(*)::int AS n FROM market.filings GROUP BY 1, 2',
    );
    const counted: typeof README_COVERAGE = {};
    for (const row of rows) counted[row.fiscal_year] = { ...counted[row.fiscal_year], [row.period]: row.n };
    expect(counted).toEqual(README_COVERAGE);
    expect(await importer.importPaths([XBRL])).toMatchObject({ files, added: 0, already: files, actions: 0 });
    expect(await filingCount()).toBe(files);
  });

  it('gives the FY2023 consolidated basic EPS as filed, and RELIANCE’s in today’s shares after the 2024 bonus issue', async () => {
    const infy = await market.call(MARKET.valuation, { symbol: 'INFY', caller });
    const tcs = await market.call(MARKET.valuation, { symbol: 'TCS', caller });
    const reliance = await market.call(MARKET.valuation, { symbol: 'RELIANCE', caller });
    expect(fy2023(infy)).toMatchObject({ basis: 'consolidated', eps_basic: 57.63, eps_adjusted: 57.63, adjustment: null });
    expect(fy2023(tcs)).toMatchObject({ basis: 'consolidated', eps_basic: 115.19, eps_adjusted: 115.19 });
    expect(fy2023(reliance)).toMatchObject({ basis: 'consolidated', eps_basic: 98.59, eps_adjusted: 49.295 });
    expect(fy2023(reliance).adjustment).toMatch(/1:1 bonus issue of 2024-10-28/);
    // Filed after the bonus, Q3 FY2025 is already in today's shares.
    expect(reliance.filings.find((filing) => filing.fiscal_year === 2025 && filing.period === 'Q3')).toMatchObject({ adjustment: null });
    // The latest close is 2024-03-28, before the bonus: its P/E uses EPS in that day's shares.
    expect(reliance.latest).toMatchObject({ close_date: '2024-03-28', bank: false, filing: { label: 'Q3 FY2024', basis: 'consolidated' } });
    expect(reliance.latest.ttm_eps).toBeGreaterThan(90);
    expect(reliance.latest.measures.pe.value).toBeCloseTo(reliance.latest.close / reliance.latest.ttm_eps!, 1);
    expect(reliance.history.length).toBeGreaterThan(250);
  });

  it('is point in time: no filing published after a day changes that day’s figures', async () => {
    const filings = await market.app.get(FilingsRepository).bySymbol();
    const actions = await market.app.get(CorporateActionsRepository).bySymbol({ ahead: true });
    const shareActions = (symbol: string): ShareAction[] =>
      (actions.get(symbol) ?? []).filter((action) => action.ratio !== null).map((action) => ({ ex_date: action.ex_date, ratio: action.ratio! }));
    let checked = 0;
    for (const [symbol, all] of filings) {
      for (const day of ['2019-06-28', '2021-01-15', '2023-04-13', '2023-10-20', '2024-03-28']) {
        const known: Filing[] = all.filter((filing) => filedDay(filing.filed_at) <= day);
        const state = fundamentalState(all, shareActions(symbol), day, mergersOf(symbol));
        expect(state).toEqual(fundamentalState(known, shareActions(symbol), day, mergersOf(symbol)));
        if (state.filing) expect(filedDay(state.filing.filed_at) <= day).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(47 * 5);
    // INFY's board approved the FY2023 results on 13 April 2023 and NSE published them at 10:27 on the 14th: on the
    // 13th the latest filing is still Q3 FY2023.
    const infy = filings.get('INFY')!;
    expect(fundamentalState(infy, [], '2023-04-13').filing).toMatchObject({ fiscal_year: 2023, period: 'Q3' });
    expect(fundamentalState(infy, [], '2023-04-14').filing).toMatchObject({ fiscal_year: 2023, period: 'FY' });
  });

  it('has share counts in the filings that follow the corporate-actions table', async () => {
    const filings = await market.app.get(FilingsRepository).bySymbol();
    const actions = await market.app.get(CorporateActionsRepository).bySymbol({ ahead: true });
    const DAY = 86_400_000;
    // Each filing's share count as the figures use it: checked against its neighbours, in the shares of the day it is
    // stated in (the period's end, or the ex-date of a split or bonus issue the filer had already applied).
    const counted = (all: readonly Filing[], shareActions: ShareAction[]) =>
      repairFilings(all, shareActions).flatMap((filing) => (filing.shares ? [{ day: countBasisDay(filing), count: filing.shares }] : []));
    const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    let checked = 0;
    for (const [symbol, all] of filings) {
      const shareActions = (actions.get(symbol) ?? []).filter((action) => action.ratio !== null);
      const counts = counted(all, shareActions.map((action) => ({ ex_date: action.ex_date, ratio: action.ratio! })));
      // Around each split or bonus inside the filings' years, the filed counts move by its ratio (medians of the 200
      // days either side, so a filer's slip in one file does not decide).
      for (const action of shareActions) {
        const at = Date.parse(action.ex_date);
        const before = counts.filter(({ day }) => Date.parse(day) < at && Date.parse(day) >= at - 200 * DAY).map(({ count }) => count);
        const after = counts.filter(({ day }) => Date.parse(day) >= at && Date.parse(day) <= at + 200 * DAY).map(({ count }) => count);
        if (!before.length || !after.length) continue;
        expect([symbol, action.ex_date, medianOf(after) / medianOf(before)]).toEqual([symbol, action.ex_date, expect.closeTo(action.ratio!, 0)]);
        checked++;
      }
      // In today's shares (every later split and bonus applied), each year's median count stays near the company's own:
      // no share-count change is missing from the table. HDFC Bank's merger with HDFC (July 2023) issued 36 % more shares.
      const today = counts.map(({ day, count }) => ({ year: day.slice(0, 4), count: count * sharesGrowth(shareActions.map((a) => ({ ex_date: a.ex_date, ratio: a.ratio! })), day, '9999-12-31') }));
      const overall = medianOf(today.map(({ count }) => count));
      for (const year of new Set(today.map(({ year: y }) => y))) {
        const yearly = medianOf(today.filter(({ year: y }) => y === year).map(({ count }) => count));
        expect([symbol, year, yearly / overall < 1.4 && overall / yearly < 1.4]).toEqual([symbol, year, true]);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12);
  });

  it('rejects a malformed file naming it, and keeps nothing of that import', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'xbrl-bad-'));
    const good = readdirSync(path.join(XBRL, 'INFY'))[0]!;
    copyFileSync(path.join(XBRL, 'INFY', good), path.join(dir, `01Jan2030_1200_${good}`));
    writeFileSync(path.join(dir, '02Jan2030_1200_INDAS_1_2_broken.xml'), '<?xml version="1.0"?><xbrli:xbrl><in-bse-fin:Symbol>INFY');
    const before = await filingCount();
    await expect(importer.importPaths([dir])).rejects.toThrow(/02Jan2030_1200_INDAS_1_2_broken\.xml/);
    expect(await filingCount()).toBe(before);
  });

  it('screens on the filters and lists every stock it cannot judge with the reason', async () => {
    const all = await market.call(MARKET.screener, { caller });
    expect(all.as_of).toBe('2024-03-28');
    expect(all.universe).toBe(48);
    expect(all.unavailable).toEqual([expect.objectContaining({ symbol: 'TATAMOTORS', reason: expect.stringMatching(/not in the data/) })]);
    const cheap = await market.call(MARKET.screener, { pe_max: 25, roe_min: 15, caller });
    expect(cheap.rows.length).toBeGreaterThan(0);
    expect(cheap.rows.length).toBeLessThan(all.rows.length);
    for (const row of cheap.rows) {
      expect(row.measures.pe.value!).toBeLessThanOrEqual(25);
      expect(row.measures.roe.value!).toBeGreaterThanOrEqual(15);
      expect(row.filing!.filed_at.slice(0, 10) <= '2024-03-28').toBe(true);
    }
    const banks = all.rows.filter((row) => row.bank);
    expect(banks.map((row) => row.symbol)).toEqual(expect.arrayContaining(['HDFCBANK', 'ICICIBANK', 'SBIN']));
    for (const bank of banks) {
      expect(bank.measures.debt_to_equity).toMatchObject({ value: null, missing_reason: expect.stringMatching(/banks/) });
      if (bank.symbol !== 'HDFCBANK') expect(bank.measures.pb.value).not.toBeNull();
    }
    // After its amalgamation of HDFC Ltd. (1 July 2023), HDFC Bank had published no balance sheet by 28 March 2024: no
    // P/B or ROE rather than the pre-merger book against the post-merger price, and EPS from the quarters since.
    const hdfcBank = banks.find((row) => row.symbol === 'HDFCBANK')!;
    for (const measure of ['pb', 'roe'] as const) {
      expect(hdfcBank.measures[measure]).toMatchObject({ value: null, missing_reason: expect.stringMatching(/^HDFC Bank’s amalgamation of HDFC Ltd\. took effect on 1 July 2023\./) });
    }
    expect(hdfcBank).toMatchObject({ ttm_method: 'annualised_since_merger', ttm_eps: 89.96, book_value_per_share: null });
    expect(hdfcBank.measures.pe.value).toBeCloseTo(16.09, 2);
    const hdfcValuation = await market.call(MARKET.valuation, { symbol: 'HDFCBANK', caller });
    expect(hdfcValuation.basis_note).toMatch(/HDFC Bank’s amalgamation of HDFC Ltd\. took effect on 1 July 2023 \(42 HDFC Bank shares for every 25 HDFC Ltd\. shares\)\./);
    const withDebt = await market.call(MARKET.screener, { debt_to_equity_max: 1, caller });
    expect(withDebt.unavailable.find((entry) => entry.symbol === 'HDFCBANK')?.reason).toMatch(/^No debt-to-equity: .*banks/);
  });

  it('answers an unknown symbol with 404 and an impossible range with a sentence', async () => {
    await expect(market.call(MARKET.valuation, { symbol: 'NOSUCH', caller })).rejects.toMatchObject({ code: 'not_found' });
    await expect(market.call(MARKET.valuation, { symbol: 'TATAMOTORS', caller })).rejects.toMatchObject({ code: 'not_found', message: expect.stringMatching(/not in the data/) });
    await expect(market.call(MARKET.screener, { pe_min: 30, pe_max: 20, caller })).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/lowest P\/E asked for \(30\) is above the highest \(20\)/),
    });
  });

  it('back-tests earnings-yield quintiles from 2019 on filings known at the time', async () => {
    const result = await market.call(MARKET.valueBacktest, { caller });
    expect(result.years[0]!.formed_on).toBe('2019-07-01');
    expect(result.years.filter((year) => !year.partial).map((year) => year.formed_on.slice(0, 4))).toEqual(['2019', '2020', '2021', '2022']);
    // The last period ends where NIFTY 50's file does.
    const niftyEnd = (await market.pg.query<{ d: string }>(`SELECT to_char(max(date), 'YYYY-MM-DD') AS d FROM market.daily_bars WHERE symbol = 'NIFTY 50'`)).rows[0]!.d;
    expect(result.years.at(-1)).toMatchObject({ formed_on: '2023-07-03', partial: true, ends_on: niftyEnd });
    for (const year of result.years) expect(year.quintiles.flatMap((quintile) => quintile.symbols)).toHaveLength(year.stocks);
    expect(result.caveats.join(' ')).toMatch(/Survivorship bias/);
    expect(result.summary).toHaveLength(5);
  });
});
