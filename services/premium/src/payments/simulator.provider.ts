import { randomInt } from 'node:crypto';
import type { Logger } from '@nivesh/platform';
import { type CheckoutPageInput, renderCheckoutPage } from './checkout-page';
import {
  type CreatedSubscription,
  type CreateSubscriptionInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscriptionState,
  ProviderSubscriptionNotFound,
  unixToIso,
  type WebhookHeaders,
} from './provider';
import {
  buildPaymentEntity,
  buildSubscriptionEntity,
  buildWebhookEvent,
  type PaymentError,
  type RazorpayEventName,
  type RazorpayWebhookBody,
} from './razorpay-payloads';
import { EVENT_ID_HEADER, parseRazorpayWebhook } from './razorpay-webhook';
import { SIGNATURE_HEADER, signWebhookBody } from './signature';
import { addMonthsUtc } from '../subscriptions/state-machine';
import type { SimulatedSubscription, SimulatorLedger } from './simulator-ledger';

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random id in Razorpay's style: an optional prefix and 14 base-62 characters. */
export const razorpayStyleId = (prefix?: string): string => {
  let id = '';
  for (let i = 0; i < 14; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return prefix ? `${prefix}_${id}` : id;
};

const toUnix = (date: Date): number => Math.floor(date.getTime() / 1000);

// Billing periods are counted as the subscriptions' own state machine counts them.
export { addMonthsUtc } from '../subscriptions/state-machine';

/** An open checkout link expires after a day, as a Razorpay subscription with `expire_by` would. */
const CHECKOUT_LIFETIME_SECONDS = 24 * 60 * 60;
/** The simulator's stand-in for a Razorpay account id. */
const SIMULATOR_ACCOUNT_ID = 'acc_NiveshSimulatr';

export type SimulatorProviderOptions = {
  /** The public origin of the app; checkout pages live at `${publicBaseUrl}/dev/pay/<id>`. */
  publicBaseUrl: string;
  webhookSecret: string;
  ledger: SimulatorLedger;
  /** Months in one billing cycle of a plan; one unless told. */
  periodMonths?: (planId: string) => number;
  /** Billing cycles before the subscription completes, as with Razorpay's total_count. */
  totalCount?: number;
  now?: () => Date;
};

/**
 * The payment provider for development and tests: subscriptions live in a ledger, the "hosted page" is
 * our own /dev/pay/:id (SimulatorCheckout), and webhooks are Razorpay's bodies, headers and signature.
 */
export class SimulatorProvider implements PaymentProvider {
  readonly name = 'simulator';
  private readonly now: () => Date;

  constructor(private readonly options: SimulatorProviderOptions) {
    if (!options.webhookSecret) throw new Error('The simulator webhook secret must be set.');
    this.now = options.now ?? (() => new Date());
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
    const id = razorpayStyleId('sub');
    const paymentUrl = `${(input.siteOrigin ?? this.options.publicBaseUrl).replace(/\/+$/, '')}/dev/pay/${encodeURIComponent(id)}`;
    const createdAt = toUnix(this.now());
    await this.options.ledger.put({
      id,
      subscriptionId: input.subscriptionId,
      userId: input.customer.userId,
      email: input.customer.email ?? null,
      amountPaise: input.amountPaise,
      returnUrl: input.returnUrl,
      planId: input.planId,
      status: 'created',
      customerId: null,
      notes: { subscription_id: input.subscriptionId },
      createdAt,
      currentStart: null,
      currentEnd: null,
      endedAt: null,
      totalCount: this.options.totalCount ?? 120,
      paidCount: 0,
      authAttempts: 0,
      shortUrl: paymentUrl,
      expireBy: createdAt + CHECKOUT_LIFETIME_SECONDS,
      cancelAtCycleEnd: false,
    });
    return { providerSubscriptionId: id, paymentUrl };
  }

  /** Like Razorpay's cancel at cycle end: an active subscription runs to its end; an unpaid one ends now. */
  async cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void> {
    const subscription = await this.find(providerSubscriptionId);
    if (subscription.status === 'active') {
      await this.options.ledger.put({ ...subscription, cancelAtCycleEnd: true });
    } else if (subscription.status === 'created' || subscription.status === 'authenticated') {
      await this.options.ledger.put({ ...subscription, status: 'cancelled', endedAt: toUnix(this.now()) });
    }
  }

  /** The stored state, aged by the clock: a lapsed link is expired, a cancelled cycle that ended is cancelled. */
  async fetchSubscription(providerSubscriptionId: string): Promise<ProviderSubscriptionState> {
    const subscription = await this.find(providerSubscriptionId);
    const now = toUnix(this.now());
    let status = subscription.status;
    if (status === 'created' && subscription.expireBy !== null && now >= subscription.expireBy) status = 'expired';
    if (status === 'active' && subscription.cancelAtCycleEnd && subscription.currentEnd !== null && now >= subscription.currentEnd) status = 'cancelled';
    return {
      status,
      ...(subscription.currentStart !== null ? { currentStart: unixToIso(subscription.currentStart) } : {}),
      ...(subscription.currentEnd !== null ? { currentEnd: unixToIso(subscription.currentEnd) } : {}),
    };
  }

  parseWebhook(rawBody: Buffer, headers: WebhookHeaders): ProviderEvent[] {
    return parseRazorpayWebhook(rawBody, headers, this.options.webhookSecret);
  }

  private async find(providerSubscriptionId: string): Promise<SimulatedSubscription> {
    const subscription = await this.options.ledger.get(providerSubscriptionId);
    if (!subscription) throw new ProviderSubscriptionNotFound(providerSubscriptionId);
    return subscription;
  }
}

/** The outcome of one webhook delivery. */
export type WebhookDelivery = { event: RazorpayEventName; eventId: string; delivered: boolean; attempts: number; status?: number; error?: string };

/** Where the browser goes after Pay or Fail, and what happened to the webhooks on the way. */
export type CheckoutOutcome = { redirectTo: string; deliveries: WebhookDelivery[] };

export type SimulatorCheckoutOptions = {
  ledger: SimulatorLedger;
  /** The webhook endpoint, e.g. `${gateway}/api/premium/webhooks/razorpay`. */
  webhookUrl: string;
  webhookSecret: string;
  periodMonths?: (planId: string) => number;
  /** Tries per webhook before giving up on it (Razorpay retries for a day; reconciliation covers the rest). */
  deliveryAttempts?: number;
  /** Deadline of one delivery. */
  deliveryTimeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  logger?: Pick<Logger, 'warn'>;
};

/** Reasons the failure page is given, as sentences for the person who tried to pay. */
export const CHECKOUT_FAILURE_REASONS = {
  declined: 'The bank declined the payment. No money was taken.',
  expired: 'This payment link has expired. Please start again from the premium page.',
  closed: 'This payment can no longer be made. Please start again from the premium page.',
} as const;

const DECLINED: PaymentError = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Payment failed because the card was declined by the bank.',
  source: 'bank',
  step: 'payment_authorization',
  reason: 'payment_failed',
};

