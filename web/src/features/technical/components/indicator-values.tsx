import type { IndicatorPoint, MarketIndicatorPoints } from '@nivesh/proto';
import { NOT_A_NUMBER, formatINR, formatIndianNumber, formatMarketDate } from '../../../lib/format';
import { TECHNICAL_TEXTS } from '../texts';

const last = (points: readonly IndicatorPoint[]): number | null => points[points.length - 1]?.value ?? null;
const number = (value: number | null, digits = 2) => (value === null ? NOT_A_NUMBER : formatIndianNumber(value, digits));
const rupees = (value: number | null) => (value === null ? NOT_A_NUMBER : formatINR(value));

type Row = { name: string; value: string; testId?: string };

const rowsOf = ({ series }: MarketIndicatorPoints): Row[] => {
  const anchor = series.obv[0]?.date ?? series.vwap[0]?.date;
  const since = anchor ? ` (since ${formatMarketDate(anchor)})` : '';
  return [
    { name: 'RSI (14)', value: number(last(series.rsi14)), testId: 'rsi-value' },
    { name: 'MACD (12, 26)', value: number(last(series.macd.macd)) },
    { name: 'MACD signal (9)', value: number(last(series.macd.signal)) },
    { name: 'MACD histogram', value: number(last(series.macd.histogram), 4) },
    { name: 'Stochastic %K (14)', value: number(last(series.stochastic14.k)) },
    { name: 'Stochastic %D (3)', value: number(last(series.stochastic14.d)) },
    { name: 'ADX (14)', value: number(last(series.adx14)) },
    { name: 'ATR (14)', value: rupees(last(series.atr14)) },
    { name: 'SMA (20)', value: rupees(last(series.sma20)) },
    { name: 'SMA (50)', value: rupees(last(series.sma50)) },
    { name: 'EMA (20)', value: rupees(last(series.ema20)) },
    { name: 'Bollinger upper (20, 2)', value: rupees(last(series.bollinger20.upper)) },
    { name: 'Bollinger lower (20, 2)', value: rupees(last(series.bollinger20.lower)) },
    { name: `VWAP${since}`, value: rupees(last(series.vwap)) },
    { name: `OBV${since}`, value: number(last(series.obv), 0) },
  ];
};

/** What each indicator measures, in a line; describes, never advises. */
const HELP: ReadonlyArray<readonly [string, string]> = [
  ['Relative strength index', 'How strong recent gains were against recent losses, on a 0–100 scale. Above 70 is often called overbought, below 30 oversold.'],
  ['MACD', 'The gap between the 12- and 26-day exponential averages; the signal line is its 9-day average and the histogram the difference between the two.'],
  ['Stochastic', 'Where the close sits within the high–low range of the last 14 days, 0–100; %D smooths %K over 3 days.'],
  ['Average directional index', 'How strong the trend is, whichever way it runs; above 25 is usually called a strong trend.'],
  ['Average true range', 'How far the price typically moves in a day, in rupees.'],
  ['Moving averages', 'The average close of the last 20 or 50 days; the exponential average gives recent days more weight.'],
  ['Bollinger Bands', 'The 20-day average plus and minus two standard deviations; the bands widen when prices swing more.'],
  ['VWAP and OBV', 'Counted from the first day of the chart’s range: the average price weighted by volume, and volume added on up days and taken away on down days.'],
];

/**
 * The latest value of every indicator, on split/bonus-adjusted prices. For a stock with little history (`short`) only
 * the indicators that have a value are listed, and a line says the others are on their way.
 */
export function IndicatorValues({ indicators, short = false }: { indicators: MarketIndicatorPoints; short?: boolean }) {
  const all = rowsOf(indicators);
  const rows = short ? all.filter((row) => row.value !== NOT_A_NUMBER) : all;
  if (!rows.length) return <p className="muted">{TECHNICAL_TEXTS.noIndicatorsYet}</p>;
  return (
    <>
      {rows.length < all.length ? <p className="muted">{TECHNICAL_TEXTS.indicatorsWaiting}</p> : null}
      <table className="data-table indicator-table">
        <caption className="table-caption">
          Latest values on <time dateTime={indicators.as_of}>{formatMarketDate(indicators.as_of)}</time>, on adjusted prices
        </caption>
        <thead>
          <tr>
            <th scope="col">Indicator</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td data-testid={row.testId}>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="indicator-help">
        <summary>What these indicators measure</summary>
        <dl>
          {HELP.map(([term, meaning]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
    </>
  );
}
