import type { PaymentDeadLetters, ServiceStatus, SystemStatusResponse } from '@nivesh/proto';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { ScrollTable } from '../../../components/scroll-table';
import { useSystemStatus } from '../api/get-system-status';
import { clip, formatIndianDayTime } from '../format';
import { ADMIN_TEXTS } from '../texts';
import { MarketDataSection } from './market-data-section';
import './admin.css';

const DEAD_LETTER_TEXTS = ADMIN_TEXTS.deadLetters;

const DEPENDENCY_NAMES: Record<keyof SystemStatusResponse['dependencies'], string> = {
  postgres: 'Database (PostgreSQL)',
  redis: 'Redis',
};

/** What a service can do today, in words: answering is not the same as having its features built. */
export const serviceStateText = ({ state, features_total: total, features_not_built: notBuilt }: ServiceStatus): string => {
  if (state === 'down') return 'not answering';
  const running = state === 'running' ? 'running' : 'answering, but cannot reach its database or Redis';
  if (notBuilt === null || total === 0) return running;
  if (notBuilt === 0) return `${running}; all ${total} of its features are built`;
  if (notBuilt === total) return `${running}; its features are not built yet`;
  return `${running}; ${notBuilt} of its ${total} features are not built yet`;
};

/** One line for the whole system, true to what each service can do, and naming payment webhooks set aside. */
export const overallText = ({ dependencies, services, payment_dead_letters: deadLetters }: SystemStatusResponse): string => {
  const setAside = deadLetters && deadLetters.total > 0 ? `; ${DEAD_LETTER_TEXTS.inOverall(deadLetters.total)}` : '';
  const failing = Object.values(dependencies).filter((check) => check !== 'ok').length + services.filter((s) => s.state !== 'running').length;
  if (failing > 0) return `${failing} of ${services.length + 2} parts need attention${setAside}`;
  const unbuilt = services.filter((service) => (service.features_not_built ?? 0) > 0).length;
  if (unbuilt === 0) return `Every part is running${setAside}`;
  return `Every part is running; ${unbuilt} of ${services.length} services have features that are not built yet${setAside}`;
};

