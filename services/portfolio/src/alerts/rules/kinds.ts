/*
 * Conventions of the alert engine (everything in this folder): dates are 'YYYY-MM-DD' market dates; prices are
 * rupees as plain numbers, closes adjusted for corporate actions as the market service's history answers them (so an
 * ex-date is not a move); every function is pure: no I/O, no clock, no database.
 *
 * The kinds and their parameters are part of the API, so they are declared in proto (contracts/alerts.ts).
 */
export {
  ALERT_KINDS,
  type AlertKind,
  type AlertRule,
  AlertRuleSchema,
  isPremiumAlertKind,
  type MovePctRule,
  PREMIUM_ALERT_KINDS,
  RSI_ALERT_LEVELS,
  type RsiCrossRule,
} from '@nivesh/proto';
