import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type MarketDailyJob, QUEUES } from '@nivesh/proto';
import { QueueProducer, QueueWorker, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { type DailyRunResult, DailyIngestService } from './daily-ingest.service';
import { MarketClock } from './market-clock';

const SCHEDULER_ID = 'market-daily';
/** MARKET_DAILY_CRON's value for no schedule: runs only when queued by hand (tests, the demo's replay). */
export const MANUAL = 'manual';
/** The scheduler's clock: NSE publishes in the evening, India time. */
export const DAILY_TIMEZONE = 'Asia/Kolkata';

/**
 * Runs the daily pipeline on schedule: a BullMQ job scheduler queues `run` on MARKET_DAILY_CRON in India time (one
 * schedule however many market instances run) and one job runs at a time. Each run decides from the trading calendar
 * and the stored days what is due, so a run on a holiday or after the day is stored does nothing but return. Without
 * MARKET_DAILY the schedule is removed and nothing is fetched.
 */
@Injectable()
export class DailyIngestProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DailyIngestProcessor.name);
  private worker?: QueueWorker<typeof QUEUES.marketDaily>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly ingest: DailyIngestService,
    private readonly clock: MarketClock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX };
    const producer = new QueueProducer(QUEUES.marketDaily, connection);
    try {
      if (!this.config.MARKET_DAILY) {
        await producer.raw.removeJobScheduler(SCHEDULER_ID);
        return;
      }
      this.worker = new QueueWorker(QUEUES.marketDaily, { run: (data) => this.run(data) }, connection, { concurrency: 1 });
      this.worker.raw.on('failed', (job, error) => this.logger.warn(`daily data run ${job?.id} failed: ${error.message}`));
      this.worker.raw.on('error', (error) => this.logger.error(`daily data worker: ${error.message}`));
      if (this.config.MARKET_DAILY_CRON === MANUAL) await producer.raw.removeJobScheduler(SCHEDULER_ID);
      else await producer.raw.upsertJobScheduler(SCHEDULER_ID, { pattern: this.config.MARKET_DAILY_CRON, tz: DAILY_TIMEZONE }, { name: 'run', data: { trigger: 'schedule' } });
    } finally {
      await producer.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  /** A replayed run (`at`) moves the service's clock to its evening, so freshness is judged as of then too. */
  run({ trigger, at }: MarketDailyJob): Promise<DailyRunResult> {
    if (at) this.clock.set(new Date(at));
    return this.ingest.run({ now: this.clock.now(), trigger });
  }
}
