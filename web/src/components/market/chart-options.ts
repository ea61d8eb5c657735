import type { IndicatorPointSeries } from '@nivesh/proto';

/** The indicator series of /api/market/indicators. */
export type IndicatorSeries = IndicatorPointSeries;

/** Lines drawn over the candles, on the price scale. */
export const CHART_OVERLAYS = [
  { key: 'sma20', label: 'SMA 20', description: '20-day simple moving average' },
  { key: 'sma50', label: 'SMA 50', description: '50-day simple moving average' },
  { key: 'ema20', label: 'EMA 20', description: '20-day exponential moving average' },
  { key: 'bollinger20', label: 'Bollinger 20', description: 'Bollinger Bands: 20-day average ± 2 standard deviations' },
  { key: 'vwap', label: 'VWAP', description: 'Volume-weighted average price from the start of the range' },
] as const;
export type ChartOverlay = (typeof CHART_OVERLAYS)[number]['key'];

/** Indicators drawn in their own pane below the price, in this order. */
export const CHART_PANES = [
  { key: 'rsi14', label: 'RSI 14', description: 'Relative strength index, 14 days, with the 30 and 70 lines' },
  { key: 'macd', label: 'MACD', description: 'MACD 12/26 with its 9-day signal line and histogram' },
  { key: 'stochastic14', label: 'Stochastic', description: 'Stochastic oscillator %K (14 days) and %D' },
  { key: 'adx14', label: 'ADX', description: 'Average directional index, 14 days' },
  { key: 'atr14', label: 'ATR', description: 'Average true range, 14 days, in rupees' },
  { key: 'obv', label: 'OBV', description: 'On-balance volume from the start of the range' },
] as const;
export type ChartPane = (typeof CHART_PANES)[number]['key'];
