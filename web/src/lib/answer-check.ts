/**
 * Whether an answer matches its wire contract, checked in a worker (contracts.worker.ts) so the page's main
 * thread never builds zod or the schemas for answers; where workers are unavailable (tests, old browsers) the
 * contracts chunk checks it here.
 */
import type { Contracts } from './contracts';
import { loadContracts } from './contracts';

export type AnswerCheck = { id: number; schema: string; body: unknown };
export type AnswerCheckResult = { id: number; ok: boolean; unknownSchema?: boolean };

/** The name of the contract a picker such as `(c) => c.MarketOverviewSchema` selects, read without loading them. */
export const schemaNameOf = (pick: (contracts: Contracts) => unknown): string => {
  let name = '';
  const recorder = new Proxy({} as Contracts, {
    get: (_target, property) => {
      if (!name && typeof property === 'string') name = property;
      return undefined;
    },
  });
  try {
    pick(recorder);
  } catch {
    // a picker that does more than name a contract: it is checked on the main thread
  }
  return name;
};

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, (result: AnswerCheckResult | null) => void>();

const workerOrNull = (): Worker | null => {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    const created = new Worker(new URL('./contracts.worker.ts', import.meta.url), { type: 'module', name: 'contracts' });
    created.onmessage = (event: MessageEvent<AnswerCheckResult>) => {
      const settle = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      settle?.(event.data);
    };
    // A worker that cannot start (blocked, failed to load): every waiting and later answer is checked here.
    created.onerror = () => {
      worker = null;
      for (const settle of waiting.values()) settle(null);
      waiting.clear();
    };
    worker = created;
  } catch {
    worker = null;
  }
  return worker;
};

const checkHere = async (pick: (contracts: Contracts) => { safeParse: (value: unknown) => { success: boolean } }, body: unknown) =>
  pick(await loadContracts()).safeParse(body).success;

/**
 * Resolves true when `body` matches the contract `pick` names. In the worker when there is one; a worker
 * failure falls back to checking on this thread, so an answer is never accepted unchecked.
 */
export const checkAnswer = async (
  pick: (contracts: Contracts) => { safeParse: (value: unknown) => { success: boolean } },
  body: unknown,
): Promise<boolean> => {
  const schema = schemaNameOf(pick);
  const target = schema ? workerOrNull() : null;
  if (!target) return checkHere(pick, body);
  const id = nextId++;
  const verdict = await new Promise<AnswerCheckResult | null>((resolve) => {
    waiting.set(id, resolve);
    target.postMessage({ id, schema, body } satisfies AnswerCheck);
  });
  // No verdict (the worker failed) or a contract the worker does not know: check it here instead.
  if (verdict === null || verdict.unknownSchema) return checkHere(pick, body);
  return verdict.ok;
};

/** Forgets the worker (tests). */
export const resetAnswerCheck = (): void => {
  worker?.terminate();
  worker = undefined;
  waiting.clear();
};
