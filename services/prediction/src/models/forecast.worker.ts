import { parentPort } from 'node:worker_threads';
import { evaluate, evaluateInDetail, forecast } from './evaluation';

const operations = { evaluate, evaluateInDetail, forecast };

/** What the pool asks a worker to run. */
export type ForecastOperation = keyof typeof operations;
/** A job for a worker: one operation with its arguments. */
export type ForecastRequest = { id: number; operation: ForecastOperation; args: unknown[] };
/** A worker's answer: the result, or the error's name and message. */
export type ForecastReply = { id: number; result: unknown } | { id: number; error: { name: string; message: string; details?: Record<string, unknown> } };

const port = parentPort;
if (port) {
  port.on('message', ({ id, operation, args }: ForecastRequest) => {
    const run = operations[operation] as (...values: unknown[]) => Promise<unknown>;
    run(...args).then(
      (result) => port.postMessage({ id, result } satisfies ForecastReply),
      (cause: unknown) => {
        const error = cause instanceof Error ? cause : new Error(String(cause));
        const details = 'minimum' in error ? { minimum: error.minimum, available: (error as { available?: unknown }).available } : undefined;
        port.postMessage({ id, error: { name: error.name, message: error.message, details } } satisfies ForecastReply);
      },
    );
  });
}
