import { type Filing, filedDay, fundamentalState, profitability, sharesGrowth, sharesOf, valuation } from './derive';
import type { BalanceFigures, FilingPeriod, PeriodFigures } from './filing';
import { repairFilings } from './repair';

const QUARTER_MONTHS: Record<FilingPeriod, [string, string, string]> = {
  // [quarter start, quarter end, year-to-date start] as month-day, of fiscal year fy (April fy-1 to March fy)
  Q1: ['04-01', '06-30', '04-01'],
  H1: ['07-01', '09-30', '04-01'],
  Q3: ['10-01', '12-31', '04-01'],
  FY: ['01-01', '03-31', '04-01'],
};

const figures = (start: string, end: string, values: Partial<PeriodFigures>): PeriodFigures => ({
  start,
  end,
  revenue: null,
  total_income: null,
  net_profit: null,
  eps_basic: null,
  eps_diluted: null,
  operating_cash_flow: null,
  dividends_paid: null,
  ...values,
});

const NO_BALANCE: BalanceFigures = { paid_up_capital: null, face_value: null, reserves: null, equity: null, total_assets: null, borrowings_current: null, borrowings_noncurrent: null };

/** A filing of fiscal year `fy`: quarter and year-to-date figures, published at `filed` (IST date and time). */
const filing = (
  fy: number,
  period: FilingPeriod,
  filed: string,
  quarter: Partial<PeriodFigures>,
  ytd: Partial<PeriodFigures>,
  extra: { basis?: Filing['basis']; balance?: Partial<BalanceFigures>; format?: Filing['format'] } = {},
): Filing => {
  const [qs, qe, ys] = QUARTER_MONTHS[period];
  const year = (monthDay: string) => (monthDay >= '04-01' ? fy - 1 : fy);
  return {
    fiscal_year: fy,
    period,
    basis: extra.basis ?? 'consolidated',
    format: extra.format ?? 'indas',
    filed_at: new Date(`${filed}+05:30`).toISOString(),
    source_file: `${fy}-${period}-${extra.basis ?? 'consolidated'}-${filed}.xml`,
    quarter: figures(`${year(qs)}-${qs}`, `${year(qe)}-${qe}`, quarter),
    year_to_date: figures(`${year(ys)}-${ys}`, `${year(qe)}-${qe}`, ytd),
    balance: { ...NO_BALANCE, ...extra.balance },
  };
};

/** Four quarters of FY2024 with EPS 10, 11, 12, 13 (YTD 10, 21, 33, 46) and revenue 100 a quarter. */
const year2024 = (): Filing[] => [
  filing(2024, 'Q1', '2023-07-20T18:00', { eps_basic: 10, revenue: 100, net_profit: 20 }, { eps_basic: 10, revenue: 100, net_profit: 20 }),
  filing(2024, 'H1', '2023-10-19T18:00', { eps_basic: 11, revenue: 100, net_profit: 22 }, { eps_basic: 21, revenue: 200, net_profit: 42 }),
  filing(2024, 'Q3', '2024-01-18T18:00', { eps_basic: 12, revenue: 100, net_profit: 24 }, { eps_basic: 33, revenue: 300, net_profit: 66 }),
  filing(
    2024,
    'FY',
    '2024-04-18T18:00',
    { eps_basic: 13, revenue: 100, net_profit: 26 },
    { eps_basic: 46, revenue: 400, net_profit: 92, dividends_paid: 46 },
    { balance: { paid_up_capital: 20, face_value: 10, reserves: 380 } },
  ),
];

