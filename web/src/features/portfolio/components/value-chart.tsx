import { lazy } from 'react';
import { ChartFigure } from '../../../components/market/chart-figure';
import { PORTFOLIO_TEXTS } from '../texts';
import { LINE_NAMES, describeValueSeries } from './value-chart-data';
import type { ValueChartProps } from './value-chart-data';

export type { ValueChartProps } from './value-chart-data';

// lightweight-charts (about 56 kB gzipped) loads with the first chart shown, never with the page.
const ValueChartCanvas = lazy(() => import('./value-chart-canvas'));

/** The portfolio's weekly value against the same payments in NIFTY 50, and the money invested as steps. */
export function ValueChart({ series }: ValueChartProps) {
  if (series.length === 0) return <p className="portfolio-empty-note">{PORTFOLIO_TEXTS.chartEmpty}</p>;
  return (
    <ChartFigure
      label={`${PORTFOLIO_TEXTS.chartTitle}. ${describeValueSeries(series)}`}
      testId="value-chart"
      canvas={<ValueChartCanvas series={series} />}
      legend={[
        { key: 'value', marker: <span className="chart-swatch" aria-hidden="true" />, text: LINE_NAMES.value },
        { key: 'nifty', marker: <span className="chart-swatch chart-swatch-second" aria-hidden="true" />, text: LINE_NAMES.nifty_value },
        { key: 'invested', marker: <span className="chart-swatch chart-swatch-dashed" aria-hidden="true" />, text: LINE_NAMES.invested },
      ]}
    />
  );
}
