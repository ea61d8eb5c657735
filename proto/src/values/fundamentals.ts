/** The measures of a stock the screener shows, each point in time (only filings published by that day count). */
export const FUNDAMENTAL_MEASURES = [
  'pe',
  'pb',
  'earnings_yield',
  'roe',
  'net_margin',
  'revenue_growth',
  'profit_growth',
  'debt_to_equity',
  'dividend_payout',
] as const;
/** The measures the screener filters on (issue 15: P/E, P/B, earnings yield, ROE, growth, debt-to-equity, payout). */
export const SCREENER_FILTERS = ['pe', 'pb', 'earnings_yield', 'roe', 'revenue_growth', 'profit_growth', 'debt_to_equity', 'dividend_payout'] as const;
