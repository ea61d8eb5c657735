export type { Alert, AlertEvaluation, AlertEvent, AlertStateUpdate, MarketDays } from './evaluate';
export { conditionOn, evaluateAlerts } from './evaluate';
export type { DailyClose, SymbolFigures, TradingSignalsLib } from './figures';
export { HISTORY_BARS, RSI_PERIOD, RSI_WARM_UP_BARS, YEAR_BARS, computeFigures, loadTradingSignals } from './figures';
export type { AlertKind, AlertRule } from './kinds';
export { ALERT_KINDS, AlertRuleSchema, PREMIUM_ALERT_KINDS, RSI_ALERT_LEVELS, isPremiumAlertKind } from './kinds';
export { describeAlert, firedMessage, formatDate, formatRupees } from './message';
export type { AlertState, Condition, Trigger } from './state';
export { newAlertState, triggerOf } from './state';
