import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { QueueProducer, QueueWorker, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { newsConfigOf, type NewsConfig } from './news-config';
import { type IngestResult, PressService } from './press.service';

const SCHEDULER_ID = 'news-feeds';

/**
 * Reads the press feeds on a schedule: a BullMQ job scheduler queues `fetch` every NEWS_FEEDS_EVERY_MINUTES (one
 * schedule however many market instances run) and one worker per instance fetches the feeds that are due, one job at
 * a time. Without feeds the schedule is removed, so an instance configured without them queues nothing.
 */
@Injectable()
export class NewsFeedsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NewsFeedsProcessor.name);
  private readonly settings: NewsConfig;
  private worker?: QueueWorker<typeof QUEUES.newsFeeds>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly press: PressService,
  ) {
    this.settings = newsConfigOf(config);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.settings.NEWS_JOBS) return;
    const connection = { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX };
    const producer = new QueueProducer(QUEUES.newsFeeds, connection);
    try {
      if (!this.settings.NEWS_FEEDS.length) {
        await producer.raw.removeJobScheduler(SCHEDULER_ID);
        return;
      }
      this.worker = new QueueWorker(QUEUES.newsFeeds, { fetch: () => this.fetch() }, connection, { concurrency: 1 });
      this.worker.raw.on('failed', (job, error) => this.logger.warn(`news feeds ${job?.id} failed: ${error.message}`));
      this.worker.raw.on('error', (error) => this.logger.error(`news feeds worker: ${error.message}`));
      await producer.raw.upsertJobScheduler(SCHEDULER_ID, { every: this.settings.NEWS_FEEDS_EVERY_MINUTES * 60_000 }, { name: 'fetch', data: { reason: 'schedule' } });
    } finally {
      await producer.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  /** Fetches the feeds that are due now. */
  fetch(): Promise<IngestResult> {
    return this.press.fetchDue(this.settings.NEWS_FEEDS, { timeoutMs: this.settings.NEWS_FEED_TIMEOUT_MS });
  }
}
