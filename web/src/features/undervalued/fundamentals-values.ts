/**
 * Plain values of proto's fundamentals contracts that the page needs. They are copied here, not imported, because
 * proto's modules load zod, which the page's thread never needs (lib/contracts.ts); fundamentals-values.test.ts
 * checks that each copy equals proto's.
 */
import type { FundamentalMeasure, RouteName, ScreenerFilter, ScreenerQuery } from '@nivesh/proto';

/** The paths of the three routes of Undervalued Analytics, as proto's `ROUTES` declares them (all need a login). */
export const FUNDAMENTALS_PATHS = {
  fundamentalsScreener: '/api/fundamentals/screener',
  fundamentalsValuation: '/api/fundamentals/stock',
  fundamentalsBacktest: '/api/fundamentals/backtest',
} as const satisfies Partial<Record<RouteName, string>>;

/** Every measure of a stock, in proto's order: proto's `FUNDAMENTAL_MEASURES`. */
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
] as const satisfies readonly FundamentalMeasure[];

/** The measures the screener filters on: proto's `SCREENER_FILTERS`. */
export const SCREENER_FILTERS = [
  'pe',
  'pb',
  'earnings_yield',
  'roe',
  'revenue_growth',
  'profit_growth',
  'debt_to_equity',
  'dividend_payout',
] as const satisfies readonly ScreenerFilter[];

/** One bound of the screener's query string, e.g. 'pe_max'. */
export type FilterKey = keyof ScreenerQuery;

/** The query string's keys in their order: each filter's lowest, then its highest. */
export const FILTER_KEYS: readonly FilterKey[] = SCREENER_FILTERS.flatMap(
  (measure) => [`${measure}_min`, `${measure}_max`] as const,
);
