import { Inject, Injectable } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { AuditTrail, hourlyPurgeSchedule, type JobHandlers, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { ChatService } from './chat.service';

/**
 * Keeps transcripts only for their stated retention, and the `registered` profile's audit records of chat answers only
 * for theirs: every hour a `purge` job deletes conversations whose last message is older than `CHAT_RETENTION_DAYS`
 * and audit records older than `COMPLIANCE_AUDIT_RETENTION_DAYS`.
 */
@Injectable()
export class RetentionProcessor extends QueueProcessor<typeof QUEUES.chatRetention> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly chats: ChatService,
    private readonly audit: AuditTrail,
  ) {
    super({ queue: QUEUES.chatRetention, config, concurrency: 1, words: 'chat retention', schedules: [hourlyPurgeSchedule(QUEUES.chatRetention)], enabled: config.CHAT_RETENTION_JOB });
  }

  protected handlers(): JobHandlers<typeof QUEUES.chatRetention> {
    return { purge: () => this.purge() };
  }

  async purge(now = new Date()): Promise<{ deleted: number; audit_deleted: number }> {
    const deleted = await this.chats.purgeExpired(now);
    const auditDeleted = await this.audit.purge(now);
    if (deleted) this.logger.log(`chat retention: ${deleted} conversation(s) older than ${this.config.CHAT_RETENTION_DAYS} days deleted`);
    if (auditDeleted) this.logger.log(`chat retention: ${auditDeleted} audit record(s) older than ${this.config.COMPLIANCE_AUDIT_RETENTION_DAYS} days deleted`);
    return { deleted, audit_deleted: auditDeleted };
  }
}
