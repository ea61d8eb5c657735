import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { usePing } from '../api/get-ping';
import { useReadiness } from '../api/get-readiness';

/** The service the page pings through the gateway, to show one RPC round trip end to end. */
const PING_SERVICE = 'tracking';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : 'Something went wrong.');

function ReadinessChecks() {
  const readiness = useReadiness();

  if (readiness.isPending) {
    return (
      <p className="muted" role="status">
        Checking the gateway…
      </p>
    );
  }
  if (readiness.isError) {
    return (
      <p className="error" role="alert">
        Could not read the system status. {errorText(readiness.error)}
      </p>
    );
  }

  const { status, checks } = readiness.data;
  const names = Object.keys(checks).sort();
  return (
    <>
      <p className={status === 'ready' ? 'overall ok' : 'overall bad'} role="status" data-testid="readiness">
        {status === 'ready' ? 'All systems ready' : 'Not ready'}
      </p>
      {names.length === 0 ? (
        <p className="muted">The gateway reported no checks.</p>
      ) : (
        <table className="checks">
          <caption className="visually-hidden">Readiness checks</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">Dependency</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {names.map((name) => (
              <tr key={name}>
                <th scope="row" id={`check-label-${name}`}>
                  {name}
                </th>
                <td
                  data-testid={`check-${name}`}
                  aria-labelledby={`check-label-${name} check-value-${name}`}
                  id={`check-value-${name}`}
                  className={checks[name] === 'ok' ? 'ok' : 'bad'}
                >
                  {checks[name]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function RpcPing() {
  const ping = usePing(PING_SERVICE);

  let text: string;
  let tone: string;
  if (ping.isPending) {
    text = `Asking ${PING_SERVICE}…`;
    tone = 'muted';
  } else if (ping.isError) {
    text = `${PING_SERVICE} did not answer. ${errorText(ping.error)}`;
    tone = 'bad';
  } else {
    text = `${ping.data.service} answered (instance ${ping.data.instance})`;
    tone = 'ok';
  }

  return (
    <p className={`ping ${tone}`} data-testid="rpc-ping" role={ping.isError ? 'alert' : undefined}>
      {text}
    </p>
  );
}

/** The gateway's readiness and one RPC round trip, with a button to check again. */
export function SystemStatusPanel() {
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: ['system'] }) > 0;

  return (
    <section className="panel" aria-labelledby="status-heading">
      <div className="panel-head">
        <h2 id="status-heading" className="panel-title">
          System status
        </h2>
        <button
          type="button"
          onClick={() => void queryClient.invalidateQueries({ queryKey: ['system'] })}
          disabled={refreshing}
        >
          {refreshing ? 'Checking…' : 'Check again'}
        </button>
      </div>
      <ReadinessChecks />
      <h3>Service round trip</h3>
      <RpcPing />
    </section>
  );
}
