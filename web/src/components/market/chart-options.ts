import type { IndicatorPointSeries } from '@nivesh/proto';
import type { TickMarkType, Time } from 'lightweight-charts';

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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Year, month and day of a chart time: '2024-03-28', { year, month, day } or seconds since 1970 (UTC). */
const partsOf = (time: Time): { year: number; month: number; day: number } => {
  if (typeof time === 'string') {
    const [year, month, day] = time.split('-').map(Number);
    return { year: year ?? 0, month: month ?? 1, day: day ?? 1 };
  }
  if (typeof time === 'object') return time;
  const date = new Date(time * 1000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

// lightweight-charts' TickMarkType, by value: importing the enum would pull the library into every page using these options.
const YEAR_TICK = 0;
const MONTH_TICK = 1;

/**
 * A time-axis label by the tick's kind: '2024' where a year starts, 'Jun' where a month starts, '6 Jun' on another
 * day (never a bare '6' that reads like a month). Month names are written out here, not left to the browser's locale
 * data, so every browser shows the same words. For lightweight-charts' `timeScale.tickMarkFormatter`.
 */
export const formatTickMark = (time: Time, tickMarkType: TickMarkType): string => {
  const { year, month, day } = partsOf(time);
  const name = MONTHS[month - 1] ?? '';
  if (tickMarkType === YEAR_TICK) return String(year);
  if (tickMarkType === MONTH_TICK) return name;
  return `${day} ${name}`;
};

/**
 * Scale margins of an indicator pane bounded by 0 and 100 (RSI, stochastic, ADX): a sliver above 100 and below 0, so
 * the axis runs from 0 to 100 and never shows a level the indicator cannot reach (the default margins stretch it to 120).
 */
export const BOUNDED_SCALE_MARGINS = { top: 0.06, bottom: 0.06 } as const;
