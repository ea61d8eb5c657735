import type { PredictResponse } from '@nivesh/proto';
import { useId } from 'react';
import { formatIndianNumber, formatMarketDate } from '../../../lib/format';
import { TRENDVISION_TEXTS, bandCoverage, errorsComparedWithNaive } from '../texts';

type AccuracyCardProps = { result: Pick<PredictResponse, 'accuracy' | 'model_name' | 'computed_at'> };

/** 'How accurate is this?': the served forecast's back-tested errors against assuming no change, and how often its bands held. */
export function AccuracyCard({ result }: AccuracyCardProps) {
  const headingId = useId();
  const { accuracy } = result;
  const { mase, test_window: period } = accuracy;
  return (
    <section className="panel accuracy-card" aria-labelledby={headingId} data-testid="accuracy-card">
      <h2 id={headingId}>How accurate is this?</h2>
      {accuracy.beats_naive ? (
        <>
          <p className="accuracy-lead">{errorsComparedWithNaive(10, mase.h10)}</p>
          <ul className="accuracy-list">
            <li>{errorsComparedWithNaive(1, mase.h1)}</li>
            <li>{errorsComparedWithNaive(5, mase.h5)}</li>
          </ul>
        </>
      ) : (
        <p className="accuracy-lead">{TRENDVISION_TEXTS.noModelBeatNaive}</p>
      )}
      <ul className="accuracy-list">
        <li>{bandCoverage(80, accuracy.coverage80, accuracy.tests)}</li>
        <li>{bandCoverage(95, accuracy.coverage95, accuracy.tests)}</li>
      </ul>
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
