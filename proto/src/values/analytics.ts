/** The paths of the analytics routes, by their names in `ROUTES`. */
export const ANALYTICS_PATHS = {
  analyticsSessionStart: '/api/analytics/session/start',
  analyticsSessionEnd: '/api/analytics/session/end',
  analyticsPageVisit: '/api/analytics/session/page-visit',
  analyticsAction: '/api/analytics/session/action',
  analyticsOverview: '/api/analytics/dashboard/overview',
  analyticsCurrentUsers: '/api/analytics/dashboard/current-users',
  analyticsCurrentUsersShort: '/api/analytics/current-users',
  analyticsBasicStatsShort: '/api/analytics/basic-stats',
  analyticsBasicStats: '/api/analytics/dashboard/basic-stats',
} as const;
export const ANALYTICS_DEFAULT_DAYS = 7;
/** A user counts as current when seen within this many minutes. */
export const CURRENT_USERS_WINDOW_MINUTES = 5;
