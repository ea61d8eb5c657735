import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import { DomainError, type QueueDefinition } from '@nivesh/proto';
import { BullMQOtel } from 'bullmq-otel';
import type { z } from 'zod';
import { countJobFailure, watchQueue } from './metrics';
import { createRedis } from './redis-options';
import { isDependencyUnavailable } from './unavailable';

export type JobHandlers<Q extends QueueDefinition> = {
  [K in keyof Q['jobs'] & string]: (data: z.output<Q['jobs'][K]>, job: Job) => Promise<unknown>;
};

export type QueueConnection = { redisUrl: string; prefix: string };

/** Production defaults for every job (BullMQ's "going to production" guide). */
export const jobDefaults = (def: QueueDefinition): JobsOptions => ({
  attempts: def.attempts,
  backoff: { type: 'exponential', delay: def.backoffMs },
  removeOnComplete: { age: 3_600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3_600, count: 10_000 },
});

const bullPrefix = (prefix: string) => `${prefix}:bull`;

/** How long a worker holds a job before others may take it back, and how often workers look for such jobs. */
export type JobLock = { lockDuration: number; stalledInterval: number };

/**
 * For jobs that take well under a second and that someone is waiting for (a sign-in code, a payment, a heartbeat): a
 * job whose worker was killed is taken back within about 7.5 s instead of BullMQ's 30–60 s. The worker renews its lock
 * every 2.5 s while a job runs, so only a job that blocks the event loop for 5 s would run twice, and these handlers
 * are idempotent besides.
 */
export const QUICK_JOB_LOCK: JobLock = { lockDuration: 5_000, stalledInterval: 2_500 };

const QUEUE_UNAVAILABLE = 'This could not be saved just now because a part of Nivesh is restarting. Please try again in a moment.';

/**
 * BullMQ's own OpenTelemetry integration: adding a job records the active span's context in the job, and the worker
 * runs the job in a span continuing it, so a job belongs to the trace of the request that queued it. Made on first
 * use, once `initTelemetry` has run: bullmq-otel takes its tracer when it is made, through its own copy of the
 * OpenTelemetry API (1.9, beside the platform's 1.10), and a copy asked before the tracer is registered keeps a no-op.
 */
let bullmqTelemetry: BullMQOtel | undefined;
const telemetry = (): BullMQOtel => (bullmqTelemetry ??= new BullMQOtel('nivesh'));

/** Adds jobs to one declared queue; payloads are checked against their schema before they leave. */
export class QueueProducer<Q extends QueueDefinition> {
  private readonly queue: Queue;

  constructor(
    private readonly def: Q,
    connection: QueueConnection,
  ) {
    this.queue = new Queue(def.name, {
      // Producers fail fast when Redis is down instead of queueing commands in memory.
      connection: createRedis(connection.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }, `queue ${def.name}`),
      prefix: bullPrefix(connection.prefix),
      defaultJobOptions: jobDefaults(def),
      telemetry: telemetry(),
    });
  }

  async add<K extends keyof Q['jobs'] & string>(name: K, data: z.input<Q['jobs'][K]>, options: JobsOptions = {}): Promise<Job> {
    const payload = (this.def.jobs[name] as z.ZodType).parse(data);
    try {
      return await this.queue.add(name, payload, options);
    } catch (error) {
      // Redis is down or restarting: nothing was queued, and the caller is told to retry (503) rather than 500.
      // Anything else is a fault, left to surface as one.
      if (isDependencyUnavailable(error)) throw new DomainError('service_unavailable', QUEUE_UNAVAILABLE);
      throw error;
    }
  }

  /** The underlying queue, for counts in tests and admin views. */
  get raw(): Queue {
    return this.queue;
  }

  async close(): Promise<void> {
    const client = await this.queue.client;
    await this.queue.close();
    client.disconnect();
  }
}

/**
 * Runs the one handler of each job name of a declared queue. A queue whose job names are not all
 * handled fails at construction, so a service with a missing handler does not boot.
 */
export class QueueWorker<Q extends QueueDefinition> {
  private readonly worker: Worker;
  /** The worked queue, for its job counts on each metrics scrape (it shares the worker's connection). */
  private readonly counted: Queue;
  private readonly unwatch: () => void;

  constructor(def: Q, handlers: JobHandlers<Q>, connection: QueueConnection, options: { concurrency?: number; lock?: JobLock } = {}) {
    const missing = Object.keys(def.jobs).filter((name) => typeof (handlers as Record<string, unknown>)[name] !== 'function');
    const extra = Object.keys(handlers).filter((name) => !(name in def.jobs));
    if (missing.length || extra.length) {
      throw new Error(
        `Queue ${def.name}: handlers do not match its jobs.` +
          (missing.length ? ` Missing: ${missing.join(', ')}.` : '') +
          (extra.length ? ` Unknown: ${extra.join(', ')}.` : ''),
      );
    }
    const redis = createRedis(connection.redisUrl, { maxRetriesPerRequest: null }, `worker ${def.name}`);
    this.worker = new Worker(
      def.name,
      async (job: Job) => {
        const schema = def.jobs[job.name] as z.ZodType | undefined;
        if (!schema) throw new UnrecoverableError(`No handler for job ${job.name}`);
        const parsed = schema.safeParse(job.data);
        if (!parsed.success) throw new UnrecoverableError(`Invalid ${job.name} payload: ${parsed.error.message}`);
        const handler = (handlers as Record<string, (data: unknown, job: Job) => Promise<unknown>>)[job.name];
        return handler(parsed.data, job);
      },
      {
        connection: redis,
        prefix: bullPrefix(connection.prefix),
        concurrency: options.concurrency ?? 8,
        ...options.lock,
        autorun: true,
        telemetry: telemetry(),
      },
    );
    this.worker.on('failed', () => countJobFailure(def.name));
    this.counted = new Queue(def.name, { connection: redis, prefix: bullPrefix(connection.prefix) });
    this.unwatch = watchQueue(this.counted);
  }

  get raw(): Worker {
    return this.worker;
  }

  /** Finishes jobs in progress, then disconnects. */
  async close(): Promise<void> {
    this.unwatch();
    await this.worker.close();
    await this.counted.close();
    (await this.worker.client).disconnect();
  }
}
