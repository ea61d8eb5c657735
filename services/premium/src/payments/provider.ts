import { DomainError } from '@nivesh/proto';

import type { ProviderEvent } from '../subscriptions/events';

export { PROVIDER_EVENT_TYPES, type ProviderEvent, type ProviderEventType } from '../subscriptions/events';

export type CreateSubscriptionInput = {
  /** Our subscription id, stored with the provider so its records point back to ours. */
  subscriptionId: string;
  planId: string;
  amountPaise: number;
  customer: { userId: string; email?: string };
  /** Where the browser returns after the hosted payment page (the payment success page). */
  returnUrl: string;
  /** The origin the browser is on, for a hosted page this app serves itself (the simulator's); PUBLIC_URL's when absent. */
  siteOrigin?: string;
};

export type CreatedSubscription = { providerSubscriptionId: string; paymentUrl: string };

/** Subscription states as Razorpay names them; the simulator uses the same words. */
export const PROVIDER_SUBSCRIPTION_STATUSES = ['created', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed', 'expired'] as const;
export type ProviderSubscriptionStatus = (typeof PROVIDER_SUBSCRIPTION_STATUSES)[number];

/** What the provider says about one subscription now; the period bounds are ISO-8601 strings. */
export type ProviderSubscriptionState = {
  status: ProviderSubscriptionStatus;
  currentStart?: string;
  currentEnd?: string;
};

/** Request headers as Node hands them over (names in lower case). */
export type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A payment provider: the one seam between the premium service and the money. */
export type PaymentProvider = {
  readonly name: string;
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>;
  /** Stops renewal; the paid period runs to its end. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  fetchSubscription(providerSubscriptionId: string): Promise<ProviderSubscriptionState>;
  /** Verifies the signature over the raw body, then maps the event; throws InvalidSignature or MalformedWebhook. */
  parseWebhook(rawBody: Buffer, headers: WebhookHeaders): ProviderEvent[];
};

/** Nest injection token for the configured provider. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** The webhook's signature is missing or does not match its body; nothing in it may be trusted. */
export class InvalidSignature extends DomainError {
  constructor() {
    super('unauthorized', 'The webhook signature is missing or does not match.');
    this.name = 'InvalidSignature';
  }
}

/** A correctly signed webhook whose body is not an event we can read. */
export class MalformedWebhook extends DomainError {
  constructor(reason: string) {
    super('bad_request', 'The webhook body is not a payment event we can read.', { reason });
    this.name = 'MalformedWebhook';
  }
}

/** The provider could not be reached, timed out or failed on its side; worth trying again later. */
export class ProviderUnavailable extends DomainError {
  constructor(cause?: unknown) {
    super('service_unavailable', 'The payment provider cannot be reached right now. Please try again in a few minutes.');
    this.name = 'ProviderUnavailable';
    this.cause = cause;
  }
}

/** The provider refused the request (for example an unknown plan); trying again will not help. */
export class ProviderRejected extends DomainError {
  constructor(
    readonly providerStatus: number,
    readonly providerCode: string,
    readonly providerDescription: string,
  ) {
    super('unprocessable', 'The payment provider could not start this payment. Please try again later or contact support.');
    this.name = 'ProviderRejected';
  }
}

/** The subscription is not known to the provider. */
export class ProviderSubscriptionNotFound extends DomainError {
  constructor(providerSubscriptionId: string) {
    super('not_found', 'This payment could not be found. It may have expired; please start again from the premium page.', {
      provider_subscription_id: providerSubscriptionId,
    });
    this.name = 'ProviderSubscriptionNotFound';
  }
}

/** One header's single value, looked up without regard to case; a repeated header counts as missing. */
export const headerValue = (headers: WebhookHeaders, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    if (typeof value === 'string') return value;
    return Array.isArray(value) && value.length === 1 ? value[0] : undefined;
  }
  return undefined;
};

/** Unix seconds (as Razorpay sends them) to ISO-8601. */
export const unixToIso = (seconds: number): string => new Date(seconds * 1000).toISOString();
