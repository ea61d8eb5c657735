/// <reference lib="webworker" />
/**
 * Checks answers against their wire contracts off the main thread (lib/answer-check.ts): building zod and the
 * schemas and parsing a large answer take hundreds of milliseconds on a phone, time the page's thread needs
 * for drawing and input. Answers it accepts are used as the main thread parsed them (answer schemas carry no
 * transforms); it reports only whether each one matches.
 */
import * as contracts from '@nivesh/proto';
import { z } from 'zod';
import type { AnswerCheck, AnswerCheckResult } from './answer-check';

// The page's CSP has no 'unsafe-eval': skip zod's probe of new Function, which the browser reports as a violation.
z.config({ jitless: true });

const schemas = contracts as unknown as Record<string, { safeParse?: (value: unknown) => { success: boolean } } | undefined>;

self.onmessage = (event: MessageEvent<AnswerCheck>) => {
  const { id, schema, body } = event.data;
  const candidate = schemas[schema];
  const result: AnswerCheckResult =
    typeof candidate?.safeParse === 'function' ? { id, ok: candidate.safeParse(body).success } : { id, ok: false, unknownSchema: true };
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(result);
};
