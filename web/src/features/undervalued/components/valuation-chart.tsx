import { lazy } from 'react';
import { ChartFigure } from '../../../components/market/chart-figure';
import { UNDERVALUED_TEXTS } from '../texts';
import { describeValuation } from './valuation-chart-data';
import './valuation-chart.css';
import type { ValuationChartProps } from './valuation-chart-data';

export type { ValuationChartProps } from './valuation-chart-data';

// lightweight-charts (about 56 kB gzipped) loads with the first chart shown, never with the page.
const ValuationChartCanvas = lazy(() => import('./valuation-chart-canvas'));

/** The weekly P/E (right scale) and P/B (left scale) of one stock with its filings marked, built when scrolled near. */
export function ValuationChart({ history, filings }: ValuationChartProps) {
  const hasData = history.some((week) => week.pe !== null || week.pb !== null);
  if (!hasData) return <p className="muted">{UNDERVALUED_TEXTS.chartEmpty}</p>;
  return (
    <ChartFigure
      label={`${UNDERVALUED_TEXTS.chartTitle}. ${describeValuation(history, filings)}`}
      testId="valuation-chart"
      canvas={<ValuationChartCanvas history={history} filings={filings} />}
      legend={[
        { key: 'pe', marker: <span className="chart-swatch" aria-hidden="true" />, text: UNDERVALUED_TEXTS.chartPe },
        { key: 'pb', marker: <span className="chart-swatch chart-swatch-second" aria-hidden="true" />, text: UNDERVALUED_TEXTS.chartPb },
        {
          key: 'filings',
          marker: (
            <span className="valuation-mark" aria-hidden="true">
              ▲
            </span>
          ),
          text: UNDERVALUED_TEXTS.chartFilings,
        },
      ]}
    />
  );
}
