import { HUB_AGENTS, type HubAgentResult, type HubComparison, type HubReport } from '@nivesh/proto';
import { formatDate } from '../../engine/format';
import { listOf } from '../agents/agent';
import { CAVEATS, COMPARISON_MEANINGS, PAIR_MEANINGS } from '../texts';

/** What a report is made from: the stock, the data version, the agents' results and how the run went. */
export type ReportInput = {
  symbol: string;
  company: string;
  as_of: string;
  data_version: string;
  results: readonly HubAgentResult[];
  total_ms: number;
  agent_deadline_ms: number;
  engine_note: string;
  generated_at: Date;
};

/** A report before the compliance check has read it. */
export type DraftReport = Omit<HubReport, 'compliance'>;

const SIGN = { positive: '+', negative: '-' } as const;
type Directional = HubAgentResult & { lean: 'positive' | 'negative' };

const isDirectional = (result: HubAgentResult): result is Directional => result.status === 'ok' && (result.lean === 'positive' || result.lean === 'negative');

const comparison = (first: Directional, second: Directional): HubComparison => {
  const agree = first.lean === second.lean;
  const specific = PAIR_MEANINGS[`${first.agent}${SIGN[first.lean]}${second.agent}${SIGN[second.lean]}`];
  const named = `${first.name} (“${first.reading}”) and ${second.name} (“${second.reading}”) ${agree ? 'point the same way' : 'point different ways'}.`;
  return { agents: [first.agent, second.agent], text: `${named} ${specific ?? (agree ? COMPARISON_MEANINGS.agree : COMPARISON_MEANINGS.differ)}` };
};

/**
 * Where the agents' readings agree and where they differ: every pair of agents that answered with a reading that
 * leans one way (neutral and mixed readings take no side), in the Hub's order of agents.
 */
export const compareAgents = (results: readonly HubAgentResult[]): { agreements: HubComparison[]; disagreements: HubComparison[] } => {
  const order = (result: HubAgentResult) => HUB_AGENTS.indexOf(result.agent);
  const directional = results.filter(isDirectional).sort((a, b) => order(a) - order(b));
  const agreements: HubComparison[] = [];
  const disagreements: HubComparison[] = [];
  directional.forEach((first, index) => {
    for (const second of directional.slice(index + 1)) (first.lean === second.lean ? agreements : disagreements).push(comparison(first, second));
  });
  return { agreements, disagreements };
};

const NOT_OK = { failed: 'failed', timed_out: 'ran out of time', unavailable: 'had no data' } as const;

const pairsText = (agree: number, differ: number): string => {
  if (agree + differ === 0) return ' No two readings lean the same or opposite ways, so there is nothing to compare.';
  const same = agree === 0 ? 'No pair of readings points the same way' : agree === 1 ? 'One pair of readings points the same way' : `${agree} pairs of readings point the same way`;
  const other = differ === 0 ? 'none differ' : differ === 1 ? 'one pair differs' : `${differ} pairs differ`;
  return ` ${same} and ${other}.`;
};

/** The report's opening paragraph: the stock, how many agents answered, their readings, and who is missing and why. */
export const summaryOf = (input: ReportInput, counts: { agree: number; differ: number }): string => {
  const ok = input.results.filter((result) => result.status === 'ok');
  const answered = ok.length === input.results.length ? `All ${ok.length} agents answered` : `${ok.length} of ${input.results.length} agents answered`;
  const readings = ok.length ? ` Their readings: ${ok.map((result) => `${result.name}: ${result.reading}`).join('; ')}.` : '';
  const gaps = (Object.keys(NOT_OK) as Array<keyof typeof NOT_OK>).flatMap((status) => {
    const names = input.results.filter((result) => result.status === status).map((result) => result.name);
    return names.length ? [` ${listOf(names)} ${NOT_OK[status]}.`] : [];
  });
  return `${input.company} (${input.symbol}), data as of ${formatDate(input.as_of)}. ${answered}.${readings}${gaps.join('')}${ok.length > 1 ? pairsText(counts.agree, counts.differ) : ''}`;
};

/** The report from the agents' results, written by templates; the compliance check reads it next. */
export const composeReport = (input: ReportInput): DraftReport => {
  const order = (result: HubAgentResult) => HUB_AGENTS.indexOf(result.agent);
  const agents = [...input.results].sort((a, b) => order(a) - order(b));
  const { agreements, disagreements } = compareAgents(agents);
  const caveats = [CAVEATS.past(formatDate(input.as_of)), CAVEATS.agreement, ...(agents.some((result) => result.status !== 'ok') ? [CAVEATS.missing] : []), CAVEATS.advice];
  return {
    symbol: input.symbol,
    company: input.company,
    as_of: input.as_of,
    data_version: input.data_version,
    generated_at: input.generated_at.toISOString(),
    engine: 'templates',
    engine_note: input.engine_note,
    cached: false,
    summary: summaryOf({ ...input, results: agents }, { agree: agreements.length, differ: disagreements.length }),
    agents,
    agreements,
    disagreements,
    caveats,
    timing: { total_ms: Math.round(input.total_ms), agent_deadline_ms: input.agent_deadline_ms },
  };
};
