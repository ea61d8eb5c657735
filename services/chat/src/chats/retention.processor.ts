import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { QueueProducer, QueueWorker, SERVICE_CONFIG } from '@nivesh/proto/node';
import type { Config } from '../config';
import { ChatService } from './chat.service';

const SCHEDULER_ID = 'chat-retention-hourly';
const EVERY_MS = 3_600_000;

/**
 * Keeps transcripts only for their stated retention: a BullMQ job scheduler queues a `purge` every hour (one schedule,
 * however many chat instances run), and a worker deletes conversations whose last message is older than
 * `CHAT_RETENTION_DAYS`.
 */
@Injectable()
export class RetentionProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionProcessor.name);
  private worker?: QueueWorker<typeof QUEUES.chatRetention>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly chats: ChatService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.CHAT_RETENTION_JOB) return;
    const connection = { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX };
    this.worker = new QueueWorker(QUEUES.chatRetention, { purge: () => this.purge() }, connection, { concurrency: 1 });
    this.worker.raw.on('error', (error) => this.logger.error(`chat retention worker: ${error.message}`));
    const producer = new QueueProducer(QUEUES.chatRetention, connection);
    try {
      await producer.raw.upsertJobScheduler(SCHEDULER_ID, { every: EVERY_MS }, { name: 'purge', data: {} });
    } finally {
      await producer.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  async purge(): Promise<{ deleted: number }> {
    const deleted = await this.chats.purgeExpired();
    if (deleted) this.logger.log(`chat retention: ${deleted} conversation(s) older than ${this.config.CHAT_RETENTION_DAYS} days deleted`);
    return { deleted };
  }
}
