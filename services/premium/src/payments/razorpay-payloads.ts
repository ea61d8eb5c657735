import type { ProviderSubscriptionStatus } from './provider';

/**
 * Builders of Razorpay's webhook bodies, field for field as Razorpay documents them (the fixtures in
 * testing/fixtures are checked against these builders). The simulator delivers exactly these bodies, so
 * the webhook endpoint cannot tell it from Razorpay.
 */

/** What the simulator knows about a subscription, in Razorpay's terms (times in Unix seconds). */
export type SubscriptionFacts = {
  id: string;
  planId: string;
  status: ProviderSubscriptionStatus;
  customerId: string | null;
  notes: Record<string, string>;
  createdAt: number;
  currentStart: number | null;
  currentEnd: number | null;
  endedAt: number | null;
  totalCount: number;
  paidCount: number;
  authAttempts: number;
  shortUrl: string;
  expireBy: number | null;
  /** Cancelled at the end of the cycle: Razorpay shows this as a scheduled change. */
  cancelAtCycleEnd: boolean;
};

export type PaymentError = { code: string; description: string; source: string; step: string; reason: string };

/** One payment attempt on a subscription. */
export type PaymentFacts = {
  id: string;
  amountPaise: number;
  status: 'captured' | 'failed';
  createdAt: number;
  subscriptionId: string;
  customerId: string | null;
  email: string | null;
  orderId: string;
  invoiceId: string;
  tokenId: string | null;
  description: string;
  error?: PaymentError;
};

export type RazorpaySubscriptionEntity = ReturnType<typeof buildSubscriptionEntity>;
export type RazorpayPaymentEntity = ReturnType<typeof buildPaymentEntity>;

/** Razorpay's subscription entity. */
export const buildSubscriptionEntity = (facts: SubscriptionFacts) => ({
  id: facts.id,
  entity: 'subscription' as const,
  plan_id: facts.planId,
  customer_id: facts.customerId,
  status: facts.status,
  current_start: facts.currentStart,
  current_end: facts.currentEnd,
  ended_at: facts.endedAt,
  quantity: 1,
  notes: facts.notes,
  charge_at: facts.currentEnd,
  start_at: facts.currentStart,
  end_at: null as number | null,
  auth_attempts: facts.authAttempts,
  total_count: facts.totalCount,
  paid_count: facts.paidCount,
  customer_notify: true,
  created_at: facts.createdAt,
  expire_by: facts.expireBy,
  short_url: facts.shortUrl,
  has_scheduled_changes: facts.cancelAtCycleEnd,
  change_scheduled_at: facts.cancelAtCycleEnd ? facts.currentEnd : null,
  source: 'api',
  payment_method: facts.paidCount > 0 ? 'card' : null,
  offer_id: null as string | null,
  remaining_count: Math.max(facts.totalCount - facts.paidCount, 0),
});

/** Razorpay's payment entity, for a card payment. */
export const buildPaymentEntity = (facts: PaymentFacts) => ({
  id: facts.id,
  entity: 'payment' as const,
  amount: facts.amountPaise,
  currency: 'INR',
  status: facts.status,
  order_id: facts.orderId,
  invoice_id: facts.invoiceId,
  subscription_id: facts.subscriptionId,
  international: false,
  method: 'card',
  amount_refunded: 0,
  refund_status: null as string | null,
  captured: facts.status === 'captured',
  description: facts.description,
  card_id: `card_${facts.id.slice(4)}`,
  bank: null as string | null,
  wallet: null as string | null,
  vpa: null as string | null,
  email: facts.email,
  contact: null as string | null,
  customer_id: facts.customerId,
  token_id: facts.tokenId,
  notes: [] as string[] | Record<string, string>,
  // Razorpay's fee is about 2% plus 18% GST on the fee; a failed payment costs nothing.
  fee: facts.status === 'captured' ? Math.round(facts.amountPaise * 0.0236) : null,
  tax: facts.status === 'captured' ? Math.round(facts.amountPaise * 0.0036) : null,
  error_code: facts.error?.code ?? null,
  error_description: facts.error?.description ?? null,
  error_source: facts.error?.source ?? null,
  error_step: facts.error?.step ?? null,
  error_reason: facts.error?.reason ?? null,
  acquirer_data: facts.status === 'captured' ? { auth_code: '000000' } : {},
  created_at: facts.createdAt,
});

export type RazorpayEventName =
  | 'subscription.authenticated'
  | 'subscription.activated'
  | 'subscription.charged'
  | 'subscription.pending'
  | 'subscription.halted'
  | 'subscription.cancelled'
  | 'subscription.completed'
  | 'payment.failed';

export type WebhookEventInput = {
  accountId: string;
  event: RazorpayEventName;
  createdAt: number;
  subscription?: RazorpaySubscriptionEntity;
  payment?: RazorpayPaymentEntity;
};

/** Razorpay's event envelope; `contains` lists the entities in the payload, subscription first. */
export const buildWebhookEvent = (input: WebhookEventInput) => ({
  entity: 'event' as const,
  account_id: input.accountId,
  event: input.event,
  contains: [...(input.subscription ? ['subscription'] : []), ...(input.payment ? ['payment'] : [])],
  payload: {
    ...(input.subscription ? { subscription: { entity: input.subscription } } : {}),
    ...(input.payment ? { payment: { entity: input.payment } } : {}),
  },
  created_at: input.createdAt,
});
export type RazorpayWebhookBody = ReturnType<typeof buildWebhookEvent>;
