import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { QueueProducer, QueueWorker, SERVICE_CONFIG } from '@nivesh/platform';
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
export class PremiumJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PremiumJobs.name);
  private readonly producer: QueueProducer<typeof QUEUES.premiumMaintenance>;
  private worker?: QueueWorker<typeof QUEUES.premiumMaintenance>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly subscriptions: SubscriptionsRepository,
  ) {
    this.producer = new QueueProducer(QUEUES.premiumMaintenance, this.connection);
  }

  private get connection() {
    return { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new QueueWorker(
      QUEUES.premiumMaintenance,
      {
        expire: () => this.expire(),
        reconcile: () => this.reconcile(),
        'provider-cancel': ({ provider_subscription_id: id }) => this.provider.cancelAtPeriodEnd(id),
      },
      this.connection,
      { concurrency: 2 },
    );
    this.worker.raw.on('error', (error) => this.logger.error(`premium maintenance worker: ${error.message}`));
    this.worker.raw.on('failed', (job, error) => this.logger.warn(`premium ${job?.name ?? 'job'} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`));
    if (!this.config.PREMIUM_JOBS) return;
    // One schedule each, however many premium instances run.
    await this.producer.raw.upsertJobScheduler('premium-expire', { every: EXPIRE_EVERY_MS }, { name: 'expire', data: {} });
    await this.producer.raw.upsertJobScheduler('premium-reconcile', { every: RECONCILE_EVERY_MS }, { name: 'reconcile', data: {} });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
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
