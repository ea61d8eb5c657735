import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { type JobHandlers, QueueProcessor, QueueProducer, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/provider';
import { reconcilePending } from '../payments/reconcile';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';

const EXPIRE_EVERY_MS = 5 * 60_000;
const RECONCILE_EVERY_MS = 10 * 60_000;
/** A checkout is left to its webhooks this long before reconciliation asks the provider about it. */
export const RECONCILE_AFTER_MS = 15 * 60_000;

/**
 * The premium service's background work on the `premium-maintenance` queue: ending subscriptions whose period
 * is over, asking the provider about checkouts stuck pending, and telling the provider of cancellations
 * (retried until it answers, so a cancel is never lost to an outage). Status never waits for these: it
 * compares the period end with the clock.
 */
@Injectable()
export class PremiumJobs extends QueueProcessor<typeof QUEUES.premiumMaintenance> implements OnApplicationShutdown {
  private readonly producer: QueueProducer<typeof QUEUES.premiumMaintenance>;

  constructor(
    @Inject(SERVICE_CONFIG) config: Config,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly subscriptions: SubscriptionsRepository,
  ) {
    super({
      queue: QUEUES.premiumMaintenance,
      config,
      concurrency: 2,
      words: 'premium maintenance',
      // One schedule each, however many premium instances run.
      schedules: config.PREMIUM_JOBS
        ? [
            { id: 'premium-expire', repeat: { every: EXPIRE_EVERY_MS }, name: 'expire', data: {} },
            { id: 'premium-reconcile', repeat: { every: RECONCILE_EVERY_MS }, name: 'reconcile', data: {} },
          ]
        : [],
    });
    this.producer = new QueueProducer(QUEUES.premiumMaintenance, { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  protected handlers(): JobHandlers<typeof QUEUES.premiumMaintenance> {
    return {
      expire: () => this.expire(),
      reconcile: () => this.reconcile(),
      'provider-cancel': ({ provider_subscription_id: id }) => this.provider.cancelAtPeriodEnd(id),
    };
  }

  // After the worker has closed and no request is left to queue a cancellation.
  async onApplicationShutdown(): Promise<void> {
    await this.producer.close();
  }

  /** Queues telling the provider to stop renewing; one job per subscription however often it is asked. */
  async cancelAtProvider(providerSubscriptionId: string): Promise<void> {
    await this.producer.add('provider-cancel', { provider_subscription_id: providerSubscriptionId }, { jobId: `cancel-${providerSubscriptionId.replaceAll(':', '_')}` });
  }

  /** Ends subscriptions whose paid period is over. */
  async expire(now = new Date()): Promise<{ expired: number }> {
    let expired = 0;
    for (;;) {
      const batch = await this.subscriptions.expireDue(now);
      expired += batch.length;
      if (batch.length === 0) break;
    }
    if (expired) this.logger.log(`premium expiry: ${expired} subscription(s) ended`);
    return { expired };
  }

  /** Asks the provider about checkouts still unpaid after RECONCILE_AFTER_MS and applies what moved; skipped while it is unreachable. */
  async reconcile(now = new Date()): Promise<{ applied: number; unchanged: number; skipped: number }> {
    const pending = await this.subscriptions.listAwaitingPayment(new Date(now.getTime() - RECONCILE_AFTER_MS));
    const report = await reconcilePending(
      pending.map((sub) => ({ providerSubscriptionId: sub.provider_subscription_id! })),
      this.provider,
      () => now,
    );
    let applied = 0;
    for (const event of report.events) {
      const result = await this.subscriptions.applyProviderEvent(event, now);
      if (result.outcome === 'applied') applied += 1;
    }
    if (report.skipped.length) this.logger.warn(`premium reconciliation: ${report.skipped.length} checkout(s) not checked (${report.skipped[0]!.reason})`);
    return { applied, unchanged: report.unchanged.length, skipped: report.skipped.length };
  }
}
