/**
 * Test answers of the fundamentals routes, typed with proto's contracts (the answer check runs on them in tests too).
 * Figures are close to the real ones of 28 Mar 2024, the last day of the price data, and the filings published by then.
 */
import type {
  FilingRef,
  MeasureValue,
  ScreenerResponse,
  StockFundamentals,
  StockValuation,
  ValueBacktest,
} from '@nivesh/proto';
import type { FetchCall } from '../../../testing/fetch-mock';
import { ME, json, notFound } from '../../../testing/fetch-mock';

const AS_OF = '2024-03-28';

const value = (figure: number, median5y: number | null, sector: number | null): MeasureValue => ({
  value: figure,
  median_5y: median5y,
  sector_median: sector,
  missing_reason: null,
});

const missing = (reason: string, median5y: number | null = null, sector: number | null = null): MeasureValue => ({
  value: null,
  median_5y: median5y,
  sector_median: sector,
  missing_reason: reason,
});

const q3Fy2024 = (basis: FilingRef['basis'], filedAt: string): FilingRef => ({
  label: 'Q3 FY2024',
  fiscal_year: 2024,
  period: 'Q3',
  basis,
  period_end: '2023-12-31',
  filed_at: filedAt,
});

export const BANK_DEBT_REASON = 'Debt-to-equity does not apply to banks: borrowing and deposits are their business.';

export const INFY: StockFundamentals = {
  symbol: 'INFY',
  company: 'Infosys Ltd.',
  industry: 'Information Technology',
  bank: false,
  close: 1498.05,
  close_date: AS_OF,
  ttm_eps: 58.94,
  ttm_method: 'four_quarters',
  book_value_per_share: 212.37,
  graham_number: 530.7,
  measures: {
    pe: value(25.42, 27.8, 28.3),
    pb: value(7.05, 7.9, 8.4),
    earnings_yield: value(3.93, 3.6, 3.53),
    roe: value(31.2, 28.9, 27.4),
    net_margin: value(16.4, 17.3, 15.1),
    revenue_growth: value(4.7, 12.9, 5.2),
    profit_growth: value(3.1, 9.8, 2.4),
    debt_to_equity: value(0.09, null, 0.07),
    dividend_payout: value(72.6, 70.1, 61.3),
  },
  // Published 11 Jan 2024 at 17:05 in Mumbai.
  filing: q3Fy2024('consolidated', '2024-01-11T11:35:00.000Z'),
};

export const TCS: StockFundamentals = {
  ...INFY,
  symbol: 'TCS',
  company: 'Tata Consultancy Services Ltd.',
  close: 3876.3,
  ttm_eps: 124.28,
  book_value_per_share: 250.61,
  graham_number: 837.1,
  measures: {
    pe: value(31.19, 31.6, 28.3),
    pb: value(15.47, 13.2, 8.4),
    earnings_yield: value(3.21, 3.16, 3.53),
    roe: value(49.6, 43.8, 27.4),
    net_margin: value(19.1, 19.4, 15.1),
    revenue_growth: value(6.8, 13.1, 5.2),
    profit_growth: value(8.9, 11.2, 2.4),
    debt_to_equity: value(0.06, null, 0.07),
    dividend_payout: value(94.3, 81.5, 61.3),
  },
  filing: q3Fy2024('consolidated', '2024-01-11T12:10:00.000Z'),
};

export const RELIANCE: StockFundamentals = {
  symbol: 'RELIANCE',
  company: 'Reliance Industries Ltd.',
  industry: 'Oil Gas & Consumable Fuels',
  bank: false,
  close: 2971.9,
  close_date: AS_OF,
  ttm_eps: 101.8,
  ttm_method: 'annual_plus_year_to_date',
  book_value_per_share: 1176.2,
  graham_number: 1641.1,
  measures: {
    pe: value(29.19, 26.4, 8.1),
    pb: value(2.53, 2.21, 1.32),
    earnings_yield: value(3.43, 3.79, 12.4),
    roe: value(8.7, 8.9, 14.6),
    net_margin: value(7.6, 7.5, 4.9),
    revenue_growth: value(1.9, 16.4, -3.8),
    profit_growth: value(11.6, 12.1, 41.7),
    debt_to_equity: value(0.41, null, 0.62),
    dividend_payout: value(9.2, 10.6, 28.8),
  },
  filing: q3Fy2024('consolidated', '2024-01-19T14:02:00.000Z'),
};

