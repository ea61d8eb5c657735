/**
 * Plain values of proto's alert contracts that the portfolio page needs, copied for the reason given in
 * portfolio-values.ts (proto's modules load zod); alert-values.test.ts checks that each copy equals proto's.
 */
import type { AlertKind, RouteName } from '@nivesh/proto';

/** The paths of the alert routes, as proto's `ROUTES` declares them (all need a login). */
export const ALERT_PATHS = {
  portfolioAlerts: '/api/portfolio/alerts',
  portfolioCreateAlert: '/api/portfolio/alerts',
  portfolioDeleteAlert: '/api/portfolio/alerts/delete',
} as const satisfies Partial<Record<RouteName, string>>;

/** What an alert can watch, in proto's order: proto's `ALERT_KINDS`. */
export const ALERT_KINDS = [
  'price_above',
  'price_below',
  'move_pct',
  'rsi_cross',
  'high_52w',
  'low_52w',
] as const satisfies readonly AlertKind[];

/** The indicator alerts, premium only: proto's `PREMIUM_ALERT_KINDS`. */
export const PREMIUM_ALERT_KINDS: readonly AlertKind[] = ['rsi_cross'];

/** Whether an alert of this kind needs Premium: proto's `isPremiumAlertKind`. */
export const isPremiumAlertKind = (kind: AlertKind): boolean => PREMIUM_ALERT_KINDS.includes(kind);

/** The RSI levels an alert can watch: proto's `RSI_ALERT_LEVELS`. */
export const RSI_ALERT_LEVELS = [30, 70] as const;

/** Alerts a free account may keep, and a premium one: proto's `ALERTS_FREE_MAX` and `ALERTS_PREMIUM_MAX`. */
export const ALERTS_FREE_MAX = 5;
export const ALERTS_PREMIUM_MAX = 50;

/** The highest price level and move an alert takes, as proto's rule schemas bound them. */
export const ALERT_LEVEL_MAX = 1e7;
export const ALERT_MOVE_MAX_PCT = 100;
