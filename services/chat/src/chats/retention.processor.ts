import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { AuditTrail, HourlyPurge, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { ChatService } from './chat.service';

/**
 * Keeps transcripts only for their stated retention, and the `registered` profile's audit records of chat answers only
 * for theirs: every hour a `purge` job deletes conversations whose last message is older than `CHAT_RETENTION_DAYS`
 * and audit records older than `COMPLIANCE_AUDIT_RETENTION_DAYS`.
 */
@Injectable()
export class RetentionProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionProcessor.name);
  private readonly job: HourlyPurge<typeof QUEUES.chatRetention>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly chats: ChatService,
    private readonly audit: AuditTrail,
  ) {
    const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
    this.job = new HourlyPurge(QUEUES.chatRetention, connection, () => this.purge(), (message) => this.logger.error(message));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.CHAT_RETENTION_JOB) await this.job.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.job.close();
  }

  async purge(now = new Date()): Promise<{ deleted: number; audit_deleted: number }> {
    const deleted = await this.chats.purgeExpired(now);
    const auditDeleted = await this.audit.purge(now);
    if (deleted) this.logger.log(`chat retention: ${deleted} conversation(s) older than ${this.config.CHAT_RETENTION_DAYS} days deleted`);
    if (auditDeleted) this.logger.log(`chat retention: ${auditDeleted} audit record(s) older than ${this.config.COMPLIANCE_AUDIT_RETENTION_DAYS} days deleted`);
    return { deleted, audit_deleted: auditDeleted };
  }
}
