import { Suspense, lazy, useRef } from 'react';
import { useNearViewport } from '../../hooks/use-near-viewport';
import { NOT_A_NUMBER, formatIndianNumber, formatMarketDate } from '../../lib/format';
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
  const plot = useRef<HTMLDivElement>(null);
  // The chart's code and drawing wait until it scrolls near the screen; its box keeps its height meanwhile.
  const near = useNearViewport(plot);
  return (
    <figure className="line-chart">
      {hasData ? (
        <div ref={plot} className="line-chart-plot" style={{ height }} role="img" aria-label={`${label}. ${describeChart(series, formatValue)}`}>
          {near ? (
            <Suspense fallback={<span className="line-chart-loading">Loading chart...</span>}>
              <LineChartCanvas {...props} formatValue={formatValue} height={height} />
            </Suspense>
          ) : null}
        </div>
      ) : (
        <p className="line-chart-empty">No data for this period.</p>
      )}
      {series.length > 1 || namedLevels.length > 0 ? (
        <ul className="line-chart-legend">
          {series.map((entry, index) => (
            <li key={entry.name}>
              <span className="line-chart-swatch" data-index={index % 4} style={entry.color ? { background: entry.color } : undefined} aria-hidden="true" />
              {entry.name}
            </li>
          ))}
          {namedLevels.map((level) => (
            <li key={level.value}>
              <span className="line-chart-swatch dashed" aria-hidden="true" />
              {`${level.label} (${formatValue(level.value)})`}
            </li>
          ))}
        </ul>
      ) : null}
      {/* Lightweight Charts' licence asks for this notice and link to TradingView on the page. */}
      <figcaption className="line-chart-credit">
        Chart: TradingView Lightweight Charts™, © TradingView, Inc. <a href="https://www.tradingview.com/">tradingview.com</a>
      </figcaption>
    </figure>
  );
}
