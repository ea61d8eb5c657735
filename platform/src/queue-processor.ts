import { type BeforeApplicationShutdown, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import type { QueueDefinition } from '@nivesh/proto';
import type { z } from 'zod';
import { type JobHandlers, type JobLock, QueueProducer, QueueWorker } from './queues';

type JobName<Q extends QueueDefinition> = keyof Q['jobs'] & string;

/**
 * A BullMQ job scheduler: one per id, however many instances write it. `repeat` is a cron pattern in a time zone or an
 * interval in milliseconds; `null` removes the schedule (a configuration that runs the job only when queued by hand).
 */
export type JobSchedule<Q extends QueueDefinition> = {
  [K in JobName<Q>]: { id: string; repeat: { pattern: string; tz: string } | { every: number } | null; name: K; data: z.input<Q['jobs'][K]> };
}[JobName<Q>];

export type QueueProcessorOptions<Q extends QueueDefinition> = {
  queue: Q;
  config: { REDIS_URL: string; REDIS_PREFIX: string };
  concurrency?: number;
  lock?: JobLock;
  /** What its lines call it: "<words> worker: …", "<words> failed (…)". */
  words: string;
  /** Log `every` failed try as a warning (the default), or only a job `given-up` for good, as an error. */
  failures?: 'every' | 'given-up';
  schedules?: readonly JobSchedule<Q>[];
  /** Off: no worker and no schedule written, though schedules whose `repeat` is null are still removed. */
  enabled?: boolean;
};

/**
 * The worker of one declared queue as a Nest provider: at bootstrap it starts the worker with the subclass's
 * `handlers()` and writes the schedules; before shutdown it stops taking jobs and finishes those in hand, so a job in
 * progress ends before the database and Redis close.
 */
export abstract class QueueProcessor<Q extends QueueDefinition> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** Named after the subclass; its lines go wherever the app sends Nest's (pino, in every service). */
  protected readonly logger = new Logger(this.constructor.name);
  private worker?: QueueWorker<Q>;
  private stopped = false;

  protected constructor(private readonly processing: QueueProcessorOptions<Q>) {}

  /** The one handler of each of the queue's jobs. */
  protected abstract handlers(): JobHandlers<Q>;

  /** Runs once the worker has started and the schedules are written (only when enabled). */
  protected async started(): Promise<void> {}

  /** Runs at shutdown (enabled or not) once the worker has stopped taking jobs, while those in hand finish: release what they wait on. */
  protected async stopping(): Promise<void> {}

  /**
   * Whether shutdown has begun. A long job made of steps, each kept once done, checks it between them and throws: it
   * fails before its next step and is retried (by another instance, or this one once restarted) without redoing the
   * steps done, rather than hold the shutdown until its end.
   */
  protected get shuttingDown(): boolean {
    return this.stopped;
  }

  /** A job as the failure lines name it. */
  protected describeJob(job: Job): string {
    return `${job.name} job ${job.id ?? '?'}`;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { queue, config, concurrency, lock, enabled = true, schedules = [] } = this.processing;
    const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
    if (enabled) {
      this.worker = new QueueWorker(queue, this.handlers(), connection, { concurrency, lock });
      this.worker.raw.on('error', (error) => this.logger.error(`${this.processing.words} worker: ${error.message}`));
      this.worker.raw.on('failed', (job, error) => this.logFailure(job, error));
    }
    const written = schedules.filter((schedule) => enabled || schedule.repeat === null);
    if (written.length) {
      const producer = new QueueProducer(queue, connection);
      try {
        for (const { id, repeat, name, data } of written) {
          if (repeat) await producer.raw.upsertJobScheduler(id, repeat, { name, data: (queue.jobs[name] as z.ZodType).parse(data) });
          else await producer.raw.removeJobScheduler(id);
        }
      } finally {
        await producer.close();
      }
    }
    if (enabled) await this.started();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    // close() stops the worker taking jobs at once; the hook runs while the jobs in hand finish.
    await Promise.all([this.worker?.close(), this.stopping()]);
  }

  /** Names the job and its attempt, never its payload (a sealed code, a webhook body). */
  private logFailure(job: Job | undefined, error: Error): void {
    const { words, failures = 'every' } = this.processing;
    const tries = job && `${this.describeJob(job)}, attempt ${job.attemptsMade} of ${job.opts.attempts ?? 1}`;
    if (failures === 'every') {
      this.logger.warn(`${words} failed${tries ? ` (${tries})` : ''}: ${error.message}`);
      return;
    }
    const givenUp = job && (error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1));
    if (givenUp) this.logger.error(`${words} given up (${tries}): ${error.message}`);
  }
}
