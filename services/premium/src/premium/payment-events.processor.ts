import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type PaymentWebhookJob, QUEUES } from '@nivesh/proto';
import { QUICK_JOB_LOCK, QueueWorker, SERVICE_CONFIG } from '@nivesh/proto/node';
import { UnrecoverableError } from 'bullmq';
import type { Config } from '../config';
import { MalformedWebhook } from '../payments/provider';
import { readRazorpayWebhook, toProviderEvents } from '../payments/razorpay-webhook';
import { type ProviderEventResult, SubscriptionsRepository } from '../subscriptions/subscriptions.repository';

/** A webhook for a subscription this service has not stored yet (its checkout is still being written): tried again later. */
export class SubscriptionNotYetKnown extends Error {
  constructor(readonly providerSubscriptionId: string) {
    super(`no subscription ${providerSubscriptionId} yet`);
    this.name = 'SubscriptionNotYetKnown';
  }
}

/**
 * Applies the webhooks the gateway queued on `payment-events` (their signatures checked there, on the raw
 * body). Each event is applied exactly once: its id is stored in the same transaction as the state change,
 * so a replay, a retry or a storm of copies changes nothing more. An event for an unknown subscription is
 * retried with backoff; a body that cannot be read is logged and dropped.
 */
@Injectable()
export class PaymentEventsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PaymentEventsProcessor.name);
  private worker?: QueueWorker<typeof QUEUES.paymentEvents>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new QueueWorker(
      QUEUES.paymentEvents,
      { 'razorpay-webhook': (job) => this.process(job) },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX },
      // Events of one subscription serialise on its row lock; different subscriptions proceed side by side.
      { concurrency: 16, lock: QUICK_JOB_LOCK },
    );
    this.worker.raw.on('error', (error) => this.logger.error(`payment events worker: ${error.message}`));
    this.worker.raw.on('failed', (job, error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) this.logger.error(`payment event ${job.data.event_id} given up: ${error.message}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  async process(job: PaymentWebhookJob): Promise<ProviderEventResult[]> {
    let events;
    try {
      events = toProviderEvents(readRazorpayWebhook(Buffer.from(job.raw_body, 'utf8')), job.event_id);
    } catch (error) {
      if (error instanceof MalformedWebhook) {
        this.logger.warn(`payment event ${job.event_id} dropped: ${String(error.details?.reason ?? error.message)}`);
        throw new UnrecoverableError(error.message);
      }
      throw error;
    }
    const results: ProviderEventResult[] = [];
    for (const event of events) {
      const result = await this.subscriptions.applyProviderEvent(event, new Date());
      if (result.outcome === 'unknown_subscription') throw new SubscriptionNotYetKnown(event.provider_subscription_id);
      if (result.outcome === 'duplicate') this.logger.log(`payment event ${event.id} (${event.type}) seen before; nothing changed`);
      else if (result.outcome === 'ignored') this.logger.log(`payment event ${event.id} (${event.type}) changed nothing: ${result.reason}`);
      else this.logger.log(`subscription ${result.subscription.id}: ${result.from} → ${result.subscription.status} (${event.type})`);
      results.push(result);
    }
    return results;
  }
}
