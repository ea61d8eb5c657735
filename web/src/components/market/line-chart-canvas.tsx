import { AreaSeries, HistogramSeries, LineSeries, LineStyle, isBusinessDay } from 'lightweight-charts';
import type { ISeriesApi, SeriesType, Time } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { formatMarketDate } from '../../lib/format';
import { DARK_MEDIA_QUERY } from '../../lib/theme';
import { themedChartOptions } from './chart-base';
import { useChart } from './use-chart';

/** One value on one trading day ('2024-03-28'). */
export type ChartPoint = { date: string; value: number };

export type ChartSeries = {
  name: string;
  /** Oldest first, one point per date. */
  points: readonly ChartPoint[];
  /** A CSS colour or a theme variable such as 'var(--gold)'; by default the theme's accent, then gold, red, grey. */
  color?: string;
  /** 'line' (the default), 'area' (filled below the line) or 'histogram' (bars, e.g. volume). */
  kind?: 'line' | 'area' | 'histogram';
};

/** A horizontal line across the chart, e.g. a zone boundary at 25. */
export type ChartLevel = {
  value: number;
  label?: string;
  color?: string;
  /** Its value boxed on the value axis (the default); off where it would crowd the axis' own ticks. */
  axisLabel?: boolean;
};

/** A band of the value axis named inside the chart, e.g. 'Fear' from 25 to 45. */
export type ChartZone = { from: number; to: number; label: string };

export type LineChartProps = {
  /** What the chart shows, e.g. 'NIFTY 50 close, last year': the chart's accessible name. */
  label: string;
  series: readonly ChartSeries[];
  levels?: readonly ChartLevel[];
  /** Bands named at the plot's left edge, in the middle of each band, clear of the value axis on the right. */
  zones?: readonly ChartZone[];
  /** A fixed value axis (e.g. 0 to 100 for a score); by default the axis fits the data. */
  valueRange?: { min: number; max: number };
  /** Values on the axis, the crosshair and the text summary; en-IN grouping by default. */
  formatValue?: (value: number) => string;
  /** In CSS pixels; the width follows the container. */
  height?: number;
};

