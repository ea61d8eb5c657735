import type { ServiceStatus, SystemStatusResponse } from '@nivesh/proto';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useSystemStatus } from '../api/get-system-status';
import './admin.css';

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

/** One line for the whole system, true to what each service can do. */
export const overallText = ({ dependencies, services }: SystemStatusResponse): string => {
  const failing = Object.values(dependencies).filter((check) => check !== 'ok').length + services.filter((s) => s.state !== 'running').length;
  if (failing > 0) return `${failing} of ${services.length + 2} parts need attention`;
  const unbuilt = services.filter((service) => (service.features_not_built ?? 0) > 0).length;
  if (unbuilt === 0) return 'Every part is running';
  return `Every part is running; ${unbuilt} of ${services.length} services have features that are not built yet`;
};

function StatusDetails({ status }: { status: SystemStatusResponse }) {
  const healthy = Object.values(status.dependencies).every((check) => check === 'ok') && status.services.every((s) => s.state === 'running');
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
      <p className="muted">
        Checked at <time dateTime={status.checked_at}>{new Date(status.checked_at).toLocaleTimeString('en-IN')}</time>.
      </p>
    </>
  );
}

/** For administrators: whether each part of Nivesh answers, and which features are not built yet. */
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
