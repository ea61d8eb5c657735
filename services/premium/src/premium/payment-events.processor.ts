import { Inject, Injectable } from '@nestjs/common';
import { type PaymentWebhookJob, QUEUES } from '@nivesh/proto';
import { type JobHandlers, QUICK_JOB_LOCK, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Config } from '../config';
import { MalformedWebhook, type ProviderEvent } from '../payments/provider';
import { eventNameOf, readRazorpayWebhook, toProviderEvents } from '../payments/razorpay-webhook';
import { PaymentDeadLettersRepository } from '../payments/payment-dead-letters.repository';
import { type ProviderEventResult, SubscriptionsRepository } from '../subscriptions/subscriptions.repository';

/** A webhook for a subscription this service has not stored yet (its checkout is still being written): tried again later. */
export class SubscriptionNotYetKnown extends Error {
  constructor(readonly providerSubscriptionId: string) {
    super(`no subscription ${providerSubscriptionId} yet`);
    this.name = 'SubscriptionNotYetKnown';
  }
}

/** Which try of a job this is: the first is 1, the last is `of`. */
export type Attempt = { number: number; of: number };

/** The try of a BullMQ job that is running now. */
export const attemptOf = (job: Pick<Job, 'attemptsMade' | 'opts'>): Attempt => ({ number: job.attemptsMade + 1, of: Math.max(job.opts.attempts ?? 1, 1) });

/** Why an event waits in the dead-letter table, in the words an operator reads on the admin status page. */
export const DEAD_LETTER_TEXTS = {
  unknownSubscription: (providerSubscriptionId: string, attempt: Attempt) =>
    attempt.number >= attempt.of
      ? `No subscription here has the provider id ${providerSubscriptionId}; gave up after ${attempt.of} tries.`
      : `No subscription here has the provider id ${providerSubscriptionId} (yet); trying again, ${attempt.of - attempt.number} tries left.`,
} as const;

/**
 * Applies the webhooks the gateway queued on `payment-events` (their signatures checked there, on the raw
 * body). Each event is applied exactly once: its id is stored in the same transaction as the state change,
 * so a replay, a retry or a storm of copies changes nothing more.
 *
 * Nothing correctly signed is dropped. A body that cannot be read goes to the dead-letter table with the reason
 * (and is not retried: it will not read better later). An event for an unknown subscription goes there too on
 * its first try, and is retried with backoff: if its subscription is stored meanwhile it applies and the dead
 * letter is marked resolved; otherwise it stays, saying it gave up.
 */
@Injectable()
export class PaymentEventsProcessor extends QueueProcessor<typeof QUEUES.paymentEvents> {
  constructor(
    @Inject(SERVICE_CONFIG) config: Config,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly deadLetters: PaymentDeadLettersRepository,
  ) {
    // Events of one subscription serialise on its row lock; different subscriptions proceed side by side.
    super({ queue: QUEUES.paymentEvents, config, concurrency: 16, lock: QUICK_JOB_LOCK, words: 'payment events', failures: 'given-up' });
  }

  protected handlers(): JobHandlers<typeof QUEUES.paymentEvents> {
    return { 'razorpay-webhook': (data, job) => this.process(data, attemptOf(job)) };
  }

  protected override describeJob(job: Job<PaymentWebhookJob>): string {
    return `event ${job.data.event_id}`;
  }

  async process(job: PaymentWebhookJob, attempt: Attempt = { number: 1, of: 1 }): Promise<ProviderEventResult[]> {
    let events: ProviderEvent[];
    try {
      events = toProviderEvents(readRazorpayWebhook(Buffer.from(job.raw_body, 'utf8')), job.event_id);
    } catch (error) {
      if (!(error instanceof MalformedWebhook)) throw error;
      const reason = String(error.details?.reason ?? error.message);
      // Should this write fail, the job fails as any other and is retried: the event is not lost.
      await this.setAside(job, { reason: 'unreadable', detail: `The body is not an event we can read: ${reason}`, eventType: eventNameOf(job.raw_body), providerSubscriptionId: null });
      this.logger.warn(`payment event ${job.event_id} set aside as unreadable: ${reason}`);
      throw new UnrecoverableError(error.message);
    }
    const results: ProviderEventResult[] = [];
    for (const event of events) {
      const result = await this.subscriptions.applyProviderEvent(event, new Date());
      if (result.outcome === 'unknown_subscription') {
        await this.setAside(job, {
          reason: 'unknown_subscription',
          detail: DEAD_LETTER_TEXTS.unknownSubscription(event.provider_subscription_id, attempt),
          eventType: eventNameOf(job.raw_body),
          providerSubscriptionId: event.provider_subscription_id,
        });
        throw new SubscriptionNotYetKnown(event.provider_subscription_id);
      }
      // A retry that gets through: the dead letter of an earlier try is settled.
      if (attempt.number > 1 && (await this.deadLetters.resolve(job.event_id, new Date()))) this.logger.log(`payment event ${event.id} went through on try ${attempt.number}; its dead letter is resolved`);
      if (result.outcome === 'duplicate') this.logger.log(`payment event ${event.id} (${event.type}) seen before; nothing changed`);
      else if (result.outcome === 'ignored') this.logger.log(`payment event ${event.id} (${event.type}) ${result.stale ? 'was stale' : 'changed nothing'}: ${result.reason}`);
      else this.logger.log(`subscription ${result.subscription.id}: ${result.from} → ${result.subscription.status} (${event.type})`);
      results.push(result);
    }
    return results;
  }

  private setAside(job: PaymentWebhookJob, letter: { reason: 'unreadable' | 'unknown_subscription'; detail: string; eventType: string | null; providerSubscriptionId: string | null }) {
    return this.deadLetters.record({ eventId: job.event_id, rawBody: job.raw_body, receivedAt: new Date(job.received_at), now: new Date(), ...letter });
  }
}