describe('fundamentalState', () => {
  it('sums the latest four quarters as filed, and values them on the close', () => {
    const state = fundamentalState(year2024(), [], '2024-05-02');
    expect(state.ttm).toEqual({ eps: 46, revenue: 400, net_profit: 92, method: 'four_quarters' });
    expect(state.filing?.period).toBe('FY');
    // Book: (20 + 380) / (20 / 10 shares) = 200 a share.
    expect(state.book?.per_share).toBe(200);
    const { pe, pb, earnings_yield, graham_number } = valuation(state, 920);
    expect(pe).toBeCloseTo(20, 10);
    expect(pb).toBeCloseTo(4.6, 10);
    expect(earnings_yield).toBeCloseTo(5, 10);
    expect(graham_number).toBeCloseTo(Math.sqrt(22.5 * 46 * 200), 10);
    const measures = profitability(state);
    expect(measures.roe).toBeCloseTo(23, 10);
    expect(measures.net_margin).toBeCloseTo(23, 10);
    expect(measures.dividend_payout).toBeCloseTo(50, 10);
  });

  it('counts a filing only from the day NSE published it (IST), never before', () => {
    const filings = year2024();
    expect(fundamentalState(filings, [], '2024-04-17').filing?.period).toBe('Q3');
    expect(fundamentalState(filings, [], '2024-04-18').filing?.period).toBe('FY');
    // Published at 00:30 IST on the 19th is 19:00 UTC on the 18th: it counts from the 19th.
    expect(filedDay(new Date('2024-04-19T00:30+05:30').toISOString())).toBe('2024-04-19');
    expect(fundamentalState([], [], '2024-01-01').filing).toBeNull();
  });

  it('uses the annual figures plus this year to date less last year’s when a quarter is missing', () => {
    const fy2025q1 = filing(2025, 'Q1', '2024-07-18T18:00', { eps_basic: 15, revenue: 120, net_profit: 30 }, { eps_basic: 15, revenue: 120, net_profit: 30 });
    // Without FY2024's Q2 quarter figure as filed (its quarter context spans the half year), the four quarters break.
    const filings = year2024().map((entry) => (entry.period === 'H1' ? { ...entry, quarter: entry.year_to_date } : entry));
    const state = fundamentalState([...filings, fy2025q1], [], '2024-07-19');
    // FY2024 46 + Q1 FY2025 15 - Q1 FY2024 10 = 51.
    expect(state.ttm).toEqual({ eps: 51, revenue: 420, net_profit: 102, method: 'annual_plus_year_to_date' });
    // A year earlier: FY2023 is not filed, so growth is unknown.
    expect(state.ttm_before).toBeNull();
  });

  it('states EPS in the shares of the day: a bonus issue after a filing halves that filing’s EPS', () => {
    const bonus = [{ ex_date: '2024-03-01', ratio: 2 }];
    // Q1-Q3 were published before the 1:1 bonus, FY (with Q4's 13 already on the doubled share count) after it.
    const state = fundamentalState(year2024(), bonus, '2024-05-02');
    expect(state.ttm?.eps).toBeCloseTo(10 / 2 + 11 / 2 + 12 / 2 + 13, 10);
    expect(sharesGrowth(bonus, '2024-01-18', '2024-05-02')).toBe(2);
    expect(sharesGrowth(bonus, '2024-03-01', '2024-05-02')).toBe(1);
    // The book of the FY filing (after the bonus) is already in today's shares.
    expect(state.book?.per_share).toBe(200);
    // Before the ex-date nothing is divided.
    expect(fundamentalState(year2024(), bonus, '2024-02-01').ttm).toBeNull();
  });

  it('takes a revised filing of the same period in place of the original, from its own publication day', () => {
    const revised = filing(2024, 'FY', '2024-05-10T18:00', { eps_basic: 15, revenue: 100, net_profit: 30 }, { eps_basic: 48, revenue: 400, net_profit: 96 });
    const filings = [...year2024(), revised];
    expect(fundamentalState(filings, [], '2024-05-09').ttm?.eps).toBe(46);
    expect(fundamentalState(filings, [], '2024-05-10').ttm?.eps).toBe(48);
  });

  it('prefers consolidated figures, and falls back to standalone when the consolidated ones give no trailing year', () => {
    const standalone = year2024().map((entry) => ({ ...entry, basis: 'standalone' as const, source_file: `s-${entry.source_file}` }));
    const onlyAnnualConsolidated = filing(2024, 'Q3', '2024-01-18T18:00', { eps_basic: 99 }, { eps_basic: 99 });
    const state = fundamentalState([...standalone, onlyAnnualConsolidated], [], '2024-05-02');
    expect(state.basis).toBe('standalone');
    expect(state.ttm?.eps).toBe(46);
    expect(fundamentalState([...standalone, ...year2024()], [], '2024-05-02').basis).toBe('consolidated');
  });

  it('reads zero reserves as missing, not as zero equity; a loss leaves P/E empty but not the earnings yield', () => {
    const filings = year2024().map((entry) =>
      entry.period === 'FY' ? { ...entry, balance: { ...entry.balance, reserves: null }, quarter: { ...entry.quarter, eps_basic: -100 } } : entry,
    );
    const state = fundamentalState(filings, [], '2024-05-02');
    expect(state.book).toBeNull();
    const { pe, pb, earnings_yield, graham_number } = valuation(state, 100);
    expect([pe, pb, graham_number]).toEqual([null, null, null]);
    expect(earnings_yield).toBeCloseTo(-67, 10);
  });

  it('measures debt-to-equity for companies but not for banks, and growth against the same months a year earlier', () => {
    const withDebt = year2024().map((entry) =>
      entry.period === 'FY' ? { ...entry, balance: { ...entry.balance, borrowings_current: 100, borrowings_noncurrent: 100 } } : entry,
    );
    const earlier = year2024().map((entry) => ({
      ...entry,
      fiscal_year: 2023,
      filed_at: new Date(Date.parse(entry.filed_at) - 365 * 86_400_000).toISOString(),
      source_file: `2023-${entry.source_file}`,
      quarter: { ...entry.quarter, revenue: 80, net_profit: 23 },
    }));
    const state = fundamentalState([...earlier, ...withDebt], [], '2024-05-02');
    const measures = profitability(state);
    expect(measures.debt_to_equity).toBeCloseTo(0.5, 10);
    expect(measures.revenue_growth).toBeCloseTo(25, 10);
    expect(measures.profit_growth).toBeCloseTo(0, 10);
    const bank = fundamentalState(
      withDebt.map((entry) => ({ ...entry, format: 'banking' as const })),
      [],
      '2024-05-02',
    );
    expect(bank.bank).toBe(true);
    expect(profitability(bank).debt_to_equity).toBeNull();
  });
});

