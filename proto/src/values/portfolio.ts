/** The paths of the portfolio routes, by their names in `ROUTES`. */
export const PORTFOLIO_PATHS = {
  portfolioTransactions: '/api/portfolio/transactions',
  portfolioAddTransaction: '/api/portfolio/transactions',
  portfolioDeleteTransaction: '/api/portfolio/transactions/delete',
  portfolioImport: '/api/portfolio/import',
  portfolioSummary: '/api/portfolio',
  portfolioExample: '/api/portfolio/example',
  portfolioWhatIf: '/api/portfolio/what-if',
  portfolioWatchlists: '/api/portfolio/watchlists',
  portfolioCreateWatchlist: '/api/portfolio/watchlists',
  portfolioDeleteWatchlist: '/api/portfolio/watchlists/delete',
  portfolioAddToWatchlist: '/api/portfolio/watchlists/add',
  portfolioRemoveFromWatchlist: '/api/portfolio/watchlists/remove',
} as const;
/** Largest trade book one import takes, in characters: some 20,000 Zerodha tradebook rows of about 130 characters. */
export const TRADEBOOK_MAX_CHARS = 3_000_000;
export const NOTE_MAX_LENGTH = 200;
export const TRANSACTION_KINDS = ['buy', 'sell', 'dividend'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_SOURCES = ['manual', 'zerodha', 'upstox'] as const;
export const WATCHLISTS_MAX = 20;
export const WATCHLIST_SYMBOLS_MAX = 50;
export const WATCHLIST_NAME_MAX = 60;
