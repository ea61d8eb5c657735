import { AreaSeries, LineSeries, LineStyle } from 'lightweight-charts';
import type { ISeriesApi, PriceFormat, SeriesType, Time } from 'lightweight-charts';
import { useEffect } from 'react';
import { themedChartOptions } from '../../../components/market/chart-base';
import type { ChartColors } from '../../../components/market/chart-theme';
import { useChartColors, withAlpha } from '../../../components/market/chart-theme';
import { useChart } from '../../../components/market/use-chart';
import { formatINR } from '../../../lib/format';
import type { PredictResponse } from '@nivesh/proto';
import type { ChartPoint } from '../../../components/market/line-chart-canvas';

/** The parts of a forecast the chart draws. */
export type FanForecast = Pick<PredictResponse, 'as_of' | 'last_close' | 'dates' | 'forecast' | 'lower80' | 'upper80' | 'lower95' | 'upper95'>;

export type FanChartProps = {
  /** Adjusted closes up to the forecast's last close, oldest first; empty when they could not be loaded. */
  history: readonly ChartPoint[];
  forecast: FanForecast;
  /**
   * An illustration's outcome (the `education` profile): the actual closes of the forecast days that have passed,
   * oldest first. Absent for a current forecast.
   */
  actual?: readonly ChartPoint[];
  /** Past prices are still loading: the box holds its place until they come, so the chart is drawn once. */
  pending?: boolean;
};

/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (the attribution notice of the library's licence; fan-chart.tsx shows it with a link on the page)
 */

/** How much of the accent colour each band's shade takes over the surface (fan-chart.css mixes the same shares). */
const BAND_SHADES = { band80: 0.35, band95: 0.16 } as const;

const RUPEES: PriceFormat = { type: 'custom', formatter: (price: number) => formatINR(price), minMove: 0.01 };

const rgbOf = (color: string): number[] | null => {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color.trim());
  return match ? match.slice(1).map((hex) => Number.parseInt(hex, 16)) : null;
};

/** `share` of `color` over `base`, opaque: a band's shade must hide what lies under it (see `bandSeries`). */
export const mixColors = (color: string, base: string, share: number): string => {
  const top = rgbOf(color);
  const bottom = rgbOf(base);
  if (!top || !bottom) return withAlpha(color, share);
  const [r, g, b] = top.map((value, index) => Math.round(value * share + (bottom[index] ?? 0) * (1 - share)));
  return `rgb(${r}, ${g}, ${b})`;
};

type Point = { time: Time; value: number };

/** One value a day from the last close on: each forecast series starts where the prices end, so the fan opens there. */
const fromLastClose = (forecast: FanChartProps['forecast'], values: readonly number[]): Point[] => [
  { time: forecast.as_of as Time, value: forecast.last_close },
  ...forecast.dates.map((date, index) => ({ time: date as Time, value: values[index] ?? Number.NaN })).filter((point) => Number.isFinite(point.value)),
];

/**
 * The bands as four areas, each filled down to the bottom of the chart and drawn over the one before: upper 95 in the
 * light shade, upper 80 in the dark one, lower 80 in the light one again and lower 95 in the chart's background, which
 * leaves each shade only between its band's edges. lightweight-charts has no series that fills between two lines.
 */
const bandSeries = (forecast: FanChartProps['forecast'], colors: ChartColors) => {
  const band80 = mixColors(colors.accent, colors.background, BAND_SHADES.band80);
  const band95 = mixColors(colors.accent, colors.background, BAND_SHADES.band95);
  return [
    { values: forecast.upper95, fill: band95 },
    { values: forecast.upper80, fill: band80 },
    { values: forecast.lower80, fill: band95 },
    { values: forecast.lower95, fill: colors.background },
  ];
};

/** The chart itself; use FanChart from './fan-chart', which loads this module lazily. */
export default function FanChartCanvas({ history, forecast, actual }: FanChartProps) {
  const { container, chart, removed } = useChart({ rightPriceScale: { scaleMargins: { top: 0.08, bottom: 0.08 } } });
  const colors = useChartColors();

  useEffect(() => {
    if (!chart) return;
    chart.applyOptions(themedChartOptions(colors));
    const quiet = { priceFormat: RUPEES, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false } as const;
    const added: Array<ISeriesApi<SeriesType>> = bandSeries(forecast, colors).map(({ values, fill }) => {
      const area = chart.addSeries(AreaSeries, { ...quiet, lineColor: fill, lineWidth: 1, topColor: fill, bottomColor: fill });
      area.setData(fromLastClose(forecast, values));
      return area;
    });
    const median = chart.addSeries(LineSeries, { priceFormat: RUPEES, priceLineVisible: false, color: colors.accent, lineWidth: 2, lineStyle: LineStyle.Dashed });
    median.setData(fromLastClose(forecast, forecast.forecast));
    added.push(median);
    // The past prices are drawn last, over the bands' fills, and end on the day the fan opens.
    const past = history.filter((point) => point.date <= forecast.as_of && Number.isFinite(point.value));
    if (past.length) {
      const closes = chart.addSeries(LineSeries, { ...quiet, crosshairMarkerVisible: true, color: colors.text, lineWidth: 2 });
      closes.setData(past.map((point) => ({ time: point.date as Time, value: point.value })));
      added.push(closes);
    }
    // An illustration's outcome, on top of everything: each forecast day's actual close, a point joined to the next.
    const outcome = (actual ?? []).filter((point) => point.date > forecast.as_of && Number.isFinite(point.value));
    if (outcome.length) {
      const actualLine = chart.addSeries(LineSeries, {
        ...quiet,
        crosshairMarkerVisible: true,
        color: colors.line2,
        lineWidth: 2,
        pointMarkersVisible: true,
        pointMarkersRadius: 3,
      });
      actualLine.setData(outcome.map((point) => ({ time: point.date as Time, value: point.value })));
      added.push(actualLine);
    }
    chart.timeScale().fitContent();
    return () => {
      if (removed.current) return;
      for (const series of added) chart.removeSeries(series);
    };
  }, [chart, history, forecast, actual, colors]);

  return <div ref={container} className="chart-figure-canvas" />;
}
