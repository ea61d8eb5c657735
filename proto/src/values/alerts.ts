/** The paths of the alerts routes, by their names in `ROUTES`. */
export const ALERTS_PATHS = {
  portfolioAlerts: '/api/portfolio/alerts',
  portfolioCreateAlert: '/api/portfolio/alerts',
  portfolioDeleteAlert: '/api/portfolio/alerts/delete',
  notifications: '/api/notifications',
  notificationsUnread: '/api/notifications/unread',
  notificationsRead: '/api/notifications/read',
} as const;
export const ALERT_KINDS = ['price_above', 'price_below', 'move_pct', 'rsi_cross', 'high_52w', 'low_52w'] as const;
/** The indicator alerts: premium only, gated through the premium tool list (PREMIUM_TOOLS.indicatorAlerts). */
export const PREMIUM_ALERT_KINDS: readonly (typeof ALERT_KINDS)[number][] = ['rsi_cross'];
/** The RSI levels an alert can watch: the textbook overbought and oversold lines the Technical Analysis page draws. */
export const RSI_ALERT_LEVELS = [30, 70] as const;
/** Alerts a free account may keep, and a premium one. */
export const ALERTS_FREE_MAX = 5;
export const ALERTS_PREMIUM_MAX = 50;

/** The highest price level (in rupees) and the largest move (in per cent) an alert takes. */
export const ALERT_LEVEL_MAX = 1e7;
export const ALERT_MOVE_MAX_PCT = 100;
