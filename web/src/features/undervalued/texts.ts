import type { FundamentalMeasure, StockFundamentals } from '@nivesh/proto';

/** How each measure is named: in a column header, and with its unit beside a filter's inputs. */
export const MEASURE_LABELS: Record<FundamentalMeasure, { column: string; filter: string }> = {
  pe: { column: 'P/E', filter: 'P/E (price ÷ earnings per share)' },
  pb: { column: 'P/B', filter: 'P/B (price ÷ book value per share)' },
  earnings_yield: { column: 'Earnings yield', filter: 'Earnings yield, %' },
  roe: { column: 'ROE', filter: 'ROE (return on equity), %' },
  net_margin: { column: 'Net margin', filter: 'Net margin, %' },
  revenue_growth: { column: 'Revenue growth', filter: 'Revenue growth, % over a year' },
  profit_growth: { column: 'Profit growth', filter: 'Profit growth, % over a year' },
  debt_to_equity: { column: 'Debt-to-equity', filter: 'Debt-to-equity (borrowings ÷ equity)' },
  dividend_payout: { column: 'Dividend payout', filter: 'Dividend payout, % of profit' },
};

/** What each measure means and where it misleads, for "What these ratios mean". */
export const MEASURE_MEANINGS: Record<FundamentalMeasure, { meaning: string; limits: string }> = {
  pe: {
    meaning:
      'The share price divided by earnings per share over the last twelve months: how many rupees the market pays for one rupee of a year’s profit.',
    limits:
      'Cyclical companies (metals, oil, cement) show their lowest P/E when profits are at a peak, often just before they fall; one-off gains lower it; after a loss it has no meaning. For banks, profits swing with provisions for bad loans, so P/E says less than P/B.',
  },
  pb: {
    meaning:
      'The share price divided by book value per share: the shareholders’ equity on the balance sheet, per share.',
    limits:
      'It suits banks and finance companies, whose assets are loans and investments carried close to their worth. Asset-light companies such as IT services and consumer brands owe their value to people and brands the balance sheet leaves out, so a high P/B is normal for them.',
  },
  earnings_yield: {
    meaning:
      'Earnings per share over the last twelve months divided by the share price, in %: P/E turned upside down, so it can be set beside an interest rate, and a loss shows as a negative yield instead of no figure.',
    limits: 'It rests on the past year’s earnings, not the next year’s, so the cautions about P/E apply to it too.',
  },
  roe: {
    meaning:
      'Net profit over the twelve months to the latest balance sheet divided by the average of shareholders’ equity at the start and the end of those months (the end alone where the start is not filed or falls before a merger), in %: how much the company earns on its owners’ money.',
    limits:
      'Borrowing raises it: a company with heavy debt can show a high ROE on little equity. Share repurchases and write-offs shrink equity and flatter it as well.',
  },
  net_margin: {
    meaning:
      'Profit divided by revenue over the last twelve months, in %: how much of each rupee of sales is left as profit.',
    limits:
      'Normal margins differ by industry (thin for a retailer, wide for a software company), so compare within a sector. For a bank, revenue is mostly interest earned, so its margin does not compare with other companies’.',
  },
  revenue_growth: {
    meaning: 'Revenue over the last twelve months against the same twelve months a year earlier, in %.',
    limits:
      'Growth from a low base, such as a year hit by the pandemic or a plant shutdown, looks large and says little about the next year; an acquisition adds revenue that did not grow inside the company.',
  },
  profit_growth: {
    meaning: 'Profit over the last twelve months against the same twelve months a year earlier, in %.',
    limits:
      'Profit swings far more than revenue: after a weak year growth looks spectacular, one-off gains and losses distort it, and after a loss it has no meaning.',
  },
  debt_to_equity: {
    meaning:
      'Borrowings divided by shareholders’ equity at the latest balance sheet (companies file borrowings from FY2023 on).',
    limits:
      'It does not apply to banks, whose deposits and borrowing are the raw material of their business. It shows borrowing on one day, not what the interest costs, and leases may not be in it.',
  },
  dividend_payout: {
    meaning:
      'Dividends paid in the year divided by the year’s profit, in % (companies file dividends paid from FY2022 on).',
    limits:
      'Dividends are paid in cash, not out of reported profit: a payout above 100 %, or one larger than the cash the business brings in, cannot last. A low payout can mean the company reinvests its profit.',
  },
};

