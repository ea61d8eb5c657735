/**
 * Plain values of proto's news contract that the pages need. They are copied here, not imported, because proto's
 * modules load zod, which a page's first paint never needs (lib/contracts.ts); news-values.test.ts checks that each
 * copy equals proto's.
 */
import type { NewsKind, NewsTone, RouteName } from '@nivesh/proto';

/** The path of GET /api/news, as proto's `ROUTES` declares it (an open route). */
export const NEWS_PATHS = { news: '/api/news' } as const satisfies Partial<Record<RouteName, string>>;

/** proto's `NEWS_KINDS`. */
export const NEWS_KINDS = ['results', 'actions', 'market', 'press'] as const satisfies readonly NewsKind[];

/** proto's `NEWS_TONES`. */
export const NEWS_TONES = ['positive', 'neutral', 'negative'] as const satisfies readonly NewsTone[];

/** proto's `NEWS_CAVEAT`, shown with every price reaction. */
export const NEWS_CAVEAT = 'Moves around news are history, not predictions.';

/** proto's `NEWS_PAGE_SIZE_MAX`. */
export const NEWS_PAGE_SIZE_MAX = 50;
