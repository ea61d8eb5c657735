/**
 * Plain values of proto's portfolio contracts that the pages need. They are copied here, not imported, because
 * proto's modules load zod, which the page's thread never needs (lib/contracts.ts); portfolio-values.test.ts checks
 * that each copy equals proto's.
 */
import type { PortfolioTransaction, RouteName } from '@nivesh/proto';

/** The paths of the portfolio's routes, as proto's `ROUTES` declares them (all but the example need a login). */
export const PORTFOLIO_PATHS = {
  portfolioSummary: '/api/portfolio',
  portfolioTransactions: '/api/portfolio/transactions',
  portfolioAddTransaction: '/api/portfolio/transactions',
  portfolioDeleteTransaction: '/api/portfolio/transactions/delete',
  portfolioImport: '/api/portfolio/import',
  portfolioExample: '/api/portfolio/example',
  portfolioWhatIf: '/api/portfolio/what-if',
} as const satisfies Partial<Record<RouteName, string>>;

/** Largest trade book one import takes, in characters: proto's `TRADEBOOK_MAX_CHARS`. */
export const TRADEBOOK_MAX_CHARS = 3_000_000;

/** Longest note on a transaction: proto's `NOTE_MAX_LENGTH`. */
export const NOTE_MAX_LENGTH = 200;

/** What a transaction records, in proto's order: proto's `TRANSACTION_KINDS`. */
export const TRANSACTION_KINDS = ['buy', 'sell', 'dividend'] as const satisfies readonly PortfolioTransaction['kind'][];
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Where a transaction came from: proto's `TRANSACTION_SOURCES`. */
export const TRANSACTION_SOURCES = [
  'manual',
  'zerodha',
  'upstox',
] as const satisfies readonly PortfolioTransaction['source'][];
