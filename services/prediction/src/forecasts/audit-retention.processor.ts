import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { AuditTrail, HourlyPurge, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';

/**
 * Deletes the `registered` profile's audit records of forecasts once they are older than
 * `COMPLIANCE_AUDIT_RETENTION_DAYS`, every hour; it runs under both profiles, so records kept before a switch to
 * `education` still expire.
 */
@Injectable()
export class AuditRetentionProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AuditRetentionProcessor.name);
  private readonly job: HourlyPurge<typeof QUEUES.predictionAuditRetention>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly audit: AuditTrail,
  ) {
    const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
    this.job = new HourlyPurge(QUEUES.predictionAuditRetention, connection, () => this.purge(), (message) => this.logger.error(message));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.job.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.job.close();
  }

  async purge(now = new Date()): Promise<{ deleted: number }> {
    const deleted = await this.audit.purge(now);
    if (deleted) this.logger.log(`audit retention: ${deleted} forecast record(s) older than ${this.config.COMPLIANCE_AUDIT_RETENTION_DAYS} days deleted`);
    return { deleted };
  }
}
