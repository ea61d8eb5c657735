import { Inject, Injectable } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { type JobHandlers, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { VisitorStatsService } from '../visitors/visitor-stats.service';

/** Five past every hour (UTC): yesterday's late events have had a few minutes to arrive. */
const ROLLUP_PATTERN = '5 * * * *';
/** Once a day at 21:30 UTC (03:00 in India), when the site is quietest. */
const RETENTION_PATTERN = '30 21 * * *';

/**
 * The tracking service's upkeep on `tracking-maintenance`: `rollup` every hour (every finished day not rolled up yet
 * or changed by a late event, and yesterday again) and `retention` every day (raw events of rolled-up days older than
 * TRACKING_RAW_RETENTION_DAYS). One schedule each, however many instances run.
 */
@Injectable()
export class MaintenanceProcessor extends QueueProcessor<typeof QUEUES.trackingMaintenance> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly stats: VisitorStatsService,
    private readonly analytics: AnalyticsRepository,
  ) {
    super({
      queue: QUEUES.trackingMaintenance,
      config,
      concurrency: 1,
      words: 'tracking maintenance',
      schedules: config.TRACKING_JOBS
        ? [
            { id: 'tracking-rollup', repeat: { pattern: ROLLUP_PATTERN, tz: 'UTC' }, name: 'rollup', data: { reason: 'schedule' } },
            { id: 'tracking-retention', repeat: { pattern: RETENTION_PATTERN, tz: 'UTC' }, name: 'retention', data: { reason: 'schedule' } },
          ]
        : [],
    });
  }

  protected handlers(): JobHandlers<typeof QUEUES.trackingMaintenance> {
    return { rollup: () => this.rollUp(), retention: () => this.purge() };
  }

  async rollUp(now = new Date()): Promise<{ days: string[] }> {
    const days = await this.stats.rollUp(now);
    this.logger.log(`visitor rollup: ${days.join(', ')}`);
    return { days };
  }

  /** Raw visitor events past their retention (rolled-up days only), and opt-in analytics sessions unused as long. */
  async purge(now = new Date()): Promise<{ days: string[]; deleted: number; analytics_sessions: number }> {
    const result = await this.stats.purge(now);
    if (result.deleted) this.logger.log(`visitor retention: ${result.deleted} raw event(s) of ${result.days.length} day(s) deleted`);
    const cutoff = new Date(now.getTime() - this.config.TRACKING_RAW_RETENTION_DAYS * 86_400_000);
    const sessions = await this.analytics.purgeBefore(cutoff);
    if (sessions) this.logger.log(`analytics retention: ${sessions} session(s) last used before ${cutoff.toISOString()} deleted`);
    return { ...result, analytics_sessions: sessions };
  }
}