/** The page's words, in one place. */
export const UNDERVALUED_TEXTS = {
  title: 'Undervalued Analytics',
  description:
    'P/E, P/B, earnings yield, ROE, growth, debt-to-equity and dividend payout of NSE stocks from their filings with NSE, each against its own 5-year median and its sector median, and how cheap stocks have done since 2019.',
  lead: 'How cheap or expensive each stock is on P/E, P/B and other measures from the results companies file with NSE, against its own history and its sector. These are measurements to start reading from, not a verdict on any stock.',

  screenerTitle: 'Screen the stocks',
  screenerLead:
    'Every figure uses the latest results the company had published by the day of the close, and is set against the stock’s own 5-year median and its sector’s median. Leave a box empty for no limit.',
  lowest: 'Lowest',
  highest: 'Highest',
  apply: 'Apply',
  clear: 'Clear filters',
  filtersRejected: 'These filters cannot be used:',

  resultsTitle: 'Results',
  resultsCaption:
    'Stocks that pass the filters, with each measure against its 5-year and sector medians; the column headers sort the table',
  cardsLabel: 'Stocks that pass the filters, each with its measures against its 5-year and sector medians',
  resultsEmpty: 'No stock passes every filter. Widen a range or clear the filters.',
  bankNote: 'Stocks marked Bank are valued on P/B and ROE, shown in bold; debt-to-equity does not apply to them.',
  bankTag: 'Bank',
  filing: 'Filing',
  company: 'Company',
  technicalLink: 'Chart',
  riskLink: 'Risk',
  fixFilters: 'Change the filters above to see results.',
  sortBy: 'Sort by',
  sortOrder: 'Order',

  notJudgedTitle: 'Not judged',
  notJudgedLead: 'These stocks could not be judged on the filters asked for, or have no filings to judge them by:',

  valuationSuffix: '— valuation',
  chartTitle: 'P/E and P/B over time',
  chartLead: 'On each week’s last close, with the figures of the filings published by then.',
  chartPe: 'P/E (right scale)',
  chartPb: 'P/B (left scale)',
  chartFilings: 'A filing published that week',
  chartEmpty: 'There are no weeks with a P/E or P/B to draw yet.',
  todayTitle: 'Today’s measures',
  measure: 'Measure',
  today: 'Today',
  median5y: '5-year median',
  sectorMedian: 'Sector median',
  banksMedian: 'Median of the banks',
  ttmEps: 'Earnings per share, last twelve months',
  bookValue: 'Book value per share',
  grahamNumber: 'Graham number',
  grahamMeaning:
    'Benjamin Graham’s rule of thumb for a cautious investor: the price at which P/E × P/B would be 22.5 (a P/E of 15 with a P/B of 1.5), √(22.5 × EPS × book value per share). A rough yardstick, not a valuation.',
  grahamMissing: 'Needs positive earnings and a positive book value per share.',
  filingsTitle: 'Filings behind the figures',
  filingsLead:
    'Newest first. Revenue, profit and EPS are for the fiscal year up to the end of the period (a Q3 filing covers nine months). EPS in today’s shares divides the filed EPS by the splits and bonus issues since, so that old and new figures compare.',
  filingsCaption: 'Each filing with its revenue, profit and EPS as filed and in today’s shares',
  period: 'Period',
  published: 'Published',
  revenueCrore: 'Revenue, ₹\u00a0crore',
  profitCrore: 'Profit, ₹\u00a0crore',
  epsFiled: 'EPS as filed',
  epsToday: 'EPS in today’s shares',
  adjustment: 'Adjustment',
  noAdjustment: 'None since',
  noFilings: 'No filings of this stock are in the data.',
  meaningsTitle: 'What these ratios mean',
  credit: 'Figures from the companies’ financial results as filed with NSE.',

  backtestTitle: 'How has cheapness done?',
  backtestLead:
    'Each year from 2019 the stocks are ranked by the signal below, using only filings published by the day of ranking, and split into five groups of equal size (quintiles). Quintile 1 is the cheapest fifth, with the highest earnings yield; quintile 5 the most expensive. Each quintile’s average price change over the next twelve months is set beside NIFTY 50’s.',
  signal: 'Ranked by',
  yearsCaption:
    'Each year’s quintiles: the average price change of their stocks over the next twelve months, and NIFTY 50’s',
  formedOn: 'Formed on',
  endsOn: 'Ends on',
  stocks: 'Stocks',
  nifty: 'NIFTY 50',
  partial: 'partial',
  partialNote: 'Partial: fewer than twelve months of prices after forming; the data ends there.',
  summaryTitle: 'Over the full years',
  summaryCaption:
    'Each quintile’s mean return over the full years, its mean return over NIFTY 50’s, and in how many years it did better',
  quintile: 'Quintile',
  meanReturn: 'Mean return',
  meanExcess: 'Mean over NIFTY 50',
  beatNifty: 'Years it beat NIFTY 50',
  caveatsTitle: 'What this cannot tell you',
  backtestEmpty: 'No year has enough filings and prices to rank yet.',
} as const;