describe('return on equity', () => {
  it('divides the twelve months’ profit by the average of the equity at their start and end', () => {
    const fy2023 = filing(2023, 'FY', '2023-04-20T18:00', { eps_basic: 9 }, { eps_basic: 36, net_profit: 72 }, { balance: { paid_up_capital: 20, face_value: 10, reserves: 280 } });
    const state = fundamentalState([fy2023, ...year2024()], [], '2024-05-02');
    expect(state.equity_return).toEqual({ net_profit: 92, opening_equity: 300, closing_equity: 400, end: '2024-03-31', method: 'four_quarters' });
    // 92 over (300 + 400) / 2, not over the closing 400 alone (23 %).
    expect(profitability(state).roe).toBeCloseTo((92 / 350) * 100, 10);
    // The profit is that of the twelve months the two balance sheets span, even after a later quarter is published.
    const q1 = filing(2025, 'Q1', '2024-07-18T18:00', { eps_basic: 15, revenue: 120, net_profit: 30 }, { eps_basic: 15, revenue: 120, net_profit: 30 });
    expect(profitability(fundamentalState([fy2023, ...year2024(), q1], [], '2024-07-19')).roe).toBeCloseTo((92 / 350) * 100, 10);
  });
});

describe('after a merger', () => {
  const merger = { effective: '2023-10-01', what: 'Test Ltd.’s amalgamation of Other Ltd.' };
  const fy2023 = filing(2023, 'FY', '2023-04-20T18:00', { eps_basic: 9, net_profit: 18 }, { eps_basic: 36, net_profit: 72 }, { balance: { paid_up_capital: 20, face_value: 10, reserves: 280 } });
  const filings = () => [fy2023, ...year2024()];

  it('annualises only the quarters since the merger until four are filed, and uses no balance sheet from before it', () => {
    const january = fundamentalState(filings(), [], '2024-01-19', [merger]);
    // October–December alone (EPS 12, profit 24), times four; not July–September or earlier.
    expect(january.ttm).toEqual({ eps: 48, revenue: 400, net_profit: 96, method: 'annualised_since_merger' });
    // The March 2023 balance sheet is of the company before the merger.
    expect(january.book).toBeNull();
    expect(valuation(january, 960)).toMatchObject({ pe: 20, pb: null });
    expect(profitability(january)).toMatchObject({ roe: null, revenue_growth: null, profit_growth: null, dividend_payout: null });
    // Mixing them in would have given a P/B and a ROE.
    expect(valuation(january.merger!.mixed, 960).pb).toBeCloseTo(960 / 150, 10);

    const may = fundamentalState(filings(), [], '2024-05-02', [merger]);
    // Two quarters since the merger (12 + 13), doubled; the March 2024 balance sheet counts, the March 2023 one does not.
    expect(may.ttm).toMatchObject({ eps: 50, method: 'annualised_since_merger' });
    expect(may.book?.per_share).toBe(200);
    expect(may.equity_return).toEqual({ net_profit: 100, opening_equity: null, closing_equity: 400, end: '2024-03-31', method: 'annualised_since_merger' });
    expect(profitability(may).roe).toBeCloseTo(25, 10);
    // FY2024 straddles the merger: its payout is not taken.
    expect(profitability(may).dividend_payout).toBeNull();
  });

  it('takes the four quarters as filed once they are all after it, and changes nothing before it took effect', () => {
    const later = [
      filing(2025, 'Q1', '2024-07-18T18:00', { eps_basic: 14, revenue: 100, net_profit: 28 }, { eps_basic: 14, revenue: 100, net_profit: 28 }),
      filing(2025, 'H1', '2024-10-18T18:00', { eps_basic: 15, revenue: 100, net_profit: 30 }, { eps_basic: 29, revenue: 200, net_profit: 58 }),
    ];
    expect(fundamentalState([...filings(), ...later], [], '2024-07-19', [merger]).ttm).toMatchObject({ eps: ((12 + 13 + 14) * 4) / 3, method: 'annualised_since_merger' });
    expect(fundamentalState([...filings(), ...later], [], '2024-10-19', [merger]).ttm).toMatchObject({ eps: 12 + 13 + 14 + 15, method: 'four_quarters' });
    for (const day of ['2023-04-21', '2023-09-30']) {
      expect(fundamentalState(filings(), [], day, [merger])).toEqual(fundamentalState(filings(), [], day));
    }
  });

  it('checks a share count after the merger only against counts after it', () => {
    const counted = (fy: number, period: FilingPeriod, filed: string, shares: number) =>
      filing(fy, period, filed, { eps_basic: 1000 / shares, net_profit: 1000 }, { eps_basic: 1000 / shares, net_profit: 1000 }, { balance: { paid_up_capital: shares * 10, face_value: 10 } });
    // 100 shares for a year, then 150 from the merger of 1 October 2023 on.
    const all = [
      counted(2023, 'Q3', '2023-01-20T18:00', 100),
      counted(2023, 'FY', '2023-04-20T18:00', 100),
      counted(2024, 'Q1', '2023-07-20T18:00', 100),
      counted(2024, 'H1', '2023-10-20T18:00', 100),
      counted(2024, 'Q3', '2024-01-18T18:00', 150),
    ];
    const q3 = (repaired: Filing[]) => repaired.find((entry) => entry.fiscal_year === 2024 && entry.period === 'Q3')!;
    expect(q3(repairFilings(all, [], [merger])).shares).toBe(150);
    // Against the counts from before the merger, 150 looked like a filer's slip.
    expect(q3(repairFilings(all, [])).shares).toBe(100);
  });
});

describe('sharesOf', () => {
  const withBalance = (paid_up_capital: number, face_value: number, net_profit: number, eps_basic: number): Filing =>
    filing(2024, 'FY', '2024-04-18T18:00', {}, { net_profit, eps_basic }, { balance: { paid_up_capital, face_value } });

  it('counts paid-up capital over face value, and the count profit and EPS imply when the filed one is off by more than a quarter', () => {
    expect(sharesOf(withBalance(2_000, 10, 4_000, 20))).toBe(200);
    // HINDUNILVR 2018: paid-up ₹216 crore with 216 in the face-value box.
    expect(sharesOf(withBalance(2_160_000_000, 216, 100_000_000_000, 46.2))).toBeCloseTo(100_000_000_000 / 46.2, 0);
    // An EPS under ₹1 implies nothing: the filed count stands.
    expect(sharesOf(withBalance(2_000, 10, 40, 0.2))).toBe(200);
  });
});
