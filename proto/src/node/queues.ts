import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import Redis from 'ioredis';
import type { z } from 'zod';
import type { QueueDefinition } from '../jobs';

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

/** Adds jobs to one declared queue; payloads are checked against their schema before they leave. */
export class QueueProducer<Q extends QueueDefinition> {
  private readonly queue: Queue;

  constructor(
    private readonly def: Q,
    connection: QueueConnection,
  ) {
    this.queue = new Queue(def.name, {
      // Producers fail fast when Redis is down instead of queueing commands in memory.
      connection: new Redis(connection.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }),
      prefix: bullPrefix(connection.prefix),
      defaultJobOptions: jobDefaults(def),
    });
  }

  async add<K extends keyof Q['jobs'] & string>(name: K, data: z.input<Q['jobs'][K]>, options: JobsOptions = {}): Promise<Job> {
    const payload = (this.def.jobs[name] as z.ZodType).parse(data);
    return this.queue.add(name, payload, options);
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

  constructor(def: Q, handlers: JobHandlers<Q>, connection: QueueConnection, options: { concurrency?: number } = {}) {
    const missing = Object.keys(def.jobs).filter((name) => typeof (handlers as Record<string, unknown>)[name] !== 'function');
    const extra = Object.keys(handlers).filter((name) => !(name in def.jobs));
    if (missing.length || extra.length) {
      throw new Error(
        `Queue ${def.name}: handlers do not match its jobs.` +
          (missing.length ? ` Missing: ${missing.join(', ')}.` : '') +
          (extra.length ? ` Unknown: ${extra.join(', ')}.` : ''),
      );
    }
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
        connection: new Redis(connection.redisUrl, { maxRetriesPerRequest: null }),
        prefix: bullPrefix(connection.prefix),
        concurrency: options.concurrency ?? 8,
        autorun: true,
      },
    );
  }

  get raw(): Worker {
    return this.worker;
  }

  /** Finishes jobs in progress, then disconnects. */
  async close(): Promise<void> {
    await this.worker.close();
    (await this.worker.client).disconnect();
  }
}
