import { Component, Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import type { PriceChartProps } from './price-chart';
import './market.css';

// lightweight-charts (about 60 kB gzipped) loads with the first chart, never with the app shell.
const PriceChart = lazy(() => import('./price-chart').then((module) => ({ default: module.PriceChart })));

type ChartBoundaryState = { failed: boolean };

/** A chart that fails to load or draw costs the chart, not the page around it. */
export class ChartBoundary extends Component<{ children: ReactNode }, ChartBoundaryState> {
  override state: ChartBoundaryState = { failed: false };

  static getDerivedStateFromError(): ChartBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The chart failed to load.', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="chart-placeholder" role="alert">
        The chart could not be shown. Reload the page to try again.
      </p>
    );
  }
}

/** Shown while the chart's code loads. */
export function ChartLoading() {
  return (
    <p className="chart-placeholder" role="status">
      Loading chart...
    </p>
  );
}

/** PriceChart, loaded on first use. */
export function LazyPriceChart(props: PriceChartProps) {
  return (
    <ChartBoundary>
      <Suspense fallback={<ChartLoading />}>
        <PriceChart {...props} />
      </Suspense>
    </ChartBoundary>
  );
}
