import { Suspense, lazy, useRef } from 'react';
import { ChartBoundary } from '../../../components/market/lazy-price-chart';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { PORTFOLIO_TEXTS } from '../texts';
import { LINE_NAMES, describeValueSeries } from './value-chart-data';
import type { ValueWeek } from './value-chart-data';
import './value-chart.css';

export type ValueChartProps = {
  /** The weekly values, in any order: they are sorted for drawing. */
  series: readonly ValueWeek[];
};

// lightweight-charts (about 56 kB gzipped) loads with the first chart shown, never with the page.
const ValueChartCanvas = lazy(() => import('./value-chart-canvas'));

/** The portfolio's weekly value against the same payments in NIFTY 50, and the money invested as steps. */
export function ValueChart({ series }: ValueChartProps) {
  const plot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(plot);
  if (series.length === 0) return <p className="portfolio-empty-note">{PORTFOLIO_TEXTS.chartEmpty}</p>;
  const loading = <span className="value-chart-loading">Loading chart...</span>;
  return (
    <figure className="value-chart">
      <div
        ref={plot}
        className="value-chart-plot"
        role="img"
        aria-label={`${PORTFOLIO_TEXTS.chartTitle}. ${describeValueSeries(series)}`}
        data-testid="value-chart"
      >
        {near ? (
          <ChartBoundary>
            <Suspense fallback={loading}>
              <ValueChartCanvas series={series} />
            </Suspense>
          </ChartBoundary>
        ) : (
          loading
        )}
      </div>
      <ul className="value-chart-legend" aria-label="What the chart shows">
        <li>
          <span className="value-swatch value-swatch-value" aria-hidden="true" />
          {LINE_NAMES.value}
        </li>
        <li>
          <span className="value-swatch value-swatch-nifty" aria-hidden="true" />
          {LINE_NAMES.nifty_value}
        </li>
        <li>
          <span className="value-swatch value-swatch-invested" aria-hidden="true" />
          {LINE_NAMES.invested}
        </li>
      </ul>
      {/* Lightweight Charts' licence asks for this notice and link to TradingView on the page. */}
      <figcaption className="value-chart-credit">
        Chart: TradingView Lightweight Charts™, © TradingView, Inc.{' '}
        <a href="https://www.tradingview.com/">tradingview.com</a>
      </figcaption>
    </figure>
  );
}