/** "Quintile 1 (cheapest)", "Quintile 5 (most expensive)": a quintile as the back-test names it. */
export const quintileName = (quintile: number): string =>
  quintile === 1 ? 'Quintile 1 (cheapest)' : quintile === 5 ? 'Quintile 5 (most expensive)' : `Quintile ${quintile}`;

/** "Q1 (cheapest)" in a table header, where room is short. */
export const quintileHeader = (quintile: number): string =>
  quintile === 1 ? 'Q1 (cheapest)' : quintile === 5 ? 'Q5 (most expensive)' : `Q${quintile}`;

/** "12 of 47 stocks match": how many passed of how many were screened. */
export const matchCount = (matched: number, universe: number): string =>
  `${matched} of ${universe} ${universe === 1 ? 'stock matches' : 'stocks match'}`;

/** "3 of 5": the years a quintile beat NIFTY 50 of the full years counted. */
export const yearsBeaten = (beat: number, years: number): string => `${beat} of ${years}`;

/** How TTM EPS was formed, in words. */
export const TTM_METHODS: Record<NonNullable<StockFundamentals['ttm_method']>, string> = {
  four_quarters: 'last four quarters',
  annual_plus_year_to_date: 'last annual results plus this year to date',
  annualised_since_merger: 'the quarters since the merger, scaled to twelve months: quarters before it are not mixed in',
};

/** The filing behind a row: "Q3 FY2024 · consolidated · published 18 Jan 2024". */
export const filingLine = (label: string, basis: string, publishedOn: string): string =>
  `${label} · ${basis} · published ${publishedOn}`;

/** The two orders of a column, as a phone's sort choice names them: words A to Z, filings by date, figures by size. */
export const sortOrderNames = (column: 'company' | 'filing' | 'figure'): Record<'ascending' | 'descending', string> =>
  column === 'company'
    ? { ascending: 'A to Z', descending: 'Z to A' }
    : column === 'filing'
      ? { ascending: 'Oldest first', descending: 'Newest first' }
      : { ascending: 'Lowest first', descending: 'Highest first' };

/** The line under a value: "5y median 24.1 · sector 28.3"; a bank is set against the banks ("· banks 2.65"). */
export const medianLine = (median5y: string, sector: string, bank = false): string => `5y median ${median5y} · ${bank ? 'banks' : 'sector'} ${sector}`;

/** What a bank's valuation should be read on, and why. */
export const bankNotice = (company: string): string =>
  `${company} is a bank. For banks, read P/B and ROE: a bank’s assets are loans and investments carried close to their worth, so book value is a fair yardstick, and ROE shows how much it earns on that book. P/E says less, because profits swing with provisions for bad loans, and debt-to-equity does not apply: deposits and borrowing are the raw material of the business.`;

/** "The close of ₹1,498.15 is 1.4 times the Graham number." */
export const grahamComparison = (close: string, times: string): string =>
  `The close of ${close} is ${times} times the Graham number.`;

/** A missing value said in words: "P/E: no figure. The company made a loss over the last twelve months, …" */
export const missingValue = (measure: FundamentalMeasure, reason: string): string =>
  `${MEASURE_LABELS[measure].column}: no figure. ${reason}`;
