import type { PredictResponse } from '@nivesh/proto';
import { useId } from 'react';
import { formatIndianNumber, formatMarketDate } from '../../../lib/format';
import { TRENDVISION_TEXTS, bandCoverage, errorsComparedWithNaive } from '../texts';

type AccuracyCardProps = { result: Pick<PredictResponse, 'accuracy' | 'model_name' | 'computed_at'> };

type Mase = PredictResponse['accuracy']['mase'];

type Reported = { days: number; value: number };

/** The longest reported horizon (30 days on a premium answer, else 10) for the lead; the shorter ones for the list. */
const byHorizon = (mase: Mase): { longest: Reported; others: Reported[] } => {
  const shorter = [
    { days: 1, value: mase.h1 },
    { days: 5, value: mase.h5 },
  ];
  const ten = { days: 10, value: mase.h10 };
  return mase.h30 === undefined ? { longest: ten, others: shorter } : { longest: { days: 30, value: mase.h30 }, others: [...shorter, ten] };
};

/** 'How accurate is this?': the served forecast's back-tested errors against assuming no change, and how often its bands held. */
export function AccuracyCard({ result }: AccuracyCardProps) {
  const headingId = useId();
  const { accuracy } = result;
  const { test_window: period } = accuracy;
  const { longest, others } = byHorizon(accuracy.mase);
  return (
    <section className="panel accuracy-card" aria-labelledby={headingId} data-testid="accuracy-card">
      <h2 id={headingId}>How accurate is this?</h2>
      {accuracy.beats_naive ? (
        <>
          <p className="accuracy-lead">{errorsComparedWithNaive(longest.days, longest.value)}</p>
          <ul className="accuracy-list">
            {others.map(({ days, value }) => (
              <li key={days}>{errorsComparedWithNaive(days, value)}</li>
            ))}
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
