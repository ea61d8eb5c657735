import { Inject, Injectable } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { type JobHandlers, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
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
export class NewsFeedsProcessor extends QueueProcessor<typeof QUEUES.newsFeeds> {
  private readonly settings: NewsConfig;

  constructor(
    @Inject(SERVICE_CONFIG) config: Config,
    private readonly press: PressService,
  ) {
    const settings = newsConfigOf(config);
    super({
      queue: QUEUES.newsFeeds,
      config,
      concurrency: 1,
      words: 'news feeds',
      enabled: settings.NEWS_JOBS && settings.NEWS_FEEDS.length > 0,
      schedules: settings.NEWS_JOBS
        ? [{ id: SCHEDULER_ID, repeat: settings.NEWS_FEEDS.length ? { every: settings.NEWS_FEEDS_EVERY_MINUTES * 60_000 } : null, name: 'fetch', data: { reason: 'schedule' } }]
        : [],
    });
    this.settings = settings;
  }

  protected handlers(): JobHandlers<typeof QUEUES.newsFeeds> {
    return { fetch: () => this.fetch() };
  }

  /** Fetches the feeds that are due now. */
  fetch(): Promise<IngestResult> {
    return this.press.fetchDue(this.settings.NEWS_FEEDS, { timeoutMs: this.settings.NEWS_FEED_TIMEOUT_MS });
  }
}
