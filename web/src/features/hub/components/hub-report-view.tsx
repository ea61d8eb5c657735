import type { HubComparison, HubReport } from '@nivesh/proto';
import { AiNote } from '../../../components/compliance/ai-note';
import { AGENT_INTROS, HUB_TEXTS } from '../texts';

function Comparisons({ title, items }: { title: string; items: readonly HubComparison[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul className="hub-comparisons">
        {items.map((item) => (
          <li key={item.agents.join('+')} data-agents={item.agents.join('+')}>
            <span className="visually-hidden">{item.agents.map((agent) => AGENT_INTROS[agent].name).join(' and ')}: </span>
            {item.text}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The composed report: the summary, where the agents agree and differ, the caveats and the compliance check. */
export function HubReportView({ report }: { report: HubReport }) {
  return (
    <div className="hub-report-body">
      <p className="hub-summary">{report.summary}</p>
      {report.cached ? <p className="muted">{HUB_TEXTS.cached}</p> : null}
      <Comparisons title={HUB_TEXTS.agreementsTitle} items={report.agreements} />
      <Comparisons title={HUB_TEXTS.disagreementsTitle} items={report.disagreements} />
      {report.agreements.length + report.disagreements.length === 0 ? <p className="muted">{HUB_TEXTS.noComparisons}</p> : null}
      <p className="muted hub-lean-note">{HUB_TEXTS.lean}</p>
      <h3>{HUB_TEXTS.caveatsTitle}</h3>
      <ul className="hub-caveats">
        {report.caveats.map((caveat) => (
          <li key={caveat}>{caveat}</li>
        ))}
      </ul>
      <p className="hub-compliance" data-testid="hub-compliance">
        {report.compliance.note}
      </p>
      <AiNote surface="hub" />
    </div>
  );
}