const HDFC_MERGER = 'HDFC Bank’s amalgamation of HDFC Ltd. took effect on 1 July 2023.';
export const HDFCBANK_PB_REASON = `${HDFC_MERGER} Book value comes only from a balance sheet dated after it, and none had been published by then: the last one is of the company before the merger.`;
export const HDFCBANK_ROE_REASON = `${HDFC_MERGER} ROE needs a balance sheet dated after it, and none had been published by then: the last one is of the company before the merger.`;
const HDFCBANK_GROWTH_REASON = `${HDFC_MERGER} Growth would set the combined company against the smaller one before the merger, so it waits for two years of results after it.`;

/** A bank after a merger: EPS from the two quarters since, annualised; no balance sheet after it yet, so no P/B or ROE. */
export const HDFCBANK: StockFundamentals = {
  symbol: 'HDFCBANK',
  company: 'HDFC Bank Ltd.',
  industry: 'Financial Services',
  bank: true,
  close: 1447.9,
  close_date: AS_OF,
  ttm_eps: 89.96,
  ttm_method: 'annualised_since_merger',
  book_value_per_share: null,
  graham_number: null,
  measures: {
    pe: value(16.09, 21.3, 15.2),
    pb: missing(HDFCBANK_PB_REASON, 3.35, 2.08),
    earnings_yield: value(6.21, 4.69, 6.58),
    roe: missing(HDFCBANK_ROE_REASON, 16.2, 14.9),
    net_margin: value(22.3, 24.8, 21.6),
    revenue_growth: missing(HDFCBANK_GROWTH_REASON, 14.7, 22.9),
    profit_growth: missing(HDFCBANK_GROWTH_REASON, 18.4, 27.3),
    debt_to_equity: missing(BANK_DEBT_REASON),
    dividend_payout: missing(
      `${HDFC_MERGER} The payout needs a whole fiscal year after it, and none had ended and been reported by then.`,
      21.9,
      18.4,
    ),
  },
  filing: q3Fy2024('standalone', '2024-01-16T10:48:00.000Z'),
};

/** A loss-maker: no P/E and no earnings-based growth, with the reasons. */
export const ZEEL: StockFundamentals = {
  symbol: 'ZEEL',
  company: 'Zee Entertainment Enterprises Ltd.',
  industry: 'Media Entertainment & Publication',
  bank: false,
  close: 141.9,
  close_date: AS_OF,
  ttm_eps: -0.52,
  ttm_method: 'four_quarters',
  book_value_per_share: 117.4,
  graham_number: null,
  measures: {
    pe: missing('The company made a loss over the last twelve months, so P/E has no meaning.', 24.6, 24.6),
    pb: value(1.21, 2.07, 1.21),
    earnings_yield: value(-0.37, 4.1, -0.37),
    roe: value(-0.4, 8.2, -0.4),
    net_margin: value(-0.6, 9.6, -0.6),
    revenue_growth: value(6.2, 2.1, 6.2),
    profit_growth: missing('The company made a loss in the same months a year earlier, so growth has no meaning.'),
    debt_to_equity: value(0.02, null, 0.02),
    dividend_payout: missing(
      'Dividends paid are filed only from FY2022 on, and its yearly filings do not include them (or the year was a loss).',
    ),
  },
  filing: q3Fy2024('consolidated', '2024-02-14T15:20:00.000Z'),
};

export const TATAMOTORS_UNAVAILABLE = {
  symbol: 'TATAMOTORS',
  company: 'Tata Motors Ltd.',
  reason: "NSE's financial results for Tata Motors Ltd. are not in the data Nivesh was given, so it cannot be valued.",
};

/** The screener with no filters: every stock with filings, and TATAMOTORS, which has none. */
export const SCREENER: ScreenerResponse = {
  as_of: AS_OF,
  universe: 48,
  rows: [RELIANCE, TCS, HDFCBANK, INFY, ZEEL],
  unavailable: [TATAMOTORS_UNAVAILABLE],
};

