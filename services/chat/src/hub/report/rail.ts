import type { HubAgentResult, HubReport } from '@nivesh/proto';
import { inspectAnswer, type RailHit } from '../../guard/output-rail';
import { COMPLIANCE_NOTES, WITHHELD_TEXT } from '../texts';
import type { DraftReport } from './compose';

/**
 * Passes every text of a report through Warren AI's output rail, the check every chat answer passes. Templates are
 * written to pass it; what they quote is not (a press headline can carry a target or a call), so a text that fails is
 * replaced by a sentence saying it was withheld, and counted. The report that leaves has no text the rail stops.
 */
export const applyRail = (draft: DraftReport, inspect: (text: string) => RailHit = inspectAnswer): HubReport => {
  let checked = 0;
  let withheld = 0;
  const pass = (text: string): string => {
    checked += 1;
    if (inspect(text) === null) return text;
    withheld += 1;
    return WITHHELD_TEXT;
  };
  const passOrNull = (text: string | null) => (text === null ? null : pass(text));
  const agent = (result: HubAgentResult): HubAgentResult => ({
    ...result,
    detail: passOrNull(result.detail),
    reading: passOrNull(result.reading),
    headline: passOrNull(result.headline),
    findings: result.findings.map((finding) => ({
      ...finding,
      title: pass(finding.title),
      text: pass(finding.text),
      means: pass(finding.means),
      does_not_mean: pass(finding.does_not_mean),
    })),
  });
  const report = {
    ...draft,
    summary: pass(draft.summary),
    agents: draft.agents.map(agent),
    agreements: draft.agreements.map((item) => ({ ...item, text: pass(item.text) })),
    disagreements: draft.disagreements.map((item) => ({ ...item, text: pass(item.text) })),
    caveats: draft.caveats.map(pass),
  };
  return { ...report, compliance: { checked, withheld, note: withheld === 0 ? COMPLIANCE_NOTES.passed : COMPLIANCE_NOTES.withheld(withheld) } };
};

/** Every text a report shows people, for tests and checks. */
export const reportTexts = (report: HubReport): string[] => [
  report.summary,
  report.engine_note,
  report.compliance.note,
  ...report.caveats,
  ...report.agreements.map((item) => item.text),
  ...report.disagreements.map((item) => item.text),
  ...report.agents.flatMap((result) => [
    result.question,
    result.detail ?? '',
    result.reading ?? '',
    result.headline ?? '',
    ...result.findings.flatMap((finding) => [finding.title, finding.text, finding.means, finding.does_not_mean]),
  ]),
];
