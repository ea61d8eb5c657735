import type { PredictResponse } from '@nivesh/proto';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { AiNote } from '../../../components/compliance/ai-note';
import { ScrollTable } from '../../../components/scroll-table';
import { formatINR, formatMarketDate } from '../../../lib/format';
import { useHistory } from '../../../lib/market/get-history';
import {
  FREE_FORECAST_HORIZON_DAYS,
  OUTCOME_TEXTS,
  RESEARCH_DISCLOSURES_LINK,
  TRENDVISION_TEXTS,
  forecastHeading,
  illustrationReason,
  longTableHint,
  outcomeSummary,
  researchAnalystLine,
} from '../texts';
import { FanChart } from './fan-chart';

/** About three months of trading days before the forecast, cut from the 6-month history the market pages share. */
const HISTORY_BARS = 65;

/** A band's edges; on a narrow screen the upper one goes under the lower (prediction.css). */
const band = (lower: number | undefined, upper: number | undefined) => (
  <>
    {formatINR(lower ?? Number.NaN)} – <span className="forecast-band-upper">{formatINR(upper ?? Number.NaN)}</span>
  </>
);

/** '29 Mar': the date under 'Day N' on a narrow screen, where the date column is hidden from view. */
const dayAndMonth = (date: string) => formatMarketDate(date).replace(/ \d{4}$/, '');

/** An actual close in the table: rupees, or 'Not yet' for a forecast day still to come. */
const actualClose = (close: number | null | undefined) => (close === null || close === undefined ? OUTCOME_TEXTS.notYet : formatINR(close));

/**
 * The forecast's rows: 'Day N' with its date, the forecast close and both bands; for an illustration, each day's
 * actual close too (on a narrow screen under the forecast close, its column kept for screen readers).
 */
function ForecastRows({ result }: { result: PredictResponse }) {
  const actual = result.illustration?.outcome.actual;
  return (
    <table className="data-table forecast-table">
      <caption className="visually-hidden">{actual ? OUTCOME_TEXTS.caption : 'Forecast closing prices'}</caption>
      <thead>
        <tr>
          <th scope="col">Trading day</th>
          <th scope="col" className="forecast-date">
            Date
          </th>
          <th scope="col">Forecast close</th>
          {actual ? (
            <th scope="col" className="forecast-actual">
              {OUTCOME_TEXTS.actual}
            </th>
          ) : null}
          <th scope="col">80 % band</th>
          <th scope="col">95 % band</th>
        </tr>
      </thead>
      <tbody>
        {result.forecast.map((value, index) => {
          const date = result.dates[index];
          return (
            <tr key={index}>
              <th scope="row">
                {`Day ${index + 1}`}
                {date ? (
                  <span className="forecast-day-date" aria-hidden="true">
                    {dayAndMonth(date)}
                  </span>
                ) : null}
              </th>
              <td className="forecast-date">{date ? <time dateTime={date}>{formatMarketDate(date)}</time> : null}</td>
              <td>
                {formatINR(value)}
                {actual ? (
                  <span className="forecast-actual-under" aria-hidden="true">
                    <span>{OUTCOME_TEXTS.actualShort}</span> {actualClose(actual[index])}
                  </span>
                ) : null}
              </td>
              {actual ? <td className="forecast-actual">{actualClose(actual[index])}</td> : null}
              <td>{band(result.lower80[index], result.upper80[index])}</td>
              <td>{band(result.lower95[index], result.upper95[index])}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The figures day by day. Up to the free horizon the table is as long as its rows; a longer one (30 days) scrolls
 * inside a box of about ten rows under headers that stay in view, so the accuracy and the model comparison stay near.
 */
function ForecastTable({ result }: { result: PredictResponse }) {
  if (result.forecast.length <= FREE_FORECAST_HORIZON_DAYS) {
    return (
      <ScrollTable label="Forecast table">
        <ForecastRows result={result} />
      </ScrollTable>
    );
  }
  return (
    <>
      {/* Focusable and named, so the keyboard can scroll it, as ScrollTable does for a wide table. */}
      <div className="forecast-table-long" role="region" aria-label="Forecast table" tabIndex={0}>
        <ForecastRows result={result} />
      </div>
      <p className="table-scroll-hint">{longTableHint(result.forecast.length)}</p>
    </>
  );
}

/**
 * Under the `registered` profile: whose research the forecast is, as the answer itself names it, with where to read the
 * analyst's disclosures.
 */
function ResearchAnalyst({ analyst }: { analyst: PredictResponse['research_analyst'] }) {
  return analyst ? (
    <p className="forecast-analyst" data-testid="research-analyst">
      {researchAnalystLine(analyst)} <Link to="/about#disclosures">{RESEARCH_DISCLOSURES_LINK}</Link>
    </p>
  ) : null;
}

/**
 * The forecast of one stock: the fan chart over its last months of prices, then the figures day by day. Under the
 * `education` profile the answer is an illustration: a forecast made 30 or more days ago, shown beside what happened.
 */
export function ForecastPanel({ result }: { result: PredictResponse }) {
  const headingId = useId();
  const history = useHistory(result.ticker, '6m');
  const { illustration } = result;
  // Another stock's prices stay in the query while this one's load (keepPreviousData): never drawn under this forecast.
  const bars = history.isPlaceholderData ? undefined : history.data?.bars;
  // The months before the forecast; for an illustration the closes after it are the outcome, drawn apart.
  const points = useMemo(
    () =>
      (bars ?? [])
        .filter((bar) => bar.date <= result.as_of)
        .slice(-HISTORY_BARS)
        .map((bar) => ({ date: bar.date, value: bar.close })),
    [bars, result.as_of],
  );
  const actual = useMemo(
    () =>
      illustration?.outcome.actual.flatMap((close, index) => {
        const date = result.dates[index];
        return close === null || date === undefined ? [] : [{ date, value: close }];
      }),
    [illustration, result.dates],
  );
  const historyFailed = !bars && history.isError;
  return (
    <section className="panel forecast-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{forecastHeading(result, illustration !== undefined)}</h2>
      {illustration ? (
        <p className="forecast-illustration-reason" data-testid="illustration-reason">
          {illustrationReason(illustration.lag_days, result.as_of)}
        </p>
      ) : (
        <>
          <ResearchAnalyst analyst={result.research_analyst} />
          <AiNote surface="trendvision" />
        </>
      )}
      <p className="muted">
        Based on closing prices up to <time dateTime={result.as_of}>{formatMarketDate(result.as_of)}</time>, adjusted for corporate actions; last close{' '}
        {formatINR(result.last_close)}.
      </p>
      {illustration ? (
        <p className="forecast-outcome" data-testid="forecast-outcome">
          {outcomeSummary(illustration.outcome, result.forecast.length)}
        </p>
      ) : null}
      <FanChart history={points} forecast={result} actual={actual} pending={!bars && !historyFailed} />
      {historyFailed ? <p className="muted forecast-note">{TRENDVISION_TEXTS.historyMissing}</p> : null}
      <ForecastTable result={result} />
      <p className="muted forecast-note">{TRENDVISION_TEXTS.sessions}</p>
    </section>
  );
}