/** Weekly P/E and P/B of RELIANCE from the first week of 2023, each week's last close over the figures known by then. */
const relianceHistory = (): StockValuation['history'] => {
  const points: StockValuation['history'] = [];
  const day = new Date('2023-01-06T00:00:00Z');
  for (let week = 0; day.toISOString().slice(0, 10) <= AS_OF; week++) {
    points.push({
      date: day.toISOString().slice(0, 10),
      pe: Math.round((24 + 5 * Math.sin(week / 9)) * 100) / 100,
      pb: Math.round((2.2 + 0.3 * Math.sin(week / 9)) * 100) / 100,
    });
    day.setUTCDate(day.getUTCDate() + 7);
  }
  // The last week ends on Thursday 28 March (Good Friday).
  points[points.length - 1] = { date: AS_OF, pe: 29.19, pb: 2.53 };
  return points;
};

const BONUS_2024 = 'Divided by 2 for the 1:1 bonus issue of 2024-10-28.';

/** RELIANCE's valuation: its FY2023 EPS of ₹98.59, halved to ₹49.30 in today's shares by the 2024 bonus. */
export const RELIANCE_VALUATION: StockValuation = {
  latest: RELIANCE,
  history: relianceHistory(),
  filings: [
    {
      ...RELIANCE.filing!,
      revenue: 6_908_920_000_000,
      net_profit: 519_750_000_000,
      eps_basic: 76.81,
      eps_adjusted: 38.405,
      adjustment: BONUS_2024,
    },
    {
      label: 'H1 FY2024',
      fiscal_year: 2024,
      period: 'H1',
      basis: 'consolidated',
      period_end: '2023-09-30',
      filed_at: '2023-10-27T13:41:00.000Z',
      revenue: 4_569_860_000_000,
      net_profit: 347_810_000_000,
      eps_basic: 51.41,
      eps_adjusted: 25.705,
      adjustment: BONUS_2024,
    },
    {
      label: 'FY2023',
      fiscal_year: 2023,
      period: 'FY',
      basis: 'consolidated',
      period_end: '2023-03-31',
      filed_at: '2023-04-21T14:31:00.000Z',
      revenue: 8_778_350_000_000,
      net_profit: 667_020_000_000,
      eps_basic: 98.59,
      eps_adjusted: 49.295,
      adjustment: BONUS_2024,
    },
    {
      label: 'Q3 FY2023',
      fiscal_year: 2023,
      period: 'Q3',
      basis: 'consolidated',
      period_end: '2022-12-31',
      filed_at: '2023-01-20T13:55:00.000Z',
      revenue: null,
      net_profit: 487_200_000_000,
      eps_basic: 72.01,
      eps_adjusted: 36.005,
      adjustment: BONUS_2024,
    },
  ],
  basis_note: 'Consolidated results (the group, subsidiaries included), which show the whole business.',
};

/** HDFCBANK's valuation: standalone, one filing without a later share change, and the merger of July 2023. */
export const HDFCBANK_VALUATION: StockValuation = {
  latest: HDFCBANK,
  history: [
    { date: '2023-06-30', pe: 20.58, pb: 3.28 },
    { date: '2024-03-22', pe: 15.84, pb: null },
    { date: AS_OF, pe: 16.09, pb: null },
  ],
  filings: [
    {
      ...HDFCBANK.filing!,
      revenue: 2_208_770_000_000,
      net_profit: 443_470_000_000,
      eps_basic: 58.76,
      eps_adjusted: 58.76,
      adjustment: null,
    },
  ],
  basis_note:
    'Standalone results (the listed company alone): its consolidated filings do not give twelve months of earnings. HDFC Bank’s amalgamation of HDFC Ltd. took effect on 1 July 2023 (42 HDFC Bank shares for every 25 HDFC Ltd. shares). From that day the measures use only results and balance sheets from after it: until four quarters after it are filed, earnings per share are the quarters since it, annualised; book value and ROE wait for a balance sheet dated after it.',
};

const quintiles = (returns: readonly [number, number, number, number, number]) =>
  returns.map((returnPct, index) => ({
    quintile: index + 1,
    symbols: [`STOCK${index + 1}A`, `STOCK${index + 1}B`],
    return_pct: returnPct,
  }));

