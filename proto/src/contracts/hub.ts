import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc, type Feature } from '../rpc';
import { withCaller } from './common';
import { IsoDateSchema, MarketSymbolSchema } from './market-common';
import { HUB_PATHS } from '../values/hub';

const TAG = 'hub';

/** The Intelligence Hub as people call it (errors name it, never a pattern). */
const HUB_FEATURE: Feature = { name: 'The Intelligence Hub' };

/** The Hub's agents, in the order the page shows them; each answers one question from the data it may read. */
export const HUB_AGENTS = ['technical', 'sentiment', 'risk', 'valuation', 'forecast', 'news'] as const;
export const HubAgentNameSchema = z.enum(HUB_AGENTS);
export type HubAgentName = z.infer<typeof HubAgentNameSchema>;

/**
 * How an agent ended: `ok` with findings; `timed_out` when it missed its deadline; `failed` when its data could not be
 * read; `unavailable` when the feature it reads is not built or not configured. Only `ok` carries findings.
 */
export const HUB_AGENT_STATUSES = ['ok', 'failed', 'timed_out', 'unavailable'] as const;
export const HubAgentStatusSchema = z.enum(HUB_AGENT_STATUSES);
export type HubAgentStatus = z.infer<typeof HubAgentStatusSchema>;

/**
 * Which way an agent's reading leans on its own question (the price trend up or down, the valuation cheap or dear
 * against its own history, the risk figures low or high), so the report can say where agents agree or differ. A lean
 * describes past data; it is not a call to act.
 */
export const HUB_LEANS = ['positive', 'negative', 'neutral', 'mixed'] as const;
export const HubLeanSchema = z.enum(HUB_LEANS);
export type HubLean = z.infer<typeof HubLeanSchema>;

/** How a figure is written: rupees, a percentage, a plain number, a 0–100 score or a count. */
export const HUB_FIGURE_UNITS = ['inr', 'pct', 'number', 'score', 'count'] as const;

/** One number behind a finding, with the date of the data it comes from. */
export const HubFigureSchema = z.object({
  label: z.string(),
  value: z.number().nullable(),
  unit: z.enum(HUB_FIGURE_UNITS),
  date: IsoDateSchema.nullable(),
});
export type HubFigure = z.infer<typeof HubFigureSchema>;

/** One finding: what the data shows with its numbers and dates, what that means, and what it does not mean. */
export const HubFindingSchema = z.object({
  title: z.string(),
  text: z.string(),
  means: z.string(),
  does_not_mean: z.string(),
  figures: z.array(HubFigureSchema),
  /** The date of the data the finding describes. */
  as_of: IsoDateSchema.nullable(),
});
export type HubFinding = z.infer<typeof HubFindingSchema>;

/** One piece of data an agent read: what it is, the API address that shows the same data, its date and the time it took. */
export const HubInputSchema = z.object({
  label: z.string(),
  /** The public API path (with its query) that answers the same data, so a reader can check the numbers. */
  source: z.string(),
  as_of: IsoDateSchema.nullable(),
  ok: z.boolean(),
  /** How long the read took, in milliseconds (null when it had not answered by the agent's deadline). */
  ms: z.number().int().nonnegative().nullable(),
});
export type HubInput = z.infer<typeof HubInputSchema>;

/** One agent's answer: its findings (when ok), or why it has none, with its inputs and timing. */
export const HubAgentResultSchema = z.object({
  agent: HubAgentNameSchema,
  /** The agent's name for people, e.g. 'Technical'. */
  name: z.string(),
  /** The one question the agent answers. */
  question: z.string(),
  status: HubAgentStatusSchema,
  /** Why there are no findings, in a sentence (null when ok). */
  detail: z.string().nullable(),
  lean: HubLeanSchema.nullable(),
  /** A short label of the reading, e.g. 'Uptrend', 'Above its 5-year median P/E'. */
  reading: z.string().nullable(),
  /** The agent's answer in one sentence. */
  headline: z.string().nullable(),
  findings: z.array(HubFindingSchema),
  inputs: z.array(HubInputSchema),
  /** Milliseconds from the run's start to the agent's start, how long it took, and its deadline. */
  timing: z.object({ started_ms: z.number().int().nonnegative(), duration_ms: z.number().int().nonnegative(), deadline_ms: z.number().int().positive() }),
});
export type HubAgentResult = z.infer<typeof HubAgentResultSchema>;

/** Two agents whose readings point the same way, or different ways, and what that says. */
export const HubComparisonSchema = z.object({
  agents: z.tuple([HubAgentNameSchema, HubAgentNameSchema]),
  text: z.string(),
});
export type HubComparison = z.infer<typeof HubComparisonSchema>;

/** How the report's texts were written: the built-in templates, or a language model when one is configured. */
export const HUB_ENGINES = ['templates', 'llm'] as const;

