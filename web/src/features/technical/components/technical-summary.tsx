import type { MarketTechnicalSummary, PriceLevel } from '@nivesh/proto';
import { NOT_A_NUMBER, formatINR, formatIndianNumber, formatMarketDate, formatSignedPercent } from '../../../lib/format';
import { TECHNICAL_TEXTS } from '../texts';

type Format = (value: number) => string;
const rupees: Format = (value) => formatINR(value);
const percent: Format = (value) => `${formatIndianNumber(value, 2)}%`;

/** How the server's figures read; a figure it adds later shows under its own key. */
const FIGURES: Record<string, { name: string; format: Format }> = {
  close: { name: 'Close', format: rupees },
  sma50: { name: '50-day average', format: rupees },
  sma200: { name: '200-day average', format: rupees },
  sma50_slope_pct: { name: '50-day average, change over 20 days', format: (value) => formatSignedPercent(value) },
  rsi14: { name: 'RSI, 14 days', format: (value) => formatIndianNumber(value, 2) },
  macd_histogram: { name: 'MACD histogram', format: (value) => formatIndianNumber(value, 4) },
  return_1m_pct: { name: '1-month return', format: (value) => formatSignedPercent(value) },
  atr14_pct: { name: 'Average true range, % of price', format: percent },
  realised_20d_pct: { name: '20-day volatility, annualised', format: percent },
  percentile: { name: 'Rank of today’s range in the last year (percentile)', format: (value) => formatIndianNumber(value, 0) },
};

const figureName = (key: string) => FIGURES[key]?.name ?? key.replace(/_/g, ' ');
const figureValue = (key: string, value: number | null) => {
  if (value === null) return NOT_A_NUMBER;
  const format = FIGURES[key]?.format ?? ((v: number) => formatIndianNumber(v, 2));
  return format(value);
};

/** Each reading, and the figure it is decided on: without it (too little history) the label would be a default, not a reading. */
const READINGS = [
  { key: 'trend', title: 'Trend', decidedBy: 'sma50_slope_pct' },
  { key: 'momentum', title: 'Momentum', decidedBy: 'rsi14' },
  { key: 'volatility', title: 'Volatility', decidedBy: 'percentile' },
] as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Trend, momentum and volatility: the reading, what it commonly means and the figures behind it. */
export function TechnicalReadings({ summary }: { summary: MarketTechnicalSummary }) {
  return (
    <div className="readings">
      {READINGS.map(({ key, title, decidedBy }) => {
        const reading = summary[key];
        const known = reading.figures[decidedBy] !== null;
        return (
          <article key={key} className="reading" data-testid={`reading-${key}`}>
            <h3>
              {title}:{' '}
              {known ? (
                <span className={`reading-label ${reading.label}`}>{capitalised(reading.label)}</span>
              ) : (
                <span className="reading-label">{TECHNICAL_TEXTS.readingUnknown}</span>
              )}
            </h3>
            <p>{reading.meaning}</p>
            <dl className="figure-list">
              {Object.entries(reading.figures).map(([name, value]) => (
                <div key={name}>
                  <dt>{figureName(name)}</dt>
                  <dd>{figureValue(name, value)}</dd>
                </div>
              ))}
            </dl>
          </article>
        );
      })}
    </div>
  );
}

function LevelTable({ caption, levels, testId }: { caption: string; levels: readonly PriceLevel[]; testId: string }) {
  if (!levels.length) {
    return (
      <p className="muted" data-testid={testId}>
        {caption}: {TECHNICAL_TEXTS.noLevels}
      </p>
    );
  }
  return (
    <table className="data-table" data-testid={testId}>
      <caption className="table-caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Level</th>
          <th scope="col">Turns</th>
          <th scope="col">Last turned</th>
        </tr>
      </thead>
      <tbody>
        {levels.map((level) => (
          <tr key={level.price}>
            <th scope="row">{formatINR(level.price)}</th>
            <td>{level.touches}</td>
            <td>
              <time dateTime={level.last_date}>{formatMarketDate(level.last_date)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where the stock turned in the last year, below the close (support) and above it (resistance), nearest first. */
export function SupportResistance({ summary }: { summary: MarketTechnicalSummary }) {
  return (
    <>
      <p className="muted" data-testid="levels-explained">
        {TECHNICAL_TEXTS.levelsExplained}
      </p>
      <p className="muted">
        Up to three on each side, those with the most turns, listed nearest to the close of {formatINR(summary.close)} first.
      </p>
      <LevelTable caption="Resistance (above the close)" levels={summary.resistance} testId="resistance" />
      <LevelTable caption="Support (below the close)" levels={summary.support} testId="support" />
    </>
  );
}
