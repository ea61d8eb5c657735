import type { Caller, HubAgentName, HubFigure, HubFinding, HubLean, RpcDefinition } from '@nivesh/proto';
import type { z } from 'zod';

/** The stock an agent is asked about, and who asks (the market's fundamentals answer logged-in callers only). */
export type AgentRequest = { symbol: string; company: string; caller: Caller };

/** How an agent describes one read: its label, the public API address of the same data, and the date of the answer. */
export type InputLabel<R> = { label: string; source: string; asOf?: (result: R) => string | null };

/**
 * What an agent may read: one RPC call per read, each recorded as one of the agent's inputs (label, source, date,
 * time taken) and each given the time left before the agent's deadline, so a late request is dropped by the service
 * rather than computed for nobody.
 */
export type AgentReader = {
  read<D extends RpcDefinition>(def: D, payload: z.input<D['payload']>, input: InputLabel<z.output<D['result']>>): Promise<z.output<D['result']>>;
};

/** An agent's answer to its question, before the orchestrator adds its status, inputs and timing. */
export type AgentAnswer = { lean: HubLean; reading: string; headline: string; findings: HubFinding[] };

/** One agent: a question, the data it may read, and how it turns that data into findings. */
export type HubAgent = {
  readonly name: HubAgentName;
  /** Its name for people, e.g. 'Technical'. */
  readonly title: string;
  readonly question: string;
  run(request: AgentRequest, reader: AgentReader): Promise<AgentAnswer>;
};

/** Thrown by an agent whose data does not exist here (a feature not built or not configured): reported as unavailable. */
export class AgentUnavailableError extends Error {
  override readonly name = 'AgentUnavailableError';
}

/** A figure of a finding. */
export const figure = (label: string, value: number | null, unit: HubFigure['unit'], date: string | null): HubFigure => ({ label, value, unit, date });

/** Parts of a sentence joined as people write lists: 'a', 'a and b', 'a, b and c'. */
export const listOf = (parts: readonly string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
