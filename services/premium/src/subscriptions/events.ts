import { IsoDateTimeSchema } from '@nivesh/proto';
import { z } from 'zod';

/** What a payment provider told us happened to a subscription, in words that do not depend on the provider. */
export const PROVIDER_EVENT_TYPES = ['activated', 'charged', 'payment_failed', 'cancelled', 'completed', 'halted'] as const;
export const ProviderEventTypeSchema = z.enum(PROVIDER_EVENT_TYPES);
export type ProviderEventType = z.infer<typeof ProviderEventTypeSchema>;

/**
 * One provider event, as the payment adapters produce it and the `payment-events` queue carries it. `id`
 * is the provider's event id (Razorpay's `x-razorpay-event-id`), the same on every retry of one delivery,
 * so it is the deduplication key. Times are ISO-8601 so the event survives the queue's JSON unchanged.
 * It holds no card or payment-method data, so it is what `provider_events.payload` stores.
 */
export const ProviderEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: ProviderEventTypeSchema,
  provider_subscription_id: z.string().min(1).max(200),
  period_start: IsoDateTimeSchema.optional(),
  period_end: IsoDateTimeSchema.optional(),
  occurred_at: IsoDateTimeSchema,
});
export type ProviderEvent = z.infer<typeof ProviderEventSchema>;

/**
 * How Razorpay's subscription webhooks read as provider events; `null` means "no news for the state
 * machine". `subscription.authenticated` only says the mandate is in place (activation and the first
 * charge follow as their own events); `subscription.pending` is a failed renewal Razorpay keeps retrying,
 * so it counts as a failed payment; `payment.failed` counts only when it names a subscription.
 * payments/razorpay-webhook.ts applies the same table.
 */
export const RAZORPAY_EVENT_TYPES: Readonly<Record<string, ProviderEventType | null>> = {
  'subscription.authenticated': null,
  'subscription.activated': 'activated',
  'subscription.charged': 'charged',
  'subscription.pending': 'payment_failed',
  'subscription.halted': 'halted',
  'subscription.cancelled': 'cancelled',
  'subscription.completed': 'completed',
  'payment.failed': 'payment_failed',
};

/** The provider event type of a Razorpay event name, or null when the state machine has nothing to do with it. */
export const providerEventTypeOfRazorpay = (eventName: string): ProviderEventType | null => RAZORPAY_EVENT_TYPES[eventName] ?? null;

/** Event ids the reconciliation job makes up (payments/reconcile.ts) start with this; webhook ids never do. */
export const RECONCILIATION_EVENT_ID_PREFIX = 'reconcile:';

/** The audit cause of a provider event: 'webhook charged', 'reconciliation activated', ... */
export const providerEventCause = (event: Pick<ProviderEvent, 'id' | 'type'>): string =>
  `${event.id.startsWith(RECONCILIATION_EVENT_ID_PREFIX) ? 'reconciliation' : 'webhook'} ${event.type}`;