/** The Hub's report on one stock: every agent's answer, where they agree and differ, and the caveats. */
export const HubReportSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  /** Date of the stock's latest bar: every figure is as of this day or earlier, never live. */
  as_of: IsoDateSchema,
  /** The market data version the report was made from; reports are kept per stock and version. */
  data_version: z.string(),
  generated_at: z.iso.datetime(),
  engine: z.enum(HUB_ENGINES),
  /** How the texts were written, in a sentence. */
  engine_note: z.string(),
  /** Whether this answer is a kept report rather than a new run. */
  cached: z.boolean(),
  summary: z.string(),
  agents: z.array(HubAgentResultSchema),
  agreements: z.array(HubComparisonSchema),
  disagreements: z.array(HubComparisonSchema),
  caveats: z.array(z.string()),
  /** The compliance guard's output rail checked every text; a text that failed it was withheld and counted here. */
  compliance: z.object({ checked: z.number().int().nonnegative(), withheld: z.number().int().nonnegative(), note: z.string() }),
  /** Milliseconds the run took (of the run that made the report, when cached), and each agent's deadline. */
  timing: z.object({ total_ms: z.number().int().nonnegative(), agent_deadline_ms: z.number().int().positive() }),
});
export type HubReport = z.infer<typeof HubReportSchema>;

/**
 * A run's start: the stock, and either the kept report for its data version or a run id and the agents to ask.
 * The gateway's event stream asks each agent under the run id, then the report.
 */
export const HubRunSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  run_id: z.string().nullable(),
  agents: z.array(HubAgentNameSchema),
  report: HubReportSchema.nullable(),
});
export type HubRun = z.infer<typeof HubRunSchema>;

// ---- bodies and payloads ------------------------------------------------------------------------

export const HubQuerySchema = z.object({ symbol: MarketSymbolSchema });
export type HubQuery = z.infer<typeof HubQuerySchema>;

const RunIdSchema = z.string().regex(/^[0-9a-f-]{36}$/);

export const HubStartPayloadSchema = withCaller(HubQuerySchema);
export type HubStartPayload = z.infer<typeof HubStartPayloadSchema>;
export const HubAgentPayloadSchema = withCaller(HubQuerySchema.extend({ agent: HubAgentNameSchema, run_id: RunIdSchema }));
export type HubAgentPayload = z.infer<typeof HubAgentPayloadSchema>;
/** Without a run id the report runs every agent itself (the JSON route); with one it reuses what the run's agents found. */
export const HubReportPayloadSchema = withCaller(HubQuerySchema.extend({ run_id: RunIdSchema.optional() }));
export type HubReportPayload = z.infer<typeof HubReportPayloadSchema>;

/** The name of each event of the Hub's stream: one `agent` per finished agent, then `report` (or `error`). */
export const HUB_STREAM_EVENTS = ['agent', 'report', 'error'] as const;
export type HubStreamEvent = (typeof HUB_STREAM_EVENTS)[number];

// ---- RPC ------------------------------------------------------------------------------------

/**
 * Each agent has 5 s; an agent call answers by then with the agent's findings or why it has none. Cards stream in as
 * agents finish, so a fast agent never waits for a slow one; the deadline only bounds the first answers computed after
 * an import or a start (a stock's first valuation, its news, a back-test), which can take a few seconds on a busy
 * machine. Kept and warm reports come well inside it (bench:hub).
 */
export const HUB_AGENT_DEADLINE_MS = 5_000;

/** RPC patterns of the Intelligence Hub, answered by services/chat beside Warren AI. */
export const HUB = {
  start: defineRpc('chat', 'hubStart', HubStartPayloadSchema, HubRunSchema, { deadlineMs: 5_000, feature: HUB_FEATURE }),
  agent: defineRpc('chat', 'hubAgent', HubAgentPayloadSchema, HubAgentResultSchema, { deadlineMs: 5_000, feature: HUB_FEATURE }),
  report: defineRpc('chat', 'hubReport', HubReportPayloadSchema, HubReportSchema, { deadlineMs: 10_000, feature: HUB_FEATURE }),
};

// ---- HTTP routes ----------------------------------------------------------------------------

export const HUB_ROUTES = {
  hubStream: defineRoute({
    method: 'GET',
    path: HUB_PATHS.hubStream,
    tag: TAG,
    summary:
      'Intelligence Hub as server-sent events (text/event-stream): an `agent` event as each agent finishes (HubAgentResult), then `report` (the HubReport below), or `error` ({detail}).',
    auth: 'user',
    input: HubQuerySchema,
    response: HubReportSchema,
    rateLimitPerMinute: 20,
  }),
  hubReport: defineRoute({
    method: 'GET',
    path: HUB_PATHS.hubReport,
    tag: TAG,
    summary: "Intelligence Hub report on one stock: six agents' findings with their numbers and dates, where they agree and differ, and the caveats.",
    auth: 'user',
    input: HubQuerySchema,
    response: HubReportSchema,
    rpc: HUB.report,
    rateLimitPerMinute: 20,
  }),
};
