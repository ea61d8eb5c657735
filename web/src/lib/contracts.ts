/**
 * The wire contracts (the zod schemas of @nivesh/proto) in a chunk of their own, loaded on first use:
 * zod and the schemas are 40 kB gzipped and nothing on the first paint needs them, so modules on the
 * first-load path import proto only as types (the plain values they need come from @nivesh/proto/values, which imports nothing).
 */
import type * as Proto from '@nivesh/proto';

export type Contracts = typeof Proto;

let gate: Promise<unknown> = Promise.resolve();
let loading: Promise<Contracts> | null = null;

/**
 * Holds the first load of the contracts until `until` settles. main.tsx passes the first paint: on a repeat
 * visit the service worker has the chunk at once, and evaluating zod and the schemas (100 ms and more on a
 * mid-range phone) must not delay what the visitor sees first.
 */
export const holdContractsUntil = (until: Promise<unknown>): void => {
  gate = until;
};

/** The contracts module; a failed load (a new deploy, the network) is tried again on the next call. */
export const loadContracts = (): Promise<Contracts> => {
  if (!loading) {
    const attempt = gate.then(() => import('@nivesh/proto'));
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading;
};
