import { Suspense, lazy, useRef } from 'react';
import { ChartBoundary } from '../../../components/market/lazy-price-chart';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { UNDERVALUED_TEXTS } from '../texts';
import { describeValuation } from './valuation-chart-data';
import type { MarkedFiling, ValuationWeek } from './valuation-chart-data';
import './valuation-chart.css';

export type ValuationChartProps = {
  /** Weekly P/E and P/B, in any order: they are sorted for drawing. */
  history: readonly ValuationWeek[];
  /** The filings counted; each is marked in the week it was published. */
  filings: readonly MarkedFiling[];
};

// lightweight-charts (about 56 kB gzipped) loads with the first chart shown, never with the page.
const ValuationChartCanvas = lazy(() => import('./valuation-chart-canvas'));

/** The weekly P/E (right scale) and P/B (left scale) of one stock with its filings marked, built when scrolled near. */
export function ValuationChart({ history, filings }: ValuationChartProps) {
  const plot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(plot);
  const hasData = history.some((week) => week.pe !== null || week.pb !== null);
  if (!hasData) return <p className="muted">{UNDERVALUED_TEXTS.chartEmpty}</p>;
  const loading = <span className="valuation-chart-loading">Loading chart...</span>;
  return (
    <figure className="valuation-chart">
      <div
        ref={plot}
        className="valuation-chart-plot"
        role="img"
        aria-label={`${UNDERVALUED_TEXTS.chartTitle}. ${describeValuation(history, filings)}`}
        data-testid="valuation-chart"
      >
        {near ? (
          <ChartBoundary>
            <Suspense fallback={loading}>
              <ValuationChartCanvas history={history} filings={filings} />
            </Suspense>
          </ChartBoundary>
        ) : (
          loading
        )}
      </div>
      <ul className="valuation-chart-legend" aria-label="What the chart shows">
        <li>
          <span className="valuation-swatch valuation-swatch-pe" aria-hidden="true" />
          {UNDERVALUED_TEXTS.chartPe}
        </li>
        <li>
          <span className="valuation-swatch valuation-swatch-pb" aria-hidden="true" />
          {UNDERVALUED_TEXTS.chartPb}
        </li>
        <li>
          <span className="valuation-mark" aria-hidden="true">
            ▲
          </span>
          {UNDERVALUED_TEXTS.chartFilings}
        </li>
      </ul>
      {/* Lightweight Charts' licence asks for this notice and link to TradingView on the page. */}
      <figcaption className="valuation-chart-credit">
        Chart: TradingView Lightweight Charts™, © TradingView, Inc.{' '}
        <a href="https://www.tradingview.com/">tradingview.com</a>
      </figcaption>
    </figure>
  );
}
