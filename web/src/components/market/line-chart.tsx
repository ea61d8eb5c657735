import { lazy } from 'react';
import { NOT_A_NUMBER, formatIndianNumber, formatMarketDate } from '../../lib/format';
import { ChartFigure, type LegendEntry } from './chart-figure';
import './line-chart.css';
import type { ChartSeries, LineChartProps } from './line-chart-canvas';

export type { ChartPoint, ChartSeries, ChartLevel, ChartZone, LineChartProps } from './line-chart-canvas';

const defaultFormat = (value: number) => formatIndianNumber(value);

// The canvas implementation pulls in lightweight-charts (about 56 kB gzipped): it loads with the first chart
// shown, never with the app shell.
const LineChartCanvas = lazy(() => import('./line-chart-canvas'));

/** A text alternative to the canvas: where each series starts and ends, and its low and high. */
export const describeChart = (series: readonly ChartSeries[], format: (value: number) => string = defaultFormat): string =>
  series
    .map(({ name, points }) => {
      const first = points[0];
      const last = points[points.length - 1];
      if (!first || !last) return `${name}: no data.`;
      const values = points.map((point) => point.value);
      const low = Math.min(...values);
      const high = Math.max(...values);
      return (
        `${name}: ${format(first.value)} on ${formatMarketDate(first.date)}, ${format(last.value)} on ${formatMarketDate(last.date)}; ` +
        `low ${Number.isFinite(low) ? format(low) : NOT_A_NUMBER}, high ${Number.isFinite(high) ? format(high) : NOT_A_NUMBER}.`
      );
    })
    .join(' ');

/**
 * A line, area or histogram chart of daily values on lightweight-charts, loaded on first use. The canvas is
 * described in words for screen readers; several series get a legend.
 */
export function LineChart(props: LineChartProps) {
  const { label, series, levels, formatValue = defaultFormat, height = 280 } = props;
  const hasData = series.some((entry) => entry.points.length > 0);
  // Unnamed lines (e.g. zone boundaries, named by `zones`) need no legend entry.
  const namedLevels = levels?.filter((level) => level.label) ?? [];
  const legend: LegendEntry[] =
    series.length > 1 || namedLevels.length > 0
      ? [
          ...series.map((entry, index) => ({
            key: `series-${entry.name}`,
            marker: <span className="line-chart-swatch" data-index={index % 4} style={entry.color ? { background: entry.color } : undefined} aria-hidden="true" />,
            text: entry.name,
          })),
          ...namedLevels.map((level) => ({
            key: `level-${level.value}`,
            marker: <span className="line-chart-swatch dashed" aria-hidden="true" />,
            text: `${level.label} (${formatValue(level.value)})`,
          })),
        ]
      : [];
  return (
    <ChartFigure
      label={`${label}. ${describeChart(series, formatValue)}`}
      legend={legend}
      height={height}
      empty={hasData ? undefined : 'No data for this period.'}
      canvas={<LineChartCanvas {...props} formatValue={formatValue} height={height} />}
    />
  );
}
