import { lazy } from 'react';
import { ChartFigure, type LegendEntry } from '../../../components/market/chart-figure';
import { formatINR, formatMarketDate } from '../../../lib/format';
import { OUTCOME_TEXTS } from '../texts';
import './fan-chart.css';
import type { FanChartProps } from './fan-chart-canvas';

export type { FanForecast, FanChartProps } from './fan-chart-canvas';

// lightweight-charts (about 56 kB gzipped) loads with the first chart shown, never with the page.
const FanChartCanvas = lazy(() => import('./fan-chart-canvas'));

/** A legend's marker, in the colours the canvas draws that mark with (fan-chart.css). */
const swatch = (mark: 'history' | 'actual' | 'forecast' | 'band80' | 'band95') => <span className={`fan-swatch fan-swatch-${mark}`} aria-hidden="true" />;

/** The chart in words, for screen readers: where the prices went and where the forecast and its bands end. */
export const describeFan = ({ history, forecast, actual = [] }: Pick<FanChartProps, 'history' | 'forecast' | 'actual'>): string => {
  const last = forecast.forecast.length - 1;
  const end = forecast.dates[last];
  const first = history[0];
  const past = first
    ? `Closing prices from ${formatMarketDate(first.date)} (${formatINR(first.value)}) to ${formatMarketDate(forecast.as_of)} (${formatINR(forecast.last_close)})`
    : `Last close ${formatINR(forecast.last_close)} on ${formatMarketDate(forecast.as_of)}`;
  const fan =
    `${past}, then the forecast to ${end ? formatMarketDate(end) : 'the last day'}: ${formatINR(forecast.forecast[last])} on day ${last + 1}, ` +
    `80 % band ${formatINR(forecast.lower80[last])} to ${formatINR(forecast.upper80[last])}, ` +
    `95 % band ${formatINR(forecast.lower95[last])} to ${formatINR(forecast.upper95[last])}.`;
  const latest = actual.at(-1);
  if (!latest) return fan;
  const days = actual.length === 1 ? 'the 1 forecast day since' : `the ${actual.length} forecast days since`;
  return `${fan} The actual closes of ${days} run to ${formatINR(latest.value)} on ${formatMarketDate(latest.date)}.`;
};

/**
 * A fan chart: the last months of closing prices, then the forecast line inside its 80 % and 95 % bands and, for an
 * illustration, the actual closes since. The canvas is built when it scrolls near the screen, in a box of fixed
 * height, and its legend says in words what each mark is.
 */
export function FanChart({ history, forecast, actual, pending = false }: FanChartProps) {
  const legend: LegendEntry[] = [
    ...(history.length || pending
      ? [{ key: 'history', marker: swatch('history'), text: actual ? OUTCOME_TEXTS.legendHistory : 'Closing prices of the last 3 months, adjusted for corporate actions' }]
      : []),
    ...(actual ? [{ key: 'actual', marker: swatch('actual'), text: OUTCOME_TEXTS.legendActual }] : []),
    { key: 'forecast', marker: swatch('forecast'), text: 'Forecast: the middle estimate of each day’s close' },
    { key: 'band80', marker: swatch('band80'), text: '80 % band: the close is expected inside it on 8 days in 10' },
    { key: 'band95', marker: swatch('band95'), text: '95 % band: on 19 days in 20' },
  ];
  return (
    <ChartFigure
      label={`Forecast chart. ${describeFan({ history, forecast, actual })}`}
      testId="fan-chart"
      canvas={<FanChartCanvas history={history} forecast={forecast} actual={actual} />}
      legend={legend}
      pending={pending}
    />
  );
}
