import { type ReactNode, Suspense, useRef } from 'react';
import { useNearViewport } from '../../hooks/use-near-viewport';
import { ChartCredit } from './chart-credit';
import { ChartBoundary } from './lazy-price-chart';
import './chart-figure.css';

/** One line of a chart's legend: its marker (e.g. a `chart-swatch` span) and what it stands for. */
export type LegendEntry = { key: string; marker: ReactNode; text: string };

export type ChartFigureProps = {
  /** The chart in words, for screen readers (role img). */
  label: string;
  testId?: string;
  /** Its legend; none when empty. */
  legend: readonly LegendEntry[];
  /** The canvas, a lazy component: rendered only once the figure is near the viewport. */
  canvas: ReactNode;
  /** Its data is still loading: the box holds its place until it comes, so the chart is drawn once. */
  pending?: boolean;
  /** The plot's height in pixels; by default the stylesheet's (18rem, 15rem on a phone). */
  height?: number;
  /** Said in place of the plot when there is nothing to draw. */
  empty?: string;
};

const LOADING = <span className="chart-figure-loading">Loading chart...</span>;

/**
 * A lightweight-charts figure: a box of fixed height whose canvas (a lazy chunk) is built when scrolled near, with a
 * legend in words and the library's credit. The canvas component fills `.chart-figure-canvas`.
 */
export function ChartFigure({ label, testId, legend, canvas, pending = false, height, empty }: ChartFigureProps) {
  const plot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(plot);
  return (
    <figure className="chart-figure">
      {empty === undefined ? (
        <div ref={plot} className="chart-figure-plot" style={height ? { height } : undefined} role="img" aria-label={label} data-testid={testId}>
          {near && !pending ? (
            <ChartBoundary>
              <Suspense fallback={LOADING}>{canvas}</Suspense>
            </ChartBoundary>
          ) : (
            LOADING
          )}
        </div>
      ) : (
        <p className="chart-figure-empty">{empty}</p>
      )}
      {legend.length > 0 ? (
        <ul className="chart-figure-legend" aria-label="What the chart shows">
          {legend.map((entry) => (
            <li key={entry.key}>
              {entry.marker}
              {entry.text}
            </li>
          ))}
        </ul>
      ) : null}
      <ChartCredit className="chart-figure-credit" />
    </figure>
  );
}
