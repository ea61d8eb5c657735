import { DomainError } from '@nivesh/proto';
import Razorpay from 'razorpay';
import type { Subscriptions } from 'razorpay/dist/types/subscriptions';
import { z } from 'zod';
import {
  type CreatedSubscription,
  type CreateSubscriptionInput,
  type PaymentProvider,
  PROVIDER_SUBSCRIPTION_STATUSES,
  ProviderRejected,
  type ProviderEvent,
  type ProviderSubscriptionState,
  ProviderSubscriptionNotFound,
  ProviderUnavailable,
  unixToIso,
  type WebhookHeaders,
} from './provider';
import { parseRazorpayWebhook } from './razorpay-webhook';

/** The part of the SDK's `subscriptions` resource this adapter uses: the seam unit tests replace. */
export type RazorpaySubscriptionsClient = {
  create(params: Subscriptions.RazorpaySubscriptionCreateRequestBody): Promise<Subscriptions.RazorpaySubscription>;
  cancel(subscriptionId: string, cancelAtCycleEnd: boolean): Promise<Subscriptions.RazorpaySubscription>;
  fetch(subscriptionId: string): Promise<Subscriptions.RazorpaySubscription>;
};

export type RazorpayProviderOptions = {
  keyId: string;
  keySecret: string;
  /** The secret set on the webhook in the Razorpay dashboard (not the API key secret). */
  webhookSecret: string;
  /** Our plan id → the Razorpay plan (`plan_…`) made for it in the dashboard, which fixes the price. */
  planIds: Readonly<Record<string, string>>;
  /** Billing cycles before a subscription completes; Razorpay needs a bound. 120 months is ten years. */
  totalCount?: number;
  /** Deadline of one API call; the SDK sets none, so a dead network would otherwise hang the caller. */
  timeoutMs?: number;
};

const DEFAULT_TOTAL_COUNT = 120;
const DEFAULT_TIMEOUT_MS = 10_000;

/** How the SDK reports an answer from Razorpay: `{statusCode, error: {code, description}}`. */
const RazorpayApiErrorSchema = z.object({
  statusCode: z.coerce.number().int(),
  error: z.looseObject({ code: z.string().optional(), description: z.string().optional() }).optional(),
});

const FetchedSubscriptionSchema = z.looseObject({
  id: z.string(),
  status: z.enum(PROVIDER_SUBSCRIPTION_STATUSES),
  current_start: z.number().nullish(),
  current_end: z.number().nullish(),
});

/**
 * Turns whatever the SDK threw into a domain error. Razorpay's own answers carry a status code; anything
 * else is the network: the SDK's error normaliser then fails with a TypeError because there is no response.
 */
export const toProviderError = (error: unknown, providerSubscriptionId?: string): DomainError => {
  if (error instanceof DomainError) return error;
  const api = RazorpayApiErrorSchema.safeParse(error);
  if (!api.success) return new ProviderUnavailable(error);
  const { statusCode } = api.data;
  const code = api.data.error?.code ?? 'UNKNOWN';
  const description = api.data.error?.description ?? '';
  if (statusCode >= 500 || statusCode === 429) return new ProviderUnavailable(error);
  // Razorpay answers an unknown id with 400 "The id provided does not exist".
  if (providerSubscriptionId && (statusCode === 404 || /does not exist/i.test(description))) {
    return new ProviderSubscriptionNotFound(providerSubscriptionId);
  }
  return new ProviderRejected(statusCode, code, description);
};

/** Rejects with ProviderUnavailable when `work` has not settled within `ms`. */
export const withDeadline = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderUnavailable(new Error(`no answer within ${ms} ms`))), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
};

/** Razorpay Subscriptions through the official SDK; webhooks verified with our constant-time check. */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay';
  private readonly totalCount: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly options: RazorpayProviderOptions,
    private readonly client: RazorpaySubscriptionsClient = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret }).subscriptions,
  ) {
    if (!options.webhookSecret) throw new Error('The Razorpay webhook secret must be set.');
    this.totalCount = options.totalCount ?? DEFAULT_TOTAL_COUNT;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /**
   * Creates the subscription; its `short_url` is Razorpay's hosted page for the first payment. That page
   * does not send the browser back, so `returnUrl` is not passed on: Razorpay's own receipt links back,
   * and the success page reads the state the webhooks left.
   */
  async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
    const planId = this.options.planIds[input.planId];
    if (!planId) throw new ProviderRejected(400, 'PLAN_NOT_CONFIGURED', `no Razorpay plan is configured for ${input.planId}`);
    const created = await this.call(() =>
      this.client.create({ plan_id: planId, total_count: this.totalCount, customer_notify: true, notes: { subscription_id: input.subscriptionId } }),
    );
    if (!created.short_url) throw new ProviderRejected(502, 'NO_SHORT_URL', 'Razorpay created the subscription without a payment page');
    return { providerSubscriptionId: created.id, paymentUrl: created.short_url };
  }

  /** `cancel(id, true)`: Razorpay keeps the subscription active until the current cycle ends. */
  async cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void> {
    await this.call(() => this.client.cancel(providerSubscriptionId, true), providerSubscriptionId);
  }

  async fetchSubscription(providerSubscriptionId: string): Promise<ProviderSubscriptionState> {
    const fetched = await this.call(() => this.client.fetch(providerSubscriptionId), providerSubscriptionId);
    const parsed = FetchedSubscriptionSchema.safeParse(fetched);
    if (!parsed.success) throw new ProviderUnavailable(new Error(`unexpected subscription from Razorpay: ${z.prettifyError(parsed.error)}`));
    const { status, current_start: start, current_end: end } = parsed.data;
    return { status, ...(start != null ? { currentStart: unixToIso(start) } : {}), ...(end != null ? { currentEnd: unixToIso(end) } : {}) };
  }

  parseWebhook(rawBody: Buffer, headers: WebhookHeaders): ProviderEvent[] {
    return parseRazorpayWebhook(rawBody, headers, this.options.webhookSecret);
  }

  private async call<T>(request: () => Promise<T>, providerSubscriptionId?: string): Promise<T> {
    try {
      return await withDeadline(request(), this.timeoutMs);
    } catch (error) {
      throw toProviderError(error, providerSubscriptionId);
    }
  }
}
