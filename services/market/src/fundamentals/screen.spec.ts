import type { Filing } from './derive';
import type { PeriodFigures } from './filing';
import { median, medians, measuresOf, missingReason, screen, timeline, weeklyCloses } from './screen';
import { valueBacktest } from './value-backtest';

const period = (start: string, end: string, eps: number): PeriodFigures => ({
  start,
  end,
  revenue: 100,
  total_income: 100,
  net_profit: 10,
  eps_basic: eps,
  eps_diluted: eps,
  operating_cash_flow: null,
  dividends_paid: null,
});

/** A company that files only annual results: EPS `eps` for fiscal year `fy`, published on `filed` (IST noon). */
const annual = (fy: number, filed: string, eps: number, format: Filing['format'] = 'indas'): Filing => ({
  fiscal_year: fy,
  period: 'FY',
  basis: 'consolidated',
  format,
  filed_at: new Date(`${filed}T12:00+05:30`).toISOString(),
  source_file: `${fy}-${filed}.xml`,
  quarter: period(`${fy}-01-01`, `${fy}-03-31`, eps / 4),
  year_to_date: period(`${fy - 1}-04-01`, `${fy}-03-31`, eps),
  balance: { paid_up_capital: 10, face_value: 1, reserves: 990, equity: null, total_assets: null, borrowings_current: null, borrowings_noncurrent: null },
});

const days = (from: string, count: number, close: (i: number) => number) =>
  Array.from({ length: count }, (_, i) => {
    const at = new Date(`${from}T00:00:00Z`);
    at.setUTCDate(at.getUTCDate() + i);
    return { date: at.toISOString().slice(0, 10), close: close(i) };
  }).filter(({ date }) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()));

describe('the screener', () => {
  it('keeps the last close of each week', () => {
    const weekly = weeklyCloses(days('2024-01-01', 14, (i) => i));
    // Mon 1 Jan .. Sun 14 Jan: two full weeks, their Fridays.
    expect(weekly.map((close) => close.date)).toEqual(['2024-01-05', '2024-01-12']);
  });

  it('values each day with what was published by then, and takes medians only over a year of weeks or more', () => {
    const filings = [annual(2022, '2022-05-10', 10), annual(2023, '2023-05-10', 20)];
    const closes = weeklyCloses(days('2022-01-03', 730, () => 200));
    const points = timeline(filings, [], closes);
    const pe = (date: string) => measuresOf(points.find((point) => point.date >= date)!.state, 200).pe;
    expect(pe('2022-03-01')).toBeNull();
    expect(pe('2022-06-01')).toBe(20);
    expect(pe('2023-06-01')).toBe(10);
    const all = medians(points.map((point) => ({ measures: measuresOf(point.state, point.close) })));
    // About a year at 20 and eight months at 10.
    expect(all.pe).toBe(20);
    expect(medians(points.slice(-20).map((point) => ({ measures: measuresOf(point.state, point.close) }))).pe).toBeNull();
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });

  it('passes stocks inside every range, and names the first filter a stock cannot be judged on', () => {
    const now = { pe: 20, pb: 3, earnings_yield: 5, roe: 18, net_margin: 10, revenue_growth: 12, profit_growth: null, debt_to_equity: null, dividend_payout: 40 };
    expect(screen(now, { pe_max: 25, roe_min: 15 })).toEqual({ pass: true });
    expect(screen(now, { pe_max: 15 })).toEqual({ pass: false });
    expect(screen(now, { pe_max: 25, profit_growth_min: 0 })).toEqual({ pass: false, unjudged: 'profit_growth' });
    expect(screen(now, {})).toEqual({ pass: true });
  });

  it('says in words why a bank has no debt-to-equity and a loss-maker no P/E', () => {
    const bank = timeline([annual(2023, '2023-05-10', 20, 'banking')], [], [{ date: '2023-06-01', close: 100 }])[0]!.state;
    expect(missingReason('debt_to_equity', bank)).toMatch(/does not apply to banks/);
    const loss = timeline([annual(2023, '2023-05-10', -5)], [], [{ date: '2023-06-01', close: 100 }])[0]!.state;
    expect(measuresOf(loss, 100).pe).toBeNull();
    expect(missingReason('pe', loss)).toMatch(/made a loss/);
  });
});

describe('the earnings-yield back-test', () => {
  it('forms quintiles each July on what was published by then and compares their next twelve months with NIFTY 50', () => {
    const nifty = days('2019-06-01', 800, (i) => 100 + i / 10);
    // Ten stocks: stock k earns k, trades at 100, and rises k % over the data.
    const stocks = Array.from({ length: 10 }, (_, k) => {
      const closes = days('2019-06-01', 800, (i) => 100 * (1 + (k / 100) * (i / 800)));
      return { symbol: `S${k}`, filings: [annual(2019, '2019-05-10', k + 1)], actions: [], raw: closes, adjusted: closes };
    });
    const result = valueBacktest(stocks, nifty);
    expect(result.years.map((year) => [year.formed_on, year.partial])).toEqual([
      ['2019-07-01', false],
      ['2020-07-01', false],
      ['2021-07-01', true],
    ]);
    const first = result.years[0]!;
    expect(first.stocks).toBe(10);
    // Highest earnings yield first: S9 and S8 are the cheapest fifth.
    expect(first.quintiles[0]!.symbols).toEqual(['S9', 'S8']);
    expect(first.quintiles[4]!.symbols).toEqual(['S1', 'S0']);
    expect(first.quintiles[0]!.return_pct).toBeGreaterThan(first.quintiles[4]!.return_pct);
    expect(result.summary[0]).toMatchObject({ quintile: 1, years: 2 });
    // A filing published after the formation day is not used.
    const late = valueBacktest([{ ...stocks[0]!, filings: [annual(2019, '2019-07-05', 1)] }], nifty);
    expect(late.years[0]!.stocks).toBe(0);
  });
});