/**
 * What happens behind the simulator's checkout page when a tester presses Pay or Fail: the ledger moves
 * as Razorpay's would, the webhooks Razorpay would send are signed and POSTed to our endpoint, and the
 * browser is sent to the payment success or failure page.
 */
export class SimulatorCheckout {
  private readonly now: () => Date;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  /** One press at a time per subscription in this process, so a double click pays once. */
  private readonly inFlight = new Map<string, Promise<CheckoutOutcome>>();

  constructor(private readonly options: SimulatorCheckoutOptions) {
    if (!options.webhookSecret) throw new Error('The simulator webhook secret must be set.');
    this.now = options.now ?? (() => new Date());
    this.fetch = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** What the page for `providerSubscriptionId` shows, or undefined when there is no such checkout. */
  async page(providerSubscriptionId: string, view: Pick<CheckoutPageInput, 'planName' | 'payAction' | 'failAction' | 'nonce' | 'perPeriod'>): Promise<string | undefined> {
    const subscription = await this.options.ledger.get(providerSubscriptionId);
    if (!subscription) return undefined;
    return renderCheckoutPage({ ...view, providerSubscriptionId, amountPaise: subscription.amountPaise, status: subscription.status, returnUrl: subscription.returnUrl });
  }

  /** The tester pressed Pay: authenticated, activated and charged, as Razorpay sends them for a first payment. */
  pay(providerSubscriptionId: string): Promise<CheckoutOutcome> {
    return this.once(providerSubscriptionId, () => this.settle(providerSubscriptionId, 'pay'));
  }

  /** The tester pressed Fail: payment.failed; the subscription stays open for another try, as with Razorpay. */
  fail(providerSubscriptionId: string): Promise<CheckoutOutcome> {
    return this.once(providerSubscriptionId, () => this.settle(providerSubscriptionId, 'fail'));
  }

  private once(providerSubscriptionId: string, work: () => Promise<CheckoutOutcome>): Promise<CheckoutOutcome> {
    const running = this.inFlight.get(providerSubscriptionId);
    if (running) return running;
    const started = work().finally(() => this.inFlight.delete(providerSubscriptionId));
    this.inFlight.set(providerSubscriptionId, started);
    return started;
  }

  private async settle(providerSubscriptionId: string, press: 'pay' | 'fail'): Promise<CheckoutOutcome> {
    const subscription = await this.options.ledger.get(providerSubscriptionId);
    if (!subscription) throw new ProviderSubscriptionNotFound(providerSubscriptionId);
    // A second press (or the back button) changes nothing; the browser goes where the first one led.
    if (subscription.status === 'active') return { redirectTo: this.successUrl(subscription), deliveries: [] };
    if (subscription.status !== 'created') return { redirectTo: this.failureUrl(subscription, 'closed'), deliveries: [] };
    if (subscription.expireBy !== null && toUnix(this.now()) >= subscription.expireBy) {
      return { redirectTo: this.failureUrl(subscription, 'expired'), deliveries: [] };
    }
    return press === 'pay' ? this.charge(subscription) : this.decline(subscription);
  }

  private async charge(subscription: SimulatedSubscription): Promise<CheckoutOutcome> {
    const now = this.now();
    const at = toUnix(now);
    const customerId = subscription.customerId ?? razorpayStyleId('cust');
    const authenticated: SimulatedSubscription = { ...subscription, status: 'authenticated', customerId };
    const months = this.options.periodMonths?.(subscription.planId) ?? 1;
    const active: SimulatedSubscription = { ...authenticated, status: 'active', currentStart: at, currentEnd: toUnix(addMonthsUtc(now, months)), paidCount: 1 };
    await this.options.ledger.put(active);
    const payment = buildPaymentEntity({
      id: razorpayStyleId('pay'),
      amountPaise: subscription.amountPaise,
      status: 'captured',
      createdAt: at,
      subscriptionId: subscription.id,
      customerId,
      email: subscription.email,
      orderId: razorpayStyleId('order'),
      invoiceId: razorpayStyleId('inv'),
      tokenId: razorpayStyleId('token'),
      description: `Subscription ${subscription.id}`,
    });
    const deliveries = await this.deliverAll([
      this.event('subscription.authenticated', at, buildSubscriptionEntity(authenticated)),
      this.event('subscription.activated', at, buildSubscriptionEntity(active)),
      this.event('subscription.charged', at, buildSubscriptionEntity(active), payment),
    ]);
    return { redirectTo: this.successUrl(subscription), deliveries };
  }

  private async decline(subscription: SimulatedSubscription): Promise<CheckoutOutcome> {
    const at = toUnix(this.now());
    await this.options.ledger.put({ ...subscription, authAttempts: subscription.authAttempts + 1 });
    const payment = buildPaymentEntity({
      id: razorpayStyleId('pay'),
      amountPaise: subscription.amountPaise,
      status: 'failed',
      createdAt: at,
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      email: subscription.email,
      orderId: razorpayStyleId('order'),
      invoiceId: razorpayStyleId('inv'),
      tokenId: null,
      description: `Subscription ${subscription.id}`,
      error: DECLINED,
    });
    const deliveries = await this.deliverAll([this.event('payment.failed', at, undefined, payment)]);
    return { redirectTo: this.failureUrl(subscription, 'declined'), deliveries };
  }

  private event(
    event: RazorpayEventName,
    createdAt: number,
    subscription?: ReturnType<typeof buildSubscriptionEntity>,
    payment?: ReturnType<typeof buildPaymentEntity>,
  ): RazorpayWebhookBody {
    return buildWebhookEvent({ accountId: SIMULATOR_ACCOUNT_ID, event, createdAt, subscription, payment });
  }

  /** One after another, in Razorpay's order; a failed delivery does not stop the next. */
  private async deliverAll(bodies: RazorpayWebhookBody[]): Promise<WebhookDelivery[]> {
    const deliveries: WebhookDelivery[] = [];
    for (const body of bodies) deliveries.push(await this.deliver(body));
    return deliveries;
  }

  /** POSTs one signed body; retries (same event id, same bytes, as Razorpay does) until a 2xx or the attempts run out. */
  private async deliver(body: RazorpayWebhookBody): Promise<WebhookDelivery> {
    const raw = Buffer.from(JSON.stringify(body), 'utf8');
    const eventId = razorpayStyleId();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Razorpay-Webhook/v1',
      [SIGNATURE_HEADER]: signWebhookBody(raw, this.options.webhookSecret),
      [EVENT_ID_HEADER]: eventId,
    };
    const attempts = Math.max(this.options.deliveryAttempts ?? 3, 1);
    let last: Pick<WebhookDelivery, 'status' | 'error'> = {};
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        const response = await this.fetch(this.options.webhookUrl, {
          method: 'POST',
          headers,
          body: raw,
          signal: AbortSignal.timeout(this.options.deliveryTimeoutMs ?? 5_000),
        });
        if (response.ok) return { event: body.event, eventId, delivered: true, attempts: attempt, status: response.status };
        last = { status: response.status };
      } catch (error) {
        last = { error: error instanceof Error ? error.message : String(error) };
      }
      if (attempt < attempts) await this.sleep(250 * attempt);
    }
    this.options.logger?.warn({ event: body.event, eventId, ...last }, 'simulator webhook not delivered');
    return { event: body.event, eventId, delivered: false, attempts, ...last };
  }

  private successUrl(subscription: SimulatedSubscription): string {
    const url = new URL(subscription.returnUrl);
    url.searchParams.set('subscription_id', subscription.subscriptionId);
    return url.toString();
  }

  /** The failure page sits beside the success page the subscription was created with. */
  private failureUrl(subscription: SimulatedSubscription, reason: keyof typeof CHECKOUT_FAILURE_REASONS): string {
    const url = new URL('/payment/failure', subscription.returnUrl);
    url.searchParams.set('subscription_id', subscription.subscriptionId);
    url.searchParams.set('reason', CHECKOUT_FAILURE_REASONS[reason]);
    return url.toString();
  }
}
