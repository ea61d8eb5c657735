import type { ForecastLiveRecord, LiveRecordHorizon } from '@nivesh/proto';
import { useId } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { useCompliance } from '../../../lib/get-compliance';
import { useLiveRecord } from '../api/get-live-record';
import {
  LIVE_RECORD_TEXTS,
  formatErrorFigure,
  formatShare,
  liveRecordCounts,
  liveRecordHorizon,
  liveRecordScored,
  liveRecordTitle,
  liveRecordTooFew,
} from '../texts';

/** One horizon: its shares and errors once it has enough scored forecasts, else how many it has, in a sentence. */
function HorizonFigures({ horizon, minimum }: { horizon: LiveRecordHorizon; minimum: ForecastLiveRecord['minimum'] }) {
  const { horizon_days: days, scored, first, last } = horizon;
  if (!horizon.enough || horizon.coverage80 === null || horizon.coverage95 === null || first === null || last === null) {
    return <p className="live-record-too-few">{liveRecordTooFew(days, scored, horizon.days, minimum)}</p>;
  }
  return (
    <dl className="live-record-figures">
      <div>
        <dt>{LIVE_RECORD_TEXTS.band80}</dt>
        <dd>{formatShare(horizon.coverage80)}</dd>
      </div>
      <div>
        <dt>{LIVE_RECORD_TEXTS.band95}</dt>
        <dd>{formatShare(horizon.coverage95)}</dd>
      </div>
      <div>
        <dt>{LIVE_RECORD_TEXTS.relativeMae}</dt>
        <dd>{horizon.relative_mae === null ? LIVE_RECORD_TEXTS.noRelativeMae : formatErrorFigure(horizon.relative_mae)}</dd>
      </div>
      <div>
        <dt>{LIVE_RECORD_TEXTS.scored}</dt>
        <dd>{liveRecordScored(scored, horizon.days, first, last)}</dd>
      </div>
    </dl>
  );
}

function LiveRecordBody({ record }: { record: ForecastLiveRecord }) {
  if (record.recorded === 0) return <p className="muted">{LIVE_RECORD_TEXTS.nothingRecorded}</p>;
  return (
    <>
      <p className="live-record-counts">{liveRecordCounts(record.scored, record.recorded)}</p>
      {record.scored > 0 ? (
        <ul className="live-record-horizons">
          {record.horizons.map((horizon) => (
            <li key={horizon.horizon_days}>
              <h3>{liveRecordHorizon(horizon.horizon_days)}</h3>
              <HorizonFigures horizon={horizon} minimum={record.minimum} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * TrendVision's live, out-of-sample record beside the back-test: the forecasts it served, scored as their closes
 * arrived, at 1, 5 and 10 trading days ahead. A horizon shows figures only once it has enough scored forecasts.
 */
export function LiveRecord() {
  const headingId = useId();
  const record = useLiveRecord();
  const education = useCompliance().data?.profile === 'education';
  return (
    <section className="panel live-record" aria-labelledby={headingId}>
      <h2 id={headingId}>{liveRecordTitle(record.data?.since ?? null)}</h2>
      <p className="muted">{LIVE_RECORD_TEXTS.lead}</p>
      {education ? (
        <p className="muted" data-testid="live-record-education">
          {LIVE_RECORD_TEXTS.education}
        </p>
      ) : null}
      <QueryState query={record} what="live record">
        {(data) => <LiveRecordBody record={data} />}
      </QueryState>
    </section>
  );
}