/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (the attribution notice of the library's licence; line-chart.tsx shows it with a link on the page)
 */

type Palette = { surface: string; text: string; muted: string; border: string; series: readonly string[] };

const SERIES_VARIABLES = ['--accent', '--gold', '--bad', '--muted'] as const;

const cssVariable = (style: CSSStyleDeclaration, name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;

const readPalette = (): Palette => {
  const style = getComputedStyle(document.documentElement);
  return {
    surface: cssVariable(style, '--surface', '#ffffff'),
    text: cssVariable(style, '--text', '#17201b'),
    muted: cssVariable(style, '--muted', '#56625b'),
    border: cssVariable(style, '--border', '#dde3de'),
    series: SERIES_VARIABLES.map((name) => cssVariable(style, name, '#1f6f4a')),
  };
};

const samePalette = (a: Palette, b: Palette) =>
  a.surface === b.surface && a.text === b.text && a.muted === b.muted && a.border === b.border && a.series.join() === b.series.join();

/**
 * The theme's colours as drawn on the canvas. The theme is the `data-theme` mark on <html> (set by the sidebar's
 * toggle through useTheme) or else the system preference, so both are watched and the variables of styles/tokens.css read back.
 */
const useThemePalette = (): Palette => {
  const [palette, setPalette] = useState(readPalette);
  useEffect(() => {
    const update = () => setPalette((current) => {
      const next = readPalette();
      return samePalette(current, next) ? current : next;
    });
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_MEDIA_QUERY) : null;
    media?.addEventListener('change', update);
    return () => {
      observer.disconnect();
      media?.removeEventListener('change', update);
    };
  }, []);
  return palette;
};

/** 'var(--gold)' read from the theme; other colours as given (the canvas cannot resolve CSS variables). */
const resolveColor = (color: string): string => {
  const variable = /^var\((--[\w-]+)\)$/.exec(color.trim());
  if (!variable) return color;
  return getComputedStyle(document.documentElement).getPropertyValue(variable[1]).trim() || color;
};

/** '#1f6f4a' with an alpha, for an area's fill; other notations are left opaque. */
const withAlpha = (color: string, alpha: number): string => {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (!hex) return color;
  const value = Number.parseInt(hex[1], 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
};

const isoDateOf = (time: Time): string => {
  if (typeof time === 'string') return time;
  if (isBusinessDay(time)) return `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  return new Date(time * 1000).toISOString().slice(0, 10);
};

/** Ascending and one value per date, as the library requires. */
const seriesData = (entry: ChartSeries) => {
  const byDate = new Map<string, number>();
  for (const point of entry.points) if (Number.isFinite(point.value)) byDate.set(point.date, point.value);
  return [...byDate].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([time, value]) => ({ time, value }));
};

/** Where each zone's label goes: the middle of the band, in pixels from the plot's top; null while unknown. */
const zoneTops = (api: ISeriesApi<SeriesType>, zones: NonNullable<LineChartProps['zones']>): Array<number | null> =>
  zones.map((zone) => api.priceToCoordinate((zone.from + zone.to) / 2));

const sameTops = (a: ReadonlyArray<number | null>, b: ReadonlyArray<number | null>) => a.length === b.length && a.every((top, i) => top === b[i]);

/** The chart itself; use LineChart from './line-chart', which loads this module lazily. */
export default function LineChartCanvas({ series, levels, zones, valueRange, formatValue }: LineChartProps) {
  const palette = useThemePalette();
  const format = useRef(formatValue);
  format.current = formatValue;
  const [tops, setTops] = useState<ReadonlyArray<number | null>>([]);
  // autoSize: the chart fills the figure's plot box, whose height the wrapper sets.
  const { container, chart, removed } = useChart({
    localization: {
      locale: 'en-IN',
      priceFormatter: (value: number) => (format.current ? format.current(value) : String(value)),
      timeFormatter: (time: Time) => formatMarketDate(isoDateOf(time)),
    },
    rightPriceScale: { scaleMargins: { top: 0.1, bottom: 0.1 } },
  });

  useEffect(() => {
    if (!chart) return;
    chart.applyOptions(themedChartOptions({ background: palette.surface, text: palette.text, muted: palette.muted, grid: palette.border, border: palette.border }));
  }, [chart, palette]);

  useEffect(() => {
    if (!chart) return;
    const autoscaleInfoProvider = valueRange ? () => ({ priceRange: { minValue: valueRange.min, maxValue: valueRange.max } }) : undefined;
    const added: Array<ISeriesApi<SeriesType>> = series.map((entry, index) => {
      const color = entry.color ? resolveColor(entry.color) : palette.series[index % palette.series.length];
      const common = { title: series.length > 1 ? entry.name : '', priceLineVisible: false, autoscaleInfoProvider };
      const data = seriesData(entry);
      if (entry.kind === 'histogram') {
        const api = chart.addSeries(HistogramSeries, { ...common, color });
        api.setData(data);
        return api;
      }
      if (entry.kind === 'area') {
        const api = chart.addSeries(AreaSeries, { ...common, lineColor: color, topColor: withAlpha(color, 0.28), bottomColor: withAlpha(color, 0.02), lineWidth: 2 });
        api.setData(data);
        return api;
      }
      const api = chart.addSeries(LineSeries, { ...common, color, lineWidth: 2 });
      api.setData(data);
      return api;
    });
    const first = added[0];
    for (const level of levels ?? []) {
      const color = level.color ? resolveColor(level.color) : palette.muted;
      first?.createPriceLine({
        price: level.value,
        color,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: level.axisLabel ?? true,
        axisLabelTextColor: palette.surface,
        title: level.label ?? '',
      });
    }
    chart.timeScale().fitContent();
    // Zone labels follow the value axis: placed once the chart has its size, and again whenever it changes.
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = first && zones?.length ? zoneTops(first, zones) : [];
        setTops((current) => (sameTops(current, next) ? current : next));
      });
    };
    place();
    chart.timeScale().subscribeSizeChange(place);
    return () => {
      cancelAnimationFrame(frame);
      if (removed.current) return;
      chart.timeScale().unsubscribeSizeChange(place);
      for (const api of added) chart.removeSeries(api);
    };
  }, [chart, series, levels, zones, valueRange, palette]);

  return (
    <>
      <div ref={container} className="chart-figure-canvas" />
      {zones?.length ? (
        // The chart's accessible name and the page's text name the zones; these labels are for the eye.
        <ul className="line-chart-zones" aria-hidden="true" data-testid="chart-zones">
          {zones.map((zone, index) => {
            const top = tops[index];
            return typeof top === 'number' ? (
              <li key={zone.label} style={{ top }}>
                {zone.label}
              </li>
            ) : null;
          })}
        </ul>
      ) : null}
    </>
  );
}
