/**
 * Plain values of proto's watchlist contracts that the portfolio page needs, copied for the reason given in
 * portfolio-values.ts (proto's modules load zod); watchlist-values.test.ts checks that each copy equals proto's.
 */
import type { RouteName } from '@nivesh/proto';

/** The paths of the watchlist routes, as proto's `ROUTES` declares them (all need a login). */
export const WATCHLIST_PATHS = {
  portfolioWatchlists: '/api/portfolio/watchlists',
  portfolioCreateWatchlist: '/api/portfolio/watchlists',
  portfolioDeleteWatchlist: '/api/portfolio/watchlists/delete',
  portfolioAddToWatchlist: '/api/portfolio/watchlists/add',
  portfolioRemoveFromWatchlist: '/api/portfolio/watchlists/remove',
} as const satisfies Partial<Record<RouteName, string>>;

/** Most watchlists one user keeps: proto's `WATCHLISTS_MAX`. */
export const WATCHLISTS_MAX = 20;

/** Most stocks on one watchlist: proto's `WATCHLIST_SYMBOLS_MAX`. */
export const WATCHLIST_SYMBOLS_MAX = 50;

/** Longest watchlist name: proto's `WATCHLIST_NAME_MAX`. */
export const WATCHLIST_NAME_MAX = 60;
