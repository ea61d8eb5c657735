import type { PredictResponse } from '@nivesh/proto';
import { useId } from 'react';
import { formatIndianNumber, formatMarketDate } from '../../../lib/format';
import {
  ERROR_MEASURE_TEXTS,
  ERROR_TABLE_TEXTS,
  TRENDVISION_TEXTS,
  bandCoverage,
  daysLabel,
  errorsComparedWithNaive,
  errorsComparedWithTypicalDay,
  formatErrorFigure,
} from '../texts';

type AccuracyCardProps = { result: Pick<PredictResponse, 'accuracy' | 'model_name' | 'computed_at'> };

type Accuracy = PredictResponse['accuracy'];

type Reported = { days: number; relativeMae: number; mase: number };

/** The reported horizons in order: 1, 5 and 10 days, and 30 on a premium answer. */
const reportedHorizons = ({ relative_mae: relative, mase }: Accuracy): Reported[] => [
  { days: 1, relativeMae: relative.h1, mase: mase.h1 },
  { days: 5, relativeMae: relative.h5, mase: mase.h5 },
  { days: 10, relativeMae: relative.h10, mase: mase.h10 },
  ...(relative.h30 !== undefined && mase.h30 !== undefined ? [{ days: 30, relativeMae: relative.h30, mase: mase.h30 }] : []),
];

/**
 * 'How accurate is this?': the served forecast's back-tested errors against assuming no change (relative MAE) and
 * against a typical day's move (MASE), and how often its bands held.
 */
export function AccuracyCard({ result }: AccuracyCardProps) {
  const headingId = useId();
  const { accuracy } = result;
  const { test_window: period } = accuracy;
  const reported = reportedHorizons(accuracy);
  // The longest horizon (30 days on a premium answer, else 10) leads; the shorter ones follow in the list.
  const longest = reported.at(-1)!;
  const others = reported.slice(0, -1);
  return (
    <section className="panel accuracy-card" aria-labelledby={headingId} data-testid="accuracy-card">
      <h2 id={headingId}>How accurate is this?</h2>
      {accuracy.beats_naive ? (
        <>
          <p className="accuracy-lead">{errorsComparedWithNaive(longest.days, longest.relativeMae)}</p>
          <ul className="accuracy-list">
            {others.map(({ days, relativeMae }) => (
              <li key={days}>{errorsComparedWithNaive(days, relativeMae)}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="accuracy-lead">{TRENDVISION_TEXTS.noModelBeatNaive}</p>
      )}
      <ul className="accuracy-list">
        <li>{errorsComparedWithTypicalDay(longest.days, longest.mase)}</li>
        <li>{bandCoverage(80, accuracy.coverage80, accuracy.tests)}</li>
        <li>{bandCoverage(95, accuracy.coverage95, accuracy.tests)}</li>
      </ul>
      <table className="data-table accuracy-errors">
        <caption>{ERROR_TABLE_TEXTS.caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="text">
              {ERROR_TABLE_TEXTS.days}
            </th>
            <th scope="col">{ERROR_TABLE_TEXTS.relativeMae}</th>
            <th scope="col">{ERROR_TABLE_TEXTS.mase}</th>
          </tr>
        </thead>
        <tbody>
          {reported.map(({ days, relativeMae, mase }) => (
            <tr key={days}>
              <th scope="row" className="text">
                {daysLabel(days)}
              </th>
              <td>{formatErrorFigure(relativeMae)}</td>
              <td>{formatErrorFigure(mase)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted accuracy-note">{ERROR_MEASURE_TEXTS.relativeMae}</p>
      <p className="muted accuracy-note">{ERROR_MEASURE_TEXTS.mase}</p>
      <dl className="accuracy-facts">
        <div>
          <dt>Model</dt>
          <dd>{result.model_name}</dd>
        </div>
        <div>
          <dt>Compared with</dt>
          <dd>Simply assuming no change (the naive forecast)</dd>
        </div>
        <div>
          <dt>Test period</dt>
          <dd>
            <time dateTime={period.from}>{formatMarketDate(period.from)}</time> to <time dateTime={period.to}>{formatMarketDate(period.to)}</time>,{' '}
            forecasts made on {formatIndianNumber(accuracy.origins, 0)} {accuracy.origins === 1 ? 'day' : 'days'}
          </dd>
        </div>
        <div>
          <dt>Back-test computed</dt>
          <dd>
            <time dateTime={result.computed_at}>{formatMarketDate(result.computed_at.slice(0, 10))}</time>
          </dd>
        </div>
      </dl>
      <p className="muted accuracy-note">{TRENDVISION_TEXTS.chosenLater}</p>
    </section>
  );
}
