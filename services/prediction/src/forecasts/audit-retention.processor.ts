import { Inject, Injectable } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { AuditTrail, hourlyPurgeSchedule, type JobHandlers, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';

/**
 * Deletes the `registered` profile's audit records of forecasts once they are older than
 * `COMPLIANCE_AUDIT_RETENTION_DAYS`, every hour; it runs under both profiles, so records kept before a switch to
 * `education` still expire.
 */
@Injectable()
export class AuditRetentionProcessor extends QueueProcessor<typeof QUEUES.predictionAuditRetention> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly audit: AuditTrail,
  ) {
    super({ queue: QUEUES.predictionAuditRetention, config, concurrency: 1, words: 'prediction audit retention', schedules: [hourlyPurgeSchedule(QUEUES.predictionAuditRetention)] });
  }

  protected handlers(): JobHandlers<typeof QUEUES.predictionAuditRetention> {
    return { purge: () => this.purge() };
  }

  async purge(now = new Date()): Promise<{ deleted: number }> {
    const deleted = await this.audit.purge(now);
    if (deleted) this.logger.log(`audit retention: ${deleted} forecast record(s) older than ${this.config.COMPLIANCE_AUDIT_RETENTION_DAYS} days deleted`);
    return { deleted };
  }
}
