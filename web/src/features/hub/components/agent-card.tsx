import type { HubAgentName, HubAgentResult, HubFinding } from '@nivesh/proto';
import { useId } from 'react';
import { formatMarketDate } from '../../../lib/format';
import { AGENT_INTROS, HUB_TEXTS, LEAN_NAMES, STATUS_NAMES } from '../texts';

function Finding({ finding }: { finding: HubFinding }) {
  return (
    <li className="hub-finding">
      <h4>{finding.title}</h4>
      <p>{finding.text}</p>
      <dl>
        <div>
          <dt>{HUB_TEXTS.means}</dt>
          <dd>{finding.means}</dd>
        </div>
        <div>
          <dt>{HUB_TEXTS.doesNotMean}</dt>
          <dd>{finding.does_not_mean}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * One agent's card: its name and question at once, 'Working...' until its answer arrives, then its reading, its
 * findings with what each means and does not mean, or why it has none.
 */
export function AgentCard({ agent, result }: { agent: HubAgentName; result: HubAgentResult | undefined }) {
  const headingId = useId();
  const intro = AGENT_INTROS[agent];
  const status = result?.status ?? 'working';
  return (
    <article className="panel hub-agent" aria-labelledby={headingId} aria-busy={result ? undefined : true} data-status={status} data-testid={`hub-agent-${agent}`}>
      <header className="hub-agent-head">
        <h3 id={headingId}>{result?.name ?? intro.name} agent</h3>
        <span className={`hub-status hub-status-${status}`}>{STATUS_NAMES[status]}</span>
      </header>
      <p className="muted hub-question">{result?.question ?? intro.question}</p>
      {result === undefined ? null : result.status === 'ok' ? (
        <>
          <p className="hub-reading">
            {result.lean ? <span className={`hub-lean hub-lean-${result.lean}`}>{LEAN_NAMES[result.lean]}</span> : null} <strong>{result.reading}</strong>
          </p>
          <p>{result.headline}</p>
          <ul className="hub-findings">
            {result.findings.map((finding, index) => (
              <Finding key={`${finding.title}-${index}`} finding={finding} />
            ))}
          </ul>
        </>
      ) : (
        <p className="hub-detail">{result.detail}</p>
      )}
      {result?.findings[0]?.as_of ? (
        <p className="muted hub-as-of">
          Data as of <time dateTime={result.findings[0].as_of}>{formatMarketDate(result.findings[0].as_of)}</time>
        </p>
      ) : null}
    </article>
  );
}
