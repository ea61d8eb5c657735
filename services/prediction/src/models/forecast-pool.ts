import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type DailyClose, type EvaluateOptions, type Evaluation, type EvaluationDetail, type Forecast, InsufficientHistoryError } from './evaluation';
import type { ForecastOperation, ForecastReply, ForecastRequest } from './forecast.worker';
import type { StoredOrigin } from './stored-origins';

/** Pool size, and the compiled worker script (default: forecast.worker.js beside this file in dist/). */
export type ForecastPoolOptions = { size?: number; workerFile?: string };

type Job = { request: ForecastRequest; resolve: (value: unknown) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; job?: Job };

const toError = ({ name, message, details }: { name: string; message: string; details?: Record<string, unknown> }): Error => {
  if (name === 'InsufficientHistoryError' && typeof details?.available === 'number') return new InsufficientHistoryError(details.available, Number(details.minimum));
  const error = name === 'RangeError' ? new RangeError(message) : new Error(message);
  error.name = name;
  return error;
};

/**
 * Runs evaluations and forecasts in worker threads, so model fitting never blocks the caller's event loop. Jobs
 * queue until a worker is free; workers start on demand and do not keep the process alive while idle. A worker that
 * dies fails its job and is replaced by the next one.
 */
export class ForecastPool {
  private readonly size: number;
  private readonly workerFile: string;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor({ size = 1, workerFile = path.join(__dirname, 'forecast.worker.js') }: ForecastPoolOptions = {}) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`Pool size must be a positive integer: ${size}`);
    this.size = size;
    this.workerFile = workerFile;
  }

  /** `evaluate` in a worker. */
  evaluate(series: readonly DailyClose[], options?: EvaluateOptions): Promise<Evaluation> {
    return this.run('evaluate', [series, options]) as Promise<Evaluation>;
  }

  /** `evaluateInDetail` in a worker. */
  evaluateInDetail(series: readonly DailyClose[], options?: EvaluateOptions, stored?: readonly StoredOrigin[]): Promise<EvaluationDetail> {
    return this.run('evaluateInDetail', [series, options, stored]) as Promise<EvaluationDetail>;
  }

  /** `forecast` in a worker. */
  forecast(series: readonly DailyClose[], evaluation: Evaluation, horizon: number): Promise<Forecast> {
    return this.run('forecast', [series, evaluation, horizon]) as Promise<Forecast>;
  }

  /** Stops every worker; queued and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The forecast pool is closed'));
    await Promise.all([...this.slots].map(({ worker }) => worker.terminate()));
    this.slots.clear();
  }

  private run(operation: ForecastOperation, args: unknown[]): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The forecast pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, operation, args }, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = [...this.slots].find((candidate) => !candidate.job) ?? (this.slots.size < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.request);
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.workerFile) };
    slot.worker.unref();
    slot.worker.on('message', (reply: ForecastReply) => {
      const job = slot.job;
      if (!job || job.request.id !== reply.id) return;
      slot.job = undefined;
      slot.worker.unref();
      if ('error' in reply) job.reject(toError(reply.error));
      else job.resolve(reply.result);
      this.dispatch();
    });
    const fail = (error: Error) => {
      if (!this.slots.delete(slot)) return;
      slot.job?.reject(error);
      slot.job = undefined;
      if (!this.closed) this.dispatch();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`A forecast worker exited with code ${code}`)));
    this.slots.add(slot);
    return slot;
  }
}
