import { DomainError, type HubAgentResult, type HubInput, type RpcDefinition } from '@nivesh/proto';
import type { z } from 'zod';
import { formatNumber } from '../engine/format';
import { type AgentReader, type AgentRequest, AgentUnavailableError, type HubAgent } from './agents';

/** One RPC call with a deadline: the Hub's only way to data (HubRpc in the service, a stub in tests). */
export type RpcCall = <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>, options: { deadlineMs: number }) => Promise<z.output<D['result']>>;

export type RunAgentOptions = {
  /** How long the agent may take, from its start. */
  deadlineMs: number;
  /** When the run began (epoch ms), so each agent's start is told relative to it. */
  runStartedAt: number;
  now?: () => number;
};

const TIMED_OUT = Symbol('timed out');

/** Why an agent has no findings, in a sentence for people, and how it ended. */
export const failureOf = (agent: HubAgent, error: unknown, deadlineMs: number): Pick<HubAgentResult, 'status' | 'detail'> => {
  if (error === TIMED_OUT || (error instanceof DomainError && error.code === 'deadline_exceeded')) {
    return {
      status: 'timed_out',
      detail: `The ${agent.title.toLowerCase()} agent did not finish within ${formatNumber(deadlineMs / 1000, 1)} seconds, so this report leaves its part out.`,
    };
  }
  if (error instanceof AgentUnavailableError) return { status: 'unavailable', detail: error.message };
  // Data that does not exist for this stock (no filings) or a feature not built: nothing to wait for.
  if (error instanceof DomainError && (error.code === 'not_found' || error.code === 'not_implemented')) return { status: 'unavailable', detail: error.message };
  const reason = error instanceof DomainError && error.code !== 'internal' ? ` ${error.message}` : '';
  return { status: 'failed', detail: `The ${agent.title.toLowerCase()} agent could not read its data.${reason}` };
};

/**
 * Runs one agent within its deadline. Every read goes through a recorder that notes it as an input (with its date and
 * time taken) and passes the time left on as the RPC deadline. An agent that misses its deadline is answered for at
 * the deadline, with the reads it had finished; one that fails is reported with the reason. Never rejects.
 */
export async function runAgent(agent: HubAgent, request: AgentRequest, call: RpcCall, options: RunAgentOptions): Promise<HubAgentResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const deadlineAt = started + options.deadlineMs;
  const inputs: HubInput[] = [];
  const reader: AgentReader = {
    async read(def, payload, label) {
      const entry: HubInput = { label: label.label, source: label.source, as_of: null, ok: false, ms: null };
      inputs.push(entry);
      const readStarted = now();
      try {
        const result = await call(def, payload, { deadlineMs: Math.max(1, deadlineAt - readStarted) });
        Object.assign(entry, { ok: true, ms: Math.round(now() - readStarted), as_of: label.asOf?.(result) ?? null });
        return result;
      } catch (error) {
        entry.ms = Math.round(now() - readStarted);
        throw error;
      }
    },
  };

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), options.deadlineMs);
  });
  const outcome = await Promise.race([agent.run(request, reader).then((answer) => ({ answer }), (error: unknown) => ({ error })), deadline]).finally(() => clearTimeout(timer));
  const ended = now();
  const base = {
    agent: agent.name,
    name: agent.title,
    question: agent.question,
    // A read still out at the deadline keeps ms null: it had not answered.
    inputs: inputs.map((entry) => ({ ...entry })),
    timing: { started_ms: Math.max(0, Math.round(started - options.runStartedAt)), duration_ms: Math.round(ended - started), deadline_ms: options.deadlineMs },
  };
  if (outcome !== TIMED_OUT && 'answer' in outcome) return { ...base, status: 'ok', detail: null, ...outcome.answer };
  const failure = failureOf(agent, outcome === TIMED_OUT ? TIMED_OUT : outcome.error, options.deadlineMs);
  return { ...base, ...failure, lean: null, reading: null, headline: null, findings: [] };
}

/** Runs agents side by side, each with its own deadline; the results come back in the agents' order. */
export const runAgents = (agents: readonly HubAgent[], request: AgentRequest, call: RpcCall, options: RunAgentOptions): Promise<HubAgentResult[]> =>
  Promise.all(agents.map((agent) => runAgent(agent, request, call, options)));