export const BACKTEST: ValueBacktest = {
  signal:
    'Earnings yield: trailing twelve-month EPS from the filings published by the first trading day of July, over that day’s close.',
  years: [
    {
      formed_on: '2019-07-01',
      ends_on: '2020-06-30',
      partial: false,
      stocks: 45,
      nifty_return_pct: -13.4,
      quintiles: quintiles([-24.1, -12.6, -9.8, -4.2, 1.7]),
    },
    {
      formed_on: '2020-07-01',
      ends_on: '2021-06-30',
      partial: false,
      stocks: 46,
      nifty_return_pct: 54.6,
      quintiles: quintiles([88.3, 61.2, 49.7, 47.1, 39.5]),
    },
    {
      formed_on: '2021-07-01',
      ends_on: '2022-06-30',
      partial: false,
      stocks: 47,
      nifty_return_pct: -0.4,
      quintiles: quintiles([12.8, 4.1, -2.6, -6.9, -9.3]),
    },
    {
      formed_on: '2022-07-01',
      ends_on: '2023-06-30',
      partial: false,
      stocks: 47,
      nifty_return_pct: 22.9,
      quintiles: quintiles([25.7, 20.2, 17.4, 24.8, 18.1]),
    },
    {
      formed_on: '2023-07-03',
      ends_on: '2024-03-28',
      partial: true,
      stocks: 47,
      nifty_return_pct: 15.3,
      quintiles: quintiles([31.2, 22.5, 14.9, 12.3, 9.6]),
    },
  ],
  summary: [
    { quintile: 1, mean_return_pct: 25.68, mean_excess_pct: 9.75, beat_nifty: 3, years: 4 },
    { quintile: 2, mean_return_pct: 18.23, mean_excess_pct: 2.3, beat_nifty: 2, years: 4 },
    { quintile: 3, mean_return_pct: 13.68, mean_excess_pct: -2.25, beat_nifty: 2, years: 4 },
    { quintile: 4, mean_return_pct: 15.2, mean_excess_pct: -0.73, beat_nifty: 2, years: 4 },
    { quintile: 5, mean_return_pct: 12.5, mean_excess_pct: -3.43, beat_nifty: 1, years: 4 },
  ],
  caveats: [
    "Survivorship bias: these are 47 of today's large companies, chosen with hindsight. Companies that fell out of the market's top ranks are missing, which flatters every quintile.",
    'Few years: 4 full years and a last period of less than twelve months (to 2024-03-28, where the prices end). A handful of years says little about the next one.',
    'No costs, taxes or dividends: returns are price changes adjusted for splits, bonus issues and demergers. Dividends would add most to the high-yield quintiles.',
    'Each quintile holds about a fifth of the stocks, so one stock moves its return a lot.',
    'Earnings yield compares companies across industries: banks, commodity producers and companies at a cyclical peak often look cheap for good reasons.',
    'This is a study of the past, not a forecast or a recommendation. Nivesh does not call any stock a buy.',
  ],
};

export const VALUATIONS: Record<string, StockValuation> = {
  RELIANCE: RELIANCE_VALUATION,
  HDFCBANK: HDFCBANK_VALUATION,
};

type Answer = (call: FetchCall) => Response | Promise<Response>;

type Routes = { screener?: Answer; valuation?: Answer; backtest?: Answer };

const symbolOf = (call: FetchCall) => new URL(call.url, 'http://x').searchParams.get('symbol') ?? '';

/** A logged-in user's server: /me, the screener (SCREENER whatever the filters), valuations of VALUATIONS' stocks (else 404), the back-test. */
export const fundamentalsServer =
  ({ screener, valuation, backtest }: Routes = {}) =>
  (call: FetchCall): Response | Promise<Response> => {
    if (call.url === '/me') return json(ME);
    if (call.url === '/api/fundamentals/screener' || call.url.startsWith('/api/fundamentals/screener?'))
      return screener ? screener(call) : json(SCREENER);
    if (call.url.startsWith('/api/fundamentals/stock?')) {
      if (valuation) return valuation(call);
      const found = VALUATIONS[symbolOf(call)];
      return found ? json(found) : json({ detail: `We have no stock with the symbol ${symbolOf(call)}.` }, 404);
    }
    if (call.url === '/api/fundamentals/backtest') return backtest ? backtest(call) : json(BACKTEST);
    return notFound();
  };
