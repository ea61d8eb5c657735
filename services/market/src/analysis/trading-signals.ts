import type * as TradingSignals from 'trading-signals' with { 'resolution-mode': 'import' };

/** The trading-signals module (ES modules only; load it with `loadTradingSignals()`). */
export type TradingSignalsLib = typeof TradingSignals;

let lib: Promise<TradingSignalsLib> | undefined;
/** trading-signals ships ES modules only; this CommonJS service loads it with import(). */
export const loadTradingSignals = (): Promise<TradingSignalsLib> => (lib ??= import('trading-signals'));
