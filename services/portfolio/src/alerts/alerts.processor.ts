import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { QueueProducer, QueueWorker, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { AlertsEvaluator } from './alerts.evaluator';

const SCHEDULER_ID = 'portfolio-alerts-safety-net';

/**
 * The worker of the `portfolio-alerts` queue: the market service queues an evaluation after every import that adds
 * data. A job scheduler also queues one every PORTFOLIO_ALERTS_EVERY_MINUTES, so an evaluation whose job could not be
 * queued (Redis unreachable at that moment) still happens; with no new trading day it changes nothing.
 */
@Injectable()
export class AlertsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AlertsProcessor.name);
  private worker?: QueueWorker<typeof QUEUES.portfolioAlerts>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly evaluator: AlertsEvaluator,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX };
    this.worker = new QueueWorker(QUEUES.portfolioAlerts, { evaluate: () => this.evaluator.evaluate() }, connection, { concurrency: 1 });
    this.worker.raw.on('error', (error) => this.logger.error(`alerts worker: ${error.message}`));
    this.worker.raw.on('failed', (job, error) => this.logger.warn(`alerts evaluation ${job?.id ?? ''} failed (attempt ${job?.attemptsMade ?? 0}): ${error.message}`));
    const producer = new QueueProducer(QUEUES.portfolioAlerts, connection);
    try {
      await producer.raw.upsertJobScheduler(SCHEDULER_ID, { every: this.config.PORTFOLIO_ALERTS_EVERY_MINUTES * 60_000 }, { name: 'evaluate', data: { version: 'scheduled' } });
    } finally {
      await producer.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
