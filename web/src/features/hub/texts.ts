import type { HubAgentName, HubAgentResult, HubLean } from '@nivesh/proto';

/**
 * The Intelligence Hub's plain values and texts, in one place. The values are copies of proto's (importing proto's
 * values would load zod into the page's chunk); texts.test.ts checks that they agree.
 */

/** The report as server-sent events, and as one JSON answer: proto's `ROUTES.hubStream` and `ROUTES.hubReport`. */
export const HUB_PATHS = { stream: '/api/hub/stream', report: '/api/hub/report' } as const;

/** The agents in the order the page shows them: proto's `HUB_AGENTS`. */
export const HUB_AGENT_ORDER: readonly HubAgentName[] = ['technical', 'sentiment', 'risk', 'valuation', 'forecast', 'news'];

/** Each agent's name and question, shown on its card before its answer arrives (the answer repeats them). */
export const AGENT_INTROS: Record<HubAgentName, { name: string; question: string }> = {
  technical: { name: 'Technical', question: 'What do the price trend, momentum and daily swings show?' },
  sentiment: { name: 'Sentiment', question: 'What is the mood of the market, and how is the stock’s industry doing?' },
  risk: { name: 'Risk', question: 'How much has the price swung and fallen, and did trading look unusual?' },
  valuation: { name: 'Valuation', question: 'What are investors paying for the company’s earnings, against its own history and its peers?' },
  forecast: { name: 'Forecast', question: 'How well has TrendVision forecast this stock, and how wide is its range of outcomes?' },
  news: { name: 'News', question: 'Which results, corporate actions, market events and news came out lately, and in what tone?' },
};

export const STATUS_NAMES: Record<HubAgentResult['status'] | 'working', string> = {
  working: 'Working...',
  ok: 'Done',
  timed_out: 'Ran out of time',
  failed: 'Failed',
  unavailable: 'No data',
};

export const LEAN_NAMES: Record<HubLean, string> = {
  positive: 'Leans positive',
  negative: 'Leans negative',
  neutral: 'No lean',
  mixed: 'Mixed',
};

export const HUB_TEXTS = {
  title: 'Intelligence Hub',
  lead: 'Six agents look at one stock from six sides, each with the numbers and dates behind what it finds.',
  description: 'Six agents explain an NSE stock from its trend, market mood, risk, valuation, TrendVision and news, with the evidence, where they agree and where they differ.',
  loginPrompt: 'Log in to use the Intelligence Hub: it builds a report on a stock from six agents.',
  loginButton: 'Log in',
  agentsTitle: 'Agents',
  reportTitle: 'Report',
  howMadeTitle: 'How this was made',
  runAgain: 'Run again',
  waitingForReport: 'The report is written when every agent has answered or run out of time.',
  agreementsTitle: 'Where they point the same way',
  disagreementsTitle: 'Where they point different ways',
  noComparisons: 'No two readings lean the same or opposite ways.',
  caveatsTitle: 'Keep in mind',
  means: 'What it means',
  doesNotMean: 'What it does not mean',
  lean:
    'A lean says which way a reading points on its own question: an uptrend, a valuation below its own history or low risk figures lean positive. It describes past data and is not a call to act.',
  inputsCaption: 'What the agent read',
  cached: 'This report was kept from an earlier run on the same data.',
} as const;

/** "3 of 6 agents have answered", for the live progress line. */
export const progressText = (done: number, total: number): string => (done === total ? `All ${total} agents have answered.` : `${done} of ${total} agents have answered.`);

/** The start, time taken and deadline of an agent, e.g. 'Started after 3 ms; took 412 ms of its 1,500 ms.' */
export const timingText = (timing: HubAgentResult['timing'], format: (value: number) => string): string =>
  `Started after ${format(timing.started_ms)} ms; took ${format(timing.duration_ms)} ms of its ${format(timing.deadline_ms)} ms.`;
