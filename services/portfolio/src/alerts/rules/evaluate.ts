import { NSE_CALENDAR } from '@nivesh/platform';
import {
  computeFigures,
  type DailyClose,
  lastIndexOnOrBefore,
  type SymbolFigures,
  type TradingSignalsLib,
} from './figures';
import type { AlertKind, AlertRule } from './kinds';
import { firedMessage } from './message';
import { type AlertState, type Condition, settleBaseline, stepDay, triggerOf } from './state';

/** A user's alert as the engine reads it: what it watches, on which symbol, and its state from the last evaluation. */
export type Alert = AlertRule & { id: string; user_id: string; symbol: string; state: AlertState };

/** An alert that fired on one trading day, ready for the notifications list and the e-mail. */
export type AlertEvent = {
  alert_id: string;
  user_id: string;
  symbol: string;
  kind: AlertKind;
  date: string;
  close: number;
  message: string;
};

export type AlertStateUpdate = { alert_id: string; state: AlertState };

export type AlertEvaluation = {
  /** In the order of the alerts given, each alert's in date order. */
  events: AlertEvent[];
  /** The new state of every alert that had a new trading day; the others are unchanged and left out. */
  states: AlertStateUpdate[];
};

/**
 * Per symbol, its closes in ascending date order: `HISTORY_BARS` bars up to and including the earliest
 * last_evaluated_date of its alerts (the history RSI(14) and the 52-week window need), then every bar after it.
 */
export type MarketDays = ReadonlyMap<string, readonly DailyClose[]>;

/** Whether `rule` holds on the figures' day `index`, or null when the window cannot tell. */
export const conditionOn = (rule: AlertRule, figures: SymbolFigures, index: number): Condition => {
  const close = figures.closes[index]!;
  switch (rule.kind) {
    case 'price_above':
      return close >= rule.params.level;
    case 'price_below':
      return close <= rule.params.level;
    case 'move_pct': {
      // A move 'in a day' is against the previous session's close; after a session the prices lack, the window cannot tell.
      if (index === 0 || figures.dates[index - 1] !== NSE_CALENDAR.previous(figures.dates[index]!)) return null;
      const change = (close / figures.closes[index - 1]! - 1) * 100;
      const { threshold_pct: threshold, direction } = rule.params;
      if (direction === 'up') return change >= threshold;
      if (direction === 'down') return -change >= threshold;
      return Math.abs(change) >= threshold;
    }
    case 'rsi_cross': {
      const rsi = figures.rsi[index]!;
      if (rsi === null) return null;
      return rule.params.direction === 'above' ? rsi >= rule.params.level : rsi <= rule.params.level;
    }
    case 'high_52w': {
      const high = figures.previousHigh[index]!;
      return high === null ? null : close > high;
    }
    case 'low_52w': {
      const low = figures.previousLow[index]!;
      return low === null ? null : close < low;
    }
  }
};

/**
 * The alerts that fire on the trading days after each alert's last_evaluated_date, and the alerts' new states. Every
 * new day is evaluated in order, so an import of several days that crosses a level, falls back and crosses again
 * fires twice; the baseline day (last_evaluated_date itself) only arms or disarms (see state.ts). Each symbol's
 * figures (RSI series, 52-week extremes) are computed once for all its alerts. Alerts whose symbol is missing from
 * `marketDays`, or has no bar after their last evaluation, are left out of the result. `ts` is the trading-signals
 * module (`loadTradingSignals()`), passed in so this stays synchronous and pure.
 */
export const evaluateAlerts = (
  alerts: readonly Alert[],
  marketDays: MarketDays,
  ts: TradingSignalsLib,
): AlertEvaluation => {
  const figuresBySymbol = new Map<string, SymbolFigures>();
  const figuresOf = (symbol: string): SymbolFigures | undefined => {
    let figures = figuresBySymbol.get(symbol);
    if (figures === undefined) {
      const bars = marketDays.get(symbol);
      if (bars === undefined) return undefined;
      figures = computeFigures(ts, bars);
      figuresBySymbol.set(symbol, figures);
    }
    return figures;
  };

  const events: AlertEvent[] = [];
  const states: AlertStateUpdate[] = [];
  for (const alert of alerts) {
    const figures = figuresOf(alert.symbol);
    if (figures === undefined) continue;
    const trigger = triggerOf(alert.kind);
    let state = alert.state;
    const since = state.last_evaluated_date;
    const baseline = since === null ? -1 : lastIndexOnOrBefore(figures.dates, since);
    if (baseline + 1 >= figures.dates.length) continue;
    if (baseline >= 0) state = settleBaseline(trigger, state, conditionOn(alert, figures, baseline));
    for (let index = baseline + 1; index < figures.dates.length; index += 1) {
      const date = figures.dates[index]!;
      const step = stepDay(trigger, state, date, conditionOn(alert, figures, index));
      state = step.state;
      if (!step.fired) continue;
      events.push({
        alert_id: alert.id,
        user_id: alert.user_id,
        symbol: alert.symbol,
        kind: alert.kind,
        date,
        close: figures.closes[index]!,
        message: firedMessage(alert, alert.symbol, figures, index),
      });
    }
    states.push({ alert_id: alert.id, state });
  }
  return { events, states };
};
