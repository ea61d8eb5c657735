import { EVENT_ID_HEADER, webhookEventId } from '@nivesh/platform';
import { z } from 'zod';
import { providerEventTypeOfRazorpay } from '../subscriptions/events';
import { headerValue, MalformedWebhook, type ProviderEvent, unixToIso, type WebhookHeaders } from './provider';
import { verifyWebhookSignature } from './signature';

export { EVENT_ID_HEADER } from '@nivesh/platform';

const UnixSecondsSchema = z.number().int().nonnegative();

/** The fields we read of a subscription entity; Razorpay sends many more, which pass through untouched. */
export const RazorpaySubscriptionEntitySchema = z.looseObject({
  id: z.string().min(1),
  entity: z.literal('subscription'),
  status: z.string(),
  current_start: UnixSecondsSchema.nullish(),
  current_end: UnixSecondsSchema.nullish(),
});

/** The fields we read of a payment entity. `subscription_id` is present only on some subscription payments. */
export const RazorpayPaymentEntitySchema = z.looseObject({
  id: z.string().min(1),
  entity: z.literal('payment'),
  status: z.string(),
  subscription_id: z.string().min(1).nullish(),
  error_description: z.string().nullish(),
});

/** Razorpay's webhook envelope: `{entity:'event', account_id, event, contains, payload, created_at}`. */
export const RazorpayWebhookSchema = z.looseObject({
  entity: z.literal('event'),
  account_id: z.string(),
  event: z.string().min(1),
  contains: z.array(z.string()),
  payload: z.looseObject({
    subscription: z.object({ entity: RazorpaySubscriptionEntitySchema }).optional(),
    payment: z.object({ entity: RazorpayPaymentEntitySchema }).optional(),
  }),
  created_at: UnixSecondsSchema,
});
export type RazorpayWebhook = z.infer<typeof RazorpayWebhookSchema>;

/** The subscription a webhook concerns: its subscription entity, else the payment's own reference. */
const subscriptionIdOf = (webhook: RazorpayWebhook): string | undefined =>
  webhook.payload.subscription?.entity.id ?? webhook.payload.payment?.entity.subscription_id ?? undefined;

/** The period carried by the subscription entity, when it has one. */
const periodOf = (webhook: RazorpayWebhook): Pick<ProviderEvent, 'period_start' | 'period_end'> => {
  const subscription = webhook.payload.subscription?.entity;
  return {
    ...(subscription?.current_start != null ? { period_start: unixToIso(subscription.current_start) } : {}),
    ...(subscription?.current_end != null ? { period_end: unixToIso(subscription.current_end) } : {}),
  };
};

/**
 * Maps one Razorpay webhook to provider events: none for events we do not act on (payment.captured,
 * subscription.updated, a payment.failed that names no subscription, ...), otherwise one. An event we act on
 * without the entity that carries its subscription is a format we cannot read (MalformedWebhook), not "no news".
 */
export const toProviderEvents = (webhook: RazorpayWebhook, eventId: string): ProviderEvent[] => {
  // One table for both sides: subscriptions/events.ts.
  const type = providerEventTypeOfRazorpay(webhook.event);
  if (!type) return [];
  const providerSubscriptionId = subscriptionIdOf(webhook);
  if (!providerSubscriptionId) {
    if (webhook.event.startsWith('subscription.')) throw new MalformedWebhook(`${webhook.event} carries no subscription entity`);
    if (!webhook.payload.payment) throw new MalformedWebhook(`${webhook.event} carries no payment entity`);
    // A payment.failed of something other than a subscription: no news for us.
    return [];
  }
  return [
    {
      id: eventId,
      type,
      provider_subscription_id: providerSubscriptionId,
      ...periodOf(webhook),
      occurred_at: unixToIso(webhook.created_at),
    },
  ];
};

/**
 * The event id of a delivery: Razorpay's x-razorpay-event-id, or, should a body arrive without one, a
 * hash of the signed body, so a replay of that same body still deduplicates.
 */
export const eventIdOf = (rawBody: Buffer, headers: WebhookHeaders): string => webhookEventId(rawBody, headerValue(headers, EVENT_ID_HEADER));

/** Printable text only, at most `max` characters ('…' marks a cut): for texts taken from a body that are shown or logged. */
export const printable = (text: string, max: number): string => {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

/**
 * The event name a body says it is (`event`), or null when it is not JSON or says none: what a dead letter
 * records of a body it cannot read.
 */
export const eventNameOf = (rawBody: Buffer | string): string | null => {
  try {
    const json: unknown = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
    const name = json !== null && typeof json === 'object' ? (json as { event?: unknown }).event : undefined;
    return typeof name === 'string' && name.trim() !== '' ? printable(name, 100) : null;
  } catch {
    return null;
  }
};

/** Reads JSON and checks the envelope, or throws MalformedWebhook saying why. */
export const readRazorpayWebhook = (rawBody: Buffer): RazorpayWebhook => {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new MalformedWebhook('the body is not JSON');
  }
  const parsed = RazorpayWebhookSchema.safeParse(json);
  if (!parsed.success) throw new MalformedWebhook(z.prettifyError(parsed.error));
  return parsed.data;
};

/** Verifies the signature over the raw body first, and only then reads and maps it. */
export const parseRazorpayWebhook = (rawBody: Buffer, headers: WebhookHeaders, secret: string): ProviderEvent[] => {
  verifyWebhookSignature(rawBody, headers, secret);
  return toProviderEvents(readRazorpayWebhook(rawBody), eventIdOf(rawBody, headers));
};
