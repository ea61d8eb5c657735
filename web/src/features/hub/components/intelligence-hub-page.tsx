import { useId } from 'react';
import { PricesAsOf } from '../../../components/market/prices-as-of';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { UnknownSymbol } from '../../../components/market/unknown-symbol';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { useAuthDialog } from '../../../hooks/use-auth-dialog';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useIsUnknownSymbol } from '../../../lib/market/get-symbols';
import { useSelectedSymbol } from '../../../lib/market/selected-symbol';
import { useSession } from '../../../lib/session';
import { type HubStreamState, useHubStream } from '../api/stream-report';
import { HUB_AGENT_ORDER, HUB_TEXTS, progressText } from '../texts';
import { AgentCard } from './agent-card';
import { HowMade } from './how-made';
import { HubReportView } from './hub-report-view';
import '../../../components/market/market.css';
import './hub.css';

function LoginPrompt() {
  const dialog = useAuthDialog();
  return (
    <section className="panel hub-login" aria-label="Log in to use the Intelligence Hub">
      <p>{HUB_TEXTS.loginPrompt}</p>
      <button type="button" className="primary" onClick={() => dialog.open('signin')}>
        {HUB_TEXTS.loginButton}
      </button>
    </section>
  );
}

function Progress({ state }: { state: HubStreamState }) {
  const done = Object.keys(state.agents).length;
  return (
    <p className="hub-progress" role="status" aria-live="polite">
      {state.status === 'running' ? progressText(done, HUB_AGENT_ORDER.length) : null}
    </p>
  );
}

function Run({ symbol }: { symbol: string }) {
  const agentsId = useId();
  const reportId = useId();
  const [state, runAgain] = useHubStream(symbol, true);
  const { report } = state;
  return (
    <>
      <div className="hub-run-head">
        <Progress state={state} />
        <button type="button" className="secondary" onClick={runAgain} disabled={state.status === 'running'}>
          {HUB_TEXTS.runAgain}
        </button>
      </div>
      {state.error ? (
        <div className="query-error" role="alert">
          <p>Could not build the report on {symbol}: {state.error.message}</p>
        </div>
      ) : null}
      <section className="hub-agents" aria-labelledby={agentsId}>
        <h2 id={agentsId}>{HUB_TEXTS.agentsTitle}</h2>
        <div className="hub-agent-grid">
          {HUB_AGENT_ORDER.map((agent) => (
            <AgentCard key={agent} agent={agent} result={state.agents[agent]} />
          ))}
        </div>
      </section>
      <section className="panel hub-report" aria-labelledby={reportId} aria-busy={state.status === 'running' || undefined}>
        <h2 id={reportId}>
          {HUB_TEXTS.reportTitle}
          {report ? `: ${report.company} (${report.symbol})` : ''}
        </h2>
        {report ? <PricesAsOf date={report.as_of} /> : null}
        {report ? <HubReportView report={report} /> : <p className="muted">{HUB_TEXTS.waitingForReport}</p>}
      </section>
      {report ? (
        <details className="panel hub-how">
          <summary>{HUB_TEXTS.howMadeTitle}</summary>
          <HowMade report={report} />
        </details>
      ) : null}
    </>
  );
}

/**
 * /multi-agent: the Intelligence Hub. A logged-in user picks a stock; six agents' cards fill in as their answers stream
 * in, then the composed report, and 'How this was made' shows each agent's inputs and timing. The route is open (SPEC);
 * visitors are asked to log in, as the sidebar does.
 */
export function IntelligenceHubPage() {
  usePageMeta({ title: HUB_TEXTS.title, description: HUB_TEXTS.description, path: '/multi-agent' });
  const { user } = useSession();
  const [symbol, setSymbol] = useSelectedSymbol();
  const unknown = useIsUnknownSymbol(symbol);
  return (
    <div className="page-body hub-page">
      <PageHeader title={HUB_TEXTS.title} lead={HUB_TEXTS.lead} />
      <EducationalNotice />
      {user === null ? (
        <LoginPrompt />
      ) : (
        <>
          <div className="hub-toolbar">
            <SymbolPicker value={symbol} onChange={setSymbol} />
          </div>
          {unknown ? <UnknownSymbol symbol={symbol} /> : <Run key={symbol} symbol={symbol} />}
        </>
      )}
    </div>
  );
}
