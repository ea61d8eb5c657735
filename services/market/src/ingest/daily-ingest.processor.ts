import { Inject, Injectable } from '@nestjs/common';
import { type MarketDailyJob, QUEUES } from '@nivesh/proto';
import { type JobHandlers, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
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
export class DailyIngestProcessor extends QueueProcessor<typeof QUEUES.marketDaily> {
  constructor(
    @Inject(SERVICE_CONFIG) config: Config,
    private readonly ingest: DailyIngestService,
    private readonly clock: MarketClock,
  ) {
    super({
      queue: QUEUES.marketDaily,
      config,
      concurrency: 1,
      words: 'daily data',
      enabled: config.MARKET_DAILY,
      schedules: [
        {
          id: SCHEDULER_ID,
          repeat: config.MARKET_DAILY && config.MARKET_DAILY_CRON !== MANUAL ? { pattern: config.MARKET_DAILY_CRON, tz: DAILY_TIMEZONE } : null,
          name: 'run',
          data: { trigger: 'schedule' },
        },
      ],
    });
  }

  protected handlers(): JobHandlers<typeof QUEUES.marketDaily> {
    return { run: (data) => this.run(data) };
  }

  /** A replayed run (`at`) moves the service's clock to its evening, so freshness is judged as of then too. */
  run({ trigger, at }: MarketDailyJob): Promise<DailyRunResult> {
    if (at) this.clock.set(new Date(at));
    return this.ingest.run({ now: this.clock.now(), trigger });
  }
}