/** The payment webhooks premium set aside: how many, and the newest with their reason in words. */
function DeadLetters({ letters }: { letters: PaymentDeadLetters | null }) {
  return (
    <section className="dead-letters" aria-labelledby="dead-letters-heading" data-testid="payment-dead-letters">
      <h3 id="dead-letters-heading" className="dead-letters-title">
        {DEAD_LETTER_TEXTS.title}
      </h3>
      <p className="muted">{DEAD_LETTER_TEXTS.lead}</p>
      {letters === null ? (
        <p className="bad" data-testid="dead-letters-count">
          {DEAD_LETTER_TEXTS.unknown}
        </p>
      ) : letters.total === 0 ? (
        <p className="ok" data-testid="dead-letters-count">
          {DEAD_LETTER_TEXTS.none}
        </p>
      ) : (
        <>
          <p className="bad" data-testid="dead-letters-count">
            {DEAD_LETTER_TEXTS.count(letters.total)}
            {letters.latest.length < letters.total ? ` ${DEAD_LETTER_TEXTS.showing(letters.latest.length, letters.total)}` : ''}
          </p>
          <ScrollTable label={DEAD_LETTER_TEXTS.tableLabel}>
            <table className="data-table dead-letters-table">
              <caption className="visually-hidden">{DEAD_LETTER_TEXTS.tableLabel}</caption>
              <thead>
                <tr>
                  <th scope="col">{DEAD_LETTER_TEXTS.columns.received}</th>
                  <th scope="col">{DEAD_LETTER_TEXTS.columns.event}</th>
                  <th scope="col">{DEAD_LETTER_TEXTS.columns.reason}</th>
                </tr>
              </thead>
              <tbody>
                {letters.latest.map((letter) => (
                  <tr key={letter.event_id} data-testid="dead-letter">
                    <th scope="row">
                      <time dateTime={letter.received_at}>{formatIndianDayTime(letter.received_at)}</time>
                    </th>
                    <td>
                      {letter.event_type === null ? <span className="muted">{DEAD_LETTER_TEXTS.noEventName}</span> : clip(letter.event_type, 60)}
                      <span className="muted dead-letter-id">{DEAD_LETTER_TEXTS.eventId(clip(letter.event_id, 60))}</span>
                    </td>
                    <td>
                      {DEAD_LETTER_TEXTS.reasons[letter.reason]}
                      <span className="muted dead-letter-detail">
                        {clip(letter.detail, 240)} {DEAD_LETTER_TEXTS.tries(letter.attempts)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </>
      )}
    </section>
  );
}

/** The compliance profile the deployment runs under, and its rules as the About page states them. */
function ComplianceSection({ compliance }: { compliance: SystemStatusResponse['compliance'] }) {
  const texts = ADMIN_TEXTS.compliance;
  const analyst = compliance.research_analyst;
  return (
    <section className="compliance" aria-labelledby="compliance-heading" data-testid="admin-compliance">
      <h3 id="compliance-heading" className="market-data-title">
        {texts.title}
      </h3>
      <p>{analyst ? texts.registered(analyst.name, analyst.registration_number) : texts.education}</p>
      <ul className="muted">
        {compliance.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}

function StatusDetails({ status }: { status: SystemStatusResponse }) {
  const healthy =
    Object.values(status.dependencies).every((check) => check === 'ok') &&
    status.services.every((s) => s.state === 'running') &&
    (status.payment_dead_letters?.total ?? 0) === 0;
  return (
    <>
      <p className={healthy ? 'overall ok' : 'overall bad'} role="status" data-testid="system-overall">
        {overallText(status)}
      </p>
      <table className="checks">
        <caption className="visually-hidden">Services and their state</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Part</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(DEPENDENCY_NAMES) as Array<keyof typeof DEPENDENCY_NAMES>).map((name) => (
            <tr key={name} data-testid={`status-${name}`}>
              <th scope="row">{DEPENDENCY_NAMES[name]}</th>
              <td className={status.dependencies[name] === 'ok' ? 'ok' : 'bad'}>{status.dependencies[name] === 'ok' ? 'answering' : 'not answering'}</td>
            </tr>
          ))}
          {status.services.map((service) => (
            <tr key={service.service} data-testid={`status-${service.service}`}>
              <th scope="row">
                {service.name} <span className="muted">({service.service})</span>
              </th>
              <td>
                <span className={service.state === 'running' ? 'ok' : 'bad'}>{serviceStateText(service)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <DeadLetters letters={status.payment_dead_letters} />
      <MarketDataSection data={status.market_data} />
      <ComplianceSection compliance={status.compliance} />
      <p className="muted">
        Checked at <time dateTime={status.checked_at}>{new Date(status.checked_at).toLocaleTimeString('en-IN')}</time>.
      </p>
    </>
  );
}

/** For administrators: whether each part of Nivesh answers, which features are not built yet, and how current the market data is. */
export function SystemStatusPanel() {
  const queryClient = useQueryClient();
  const status = useSystemStatus();
  const refreshing = useIsFetching({ queryKey: ['system', 'status'] }) > 0;

  return (
    <section className="panel span-2" aria-labelledby="status-heading">
      <div className="panel-head">
        <h2 id="status-heading" className="panel-title">
          System status
        </h2>
        <button type="button" onClick={() => void queryClient.invalidateQueries({ queryKey: ['system', 'status'] })} disabled={refreshing}>
          {refreshing ? 'Checking…' : 'Check again'}
        </button>
      </div>
      {status.isPending ? (
        <p className="muted" role="status">
          Checking every part…
        </p>
      ) : status.isError ? (
        <p className="error" role="alert">
          Could not read the system status. {status.error.message}
        </p>
      ) : (
        <StatusDetails status={status.data} />
      )}
    </section>
  );
}
