import type { MarketIngestRun, SystemStatusResponse } from '@nivesh/proto';
import { ScrollTable } from '../../../components/scroll-table';
import { formatIndianNumber, formatMarketDate } from '../../../lib/format';
import { clip, formatIndianDayTime } from '../format';
import { ADMIN_TEXTS } from '../texts';

const TEXTS = ADMIN_TEXTS.marketData;
const COLUMNS = TEXTS.columns;

/** The market service's own texts start in lower case to follow a colon in the logs; on the page they start a sentence. */
const asSentence = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** What one run says besides its status: the error that stopped it, else a note (why the provider stood in, what NSE answered), and its checks. */
function RunDetails({ run }: { run: MarketIngestRun }) {
  const stopped = run.status === 'refused' || run.status === 'failed';
  const passed = run.checks.filter((check) => check.ok).length;
  return (
    <>
      {run.error === null ? null : (
        <span className={stopped ? 'bad run-error' : 'muted run-note'} data-testid="ingest-run-error">
          {clip(asSentence(run.error), 240)}
        </span>
      )}
      {run.checks.length === 0 ? (
        stopped ? <span className="muted run-note">{TEXTS.noChecks}</span> : null
      ) : (
        <details className="run-checks">
          <summary className={passed === run.checks.length ? undefined : 'bad'}>{TEXTS.checks(passed, run.checks.length)}</summary>
          <ul>
            {run.checks.map((check) => (
              <li key={check.name} data-testid="ingest-check">
                <span className={check.ok ? 'ok' : 'bad'} aria-label={check.ok ? TEXTS.checkPassed : TEXTS.checkFailed} role="img">
                  {check.ok ? '✓' : '✗'}
                </span>{' '}
                <strong>{TEXTS.checkName(check.name)}</strong>: {clip(check.detail, 240)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/**
 * The daily market data on the system status: how current the prices are (the market service's sentence), whether
 * the daily pipeline is on, and its last runs with their checks, so an admin sees why a day is missing.
 */
export function MarketDataSection({ data }: { data: SystemStatusResponse['market_data'] }) {
  return (
    <section className="market-data" aria-labelledby="market-data-heading" data-testid="market-data">
      <h3 id="market-data-heading" className="market-data-title">
        {TEXTS.title}
      </h3>
      <p className="muted">{TEXTS.lead}</p>
      {data === null ? (
        <p className="bad" data-testid="market-freshness">
          {TEXTS.unknown}
        </p>
      ) : (
        <>
          <p className={data.freshness.stale ? 'bad' : 'ok'} data-testid="market-freshness">
            {data.freshness.reason === 'current' || data.freshness.sentence === null ? TEXTS.current(formatMarketDate(data.freshness.last_session)) : data.freshness.sentence}
          </p>
          <p data-testid="market-pipeline">{data.freshness.live ? TEXTS.live : TEXTS.off}</p>
          {data.runs.length === 0 ? (
            <p className="muted" data-testid="ingest-runs-none">
              {TEXTS.noRuns}
            </p>
          ) : (
            <ScrollTable label={TEXTS.tableLabel}>
              <table className="data-table ingest-runs">
                <caption className="visually-hidden">{TEXTS.tableLabel}</caption>
                <thead>
                  <tr>
                    <th scope="col">{COLUMNS.tradingDay}</th>
                    <th scope="col">{COLUMNS.status}</th>
                    <th scope="col">{COLUMNS.source}</th>
                    <th scope="col">{COLUMNS.rows}</th>
                    <th scope="col">{COLUMNS.newBars}</th>
                    <th scope="col">{COLUMNS.duration}</th>
                    <th scope="col">{COLUMNS.started}</th>
                    <th scope="col">{COLUMNS.details}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.runs.map((run) => (
                    <tr key={`${run.trading_day}-${run.source}-${run.started_at}`} data-testid="ingest-run" data-status={run.status}>
                      <th scope="row">
                        <time dateTime={run.trading_day}>{formatMarketDate(run.trading_day)}</time>
                      </th>
                      <td className={run.status === 'refused' || run.status === 'failed' ? 'bad run-status' : 'run-status'}>{TEXTS.statuses[run.status]}</td>
                      <td data-label={COLUMNS.source}>{TEXTS.sources[run.source]}</td>
                      <td className="num" data-label={COLUMNS.rows}>{formatIndianNumber(run.rows)}</td>
                      <td className="num" data-label={COLUMNS.newBars}>{formatIndianNumber(run.new_bars)}</td>
                      <td className="num" data-label={COLUMNS.duration}>{TEXTS.duration(run.duration_ms)}</td>
                      <td data-label={COLUMNS.started}>
                        <time dateTime={run.started_at}>{formatIndianDayTime(run.started_at)}</time>
                      </td>
                      <td className="run-details">
                        <RunDetails run={run} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          )}
        </>
      )}
    </section>
  );
}
