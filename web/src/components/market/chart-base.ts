import { ColorType } from 'lightweight-charts';
import type { Time } from 'lightweight-charts';
import { formatMarketDate } from '../../lib/format';

/**
 * What every Nivesh chart is created with: sized by its container; no TradingView logo (its injected <style> would
 * break the page's CSP; the notice and link are shown under each chart); the page keeps the wheel and vertical swipes
 * while the chart still pans by dragging and zooms by pinching; dates in words, en-IN.
 */
export const baseChartOptions = (element: HTMLElement) => ({
  autoSize: true,
  layout: { attributionLogo: false, fontFamily: getComputedStyle(element).fontFamily },
  handleScroll: { mouseWheel: false, vertTouchDrag: false },
  handleScale: { mouseWheel: false },
  localization: { locale: 'en-IN', timeFormatter: (time: Time) => (typeof time === 'string' ? formatMarketDate(time) : String(time)) },
});

/** The colours a chart takes from the theme. */
export type ChartThemeColors = { background: string; text: string; muted: string; grid: string; border: string };

/** A chart's theme: background, text, grid lines, scale borders and the crosshair's labels. */
export const themedChartOptions = ({ background, text, muted, grid, border }: ChartThemeColors) => ({
  layout: { background: { type: ColorType.Solid, color: background } as const, textColor: muted },
  grid: { vertLines: { color: grid }, horzLines: { color: grid } },
  rightPriceScale: { borderColor: border },
  timeScale: { borderColor: border },
  crosshair: { vertLine: { labelBackgroundColor: text }, horzLine: { labelBackgroundColor: text } },
});
