// Plain values of the wire protocol (`@nivesh/proto/values`): every route's path and the constants the web needs
// before or without the contracts, one module per contract beside it. They import nothing (zod least of all), so the
// web imports them without loading the contracts, and the contracts build their schemas from them: one source for both.

import { ADMIN_PATHS } from './admin';
import { ALERTS_PATHS } from './alerts';
import { ANALYTICS_PATHS } from './analytics';
import { AUTH_PATHS } from './auth';
import { BLOG_PATHS } from './blog';
import { CHAT_PATHS } from './chat';
import { HUB_PATHS } from './hub';
import { MARKET_PATHS } from './market';
import { NEWS_PATHS } from './news';
import { PORTFOLIO_PATHS } from './portfolio';
import { PREDICTION_PATHS } from './prediction';
import { PREMIUM_PATHS } from './premium';
import { SYSTEM_PATHS } from './system';
import { VISITOR_PATHS } from './visitor';

export * from './admin';
export * from './alerts';
export * from './analytics';
export * from './auth';
export * from './blog';
export * from './chat';
export * from './compliance';
export * from './fundamentals';
export * from './hub';
export * from './market';
export * from './news';
export * from './portfolio';
export * from './prediction';
export * from './premium';
export * from './services';
export * from './session';
export * from './system';
export * from './visitor';

/** Every route's path by its name in `ROUTES` (the route table's test checks that the two agree). */
export const ROUTE_PATHS = {
  ...ADMIN_PATHS,
  ...ALERTS_PATHS,
  ...ANALYTICS_PATHS,
  ...AUTH_PATHS,
  ...BLOG_PATHS,
  ...CHAT_PATHS,
  ...HUB_PATHS,
  ...MARKET_PATHS,
  ...NEWS_PATHS,
  ...PORTFOLIO_PATHS,
  ...PREDICTION_PATHS,
  ...PREMIUM_PATHS,
  ...SYSTEM_PATHS,
  ...VISITOR_PATHS,
} as const;
