import { Inject, Injectable } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { type JobHandlers, QUICK_JOB_LOCK, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
import { UnrecoverableError } from 'bullmq';
import type { Config } from '../config';
import { addDays, utcDay } from '../days';
import { Batcher } from './event-batcher';
import { ownHostsOf, reduceHeartbeat, reduceSessionEnd, type VisitorEventRow } from './event-reduction';
import { RejectedEvent, VisitorEventsRepository, type WriteStats } from './visitor-events.repository';

/**
 * Writes the `visitor-heartbeats` queue to PostgreSQL in batches. Each job waits in the batcher until the INSERT that
 * holds its row has committed, and only then completes: a crash before that leaves the job active without a lock, so
 * BullMQ hands it out again (stalled-job recovery) and the event id's primary key turns the replay into nothing.
 */
@Injectable()
export class VisitorEventsProcessor extends QueueProcessor<typeof QUEUES.visitorHeartbeats> {
  private readonly ownHosts: ReadonlySet<string>;
  private readonly batcher: Batcher<VisitorEventRow>;
  /** Events older than the retention when they arrived (after an outage that long): acknowledged, not stored. */
  private expired = 0;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly events: VisitorEventsRepository,
  ) {
    super({ queue: QUEUES.visitorHeartbeats, config, concurrency: config.TRACKING_WORKER_CONCURRENCY, lock: QUICK_JOB_LOCK, words: 'visitor events', failures: 'given-up' });
    this.ownHosts = ownHostsOf(config.PUBLIC_URL);
    // A worker holds at most its concurrency in jobs; once all of them wait in the batch no other can come, so waiting
    // longer would only add latency.
    const maxSize = Math.min(config.TRACKING_BATCH_SIZE, config.TRACKING_WORKER_CONCURRENCY);
    this.batcher = new Batcher((rows) => this.events.insertBatch(rows), { maxSize, maxDelayMs: config.TRACKING_BATCH_DELAY_MS });
  }

  protected handlers(): JobHandlers<typeof QUEUES.visitorHeartbeats> {
    return {
      heartbeat: (job) => this.store(reduceHeartbeat(job, this.ownHosts)),
      'session-end': (job) => this.store(reduceSessionEnd(job)),
      batch: (job) => this.storeAll([...job.heartbeats.map((event) => reduceHeartbeat(event, this.ownHosts)), ...job.session_ends.map(reduceSessionEnd)]),
    };
  }

  /** At shutdown the worker takes no more jobs: the batch in hand is written at once, so every job taken completes. */
  protected override stopping(): Promise<void> {
    return this.batcher.close();
  }

  /** Writes so far by this process (batches, INSERT statements, rows stored and replays skipped). */
  get stats(): WriteStats & { batches: number; expired: number } {
    return { ...this.events.stats, batches: this.batcher.flushes, expired: this.expired };
  }

  /**
   * A gateway's batch: every event goes into the batcher and the job completes once all are stored. A row PostgreSQL
   * refuses fails the job for good only after the others are in (a retry would store nothing more).
   */
  private async storeAll(rows: VisitorEventRow[]): Promise<void> {
    const results = await Promise.allSettled(rows.map((row) => this.store(row)));
    const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  private async store(row: VisitorEventRow): Promise<void> {
    if (row.day < addDays(utcDay(new Date()), -this.config.TRACKING_RAW_RETENTION_DAYS)) {
      this.expired += 1;
      return;
    }
    try {
      await this.batcher.add(row);
    } catch (error) {
      // PostgreSQL refused the row itself: retrying cannot help, so the job fails at once and stays in the failed set.
      if (error instanceof RejectedEvent) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
