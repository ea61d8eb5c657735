import type { SubscriptionStatus as PublicSubscriptionStatus } from '@nivesh/proto';
import type { ProviderEvent, ProviderEventType } from './events';

/**
 * The life of a subscription:
 *
 *   created → pending_payment → active → cancelled_at_period_end → expired
 *   created | pending_payment → failed
 *
 * Renewal is active → active with a later period end. State only moves forward, with one exception:
 * money received for a period that is still to come always grants it, so a charge or activation that
 * arrives after `failed` (the customer retried on the same checkout) or after `expired` reactivates.
 *
 * Provider events arrive late, twice and out of order, so an event older than the state it would change
 * is recorded and ignored (Razorpay's advice). What "older" means depends on what the event changes:
 *
 * - activation and charge change the paid period, so they are judged by their period, not their time: a
 *   period that ends no later than the one recorded is already known and changes nothing; a later one is
 *   money received and is always granted, whenever the event was sent.
 * - halt, cancellation, completion and a failed payment change the status, so they are judged by their
 *   time: one sent (Razorpay's `created_at`) before the provider event that the current state comes from
 *   (`provider_event_at`, the newest applied provider event) is out of date. A halt sent an hour before
 *   the activation does not end the subscription that activation started.
 *
 * Our own events (checkout, user cancel, expiry) leave `provider_event_at` as it is, so webhook times are
 * compared with webhook times, not with our clock. The one exception is the reconciliation job, whose
 * events carry the time it asked the provider: when the state it saw was known to hold.
 */
export const SUBSCRIPTION_STATUSES = ['created', 'pending_payment', 'active', 'cancelled_at_period_end', 'expired', 'failed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** At most one subscription per user is in one of these (a partial unique index holds the rule). */
export const LIVE_STATUSES = ['created', 'pending_payment', 'active', 'cancelled_at_period_end'] as const satisfies readonly SubscriptionStatus[];
/** Statuses that grant premium while the paid period lasts. */
export const PAID_STATUSES = ['active', 'cancelled_at_period_end'] as const satisfies readonly SubscriptionStatus[];
const AWAITING_PAYMENT: readonly SubscriptionStatus[] = ['created', 'pending_payment'];

/** How long a plan's period lasts. */
export type BillingPeriod = { period: 'monthly' | 'yearly'; interval_count: number };
export const MONTHLY: BillingPeriod = { period: 'monthly', interval_count: 1 };

/** The fields of a subscription the machine reads and writes. */
export type SubscriptionState = {
  status: SubscriptionStatus;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  /**
   * The provider's time (`occurred_at`) of the newest provider event that changed this subscription, null
   * before any: an ending event sent before it is out of date. Bookkeeping, so `changes` never lists it.
   */
  provider_event_at: Date | null;
};

/** A provider event with its times as dates. */
export type PaymentEvent = { type: ProviderEventType; period_start?: Date; period_end?: Date; occurred_at: Date };

/** Everything that can happen to a subscription: provider events and our own. */
export type MachineEvent =
  | PaymentEvent
  /** The provider created its subscription and we handed out the payment page. */
  | { type: 'checkout_started' }
  /** The provider refused to start the payment, or the checkout was abandoned. */
  | { type: 'checkout_failed' }
  /** The user pressed cancel: renewal stops, the paid period runs to its end. */
  | { type: 'user_cancel' }
  /** The expiry job: ends a subscription whose period is over (an unrenewed active one after a grace). */
  | { type: 'expire'; renewal_grace_ms: number };

/**
 * What applying an event does: the next state and the visible fields that changed, or why nothing changes
 * (`stale` when the event was older than the state it would have changed).
 */
export type Transition =
  | { ignored: false; next: SubscriptionState; changes: Partial<SubscriptionState> }
  | { ignored: true; reason: string; stale?: true };

/**
 * How long an active subscription whose period ended stays active while the provider retries the renewal
 * charge. It grants no premium meanwhile (see isPremium); it only keeps a late charge from finding the
 * subscription already expired.
 */
export const RENEWAL_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** `date` plus `months` calendar months in UTC; the 31st of January plus one month is the last day of February. */
export const addMonthsUtc = (date: Date, months: number): Date => {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
};

/** The end of one billing period that starts at `start`. */
export const periodEndFrom = (start: Date, billing: BillingPeriod): Date =>
  addMonthsUtc(start, billing.interval_count * (billing.period === 'yearly' ? 12 : 1));

/** A provider event with parsed dates, ready for `transition`. */
export const paymentEventOf = (event: ProviderEvent): PaymentEvent => ({
  type: event.type,
  ...(event.period_start ? { period_start: new Date(event.period_start) } : {}),
  ...(event.period_end ? { period_end: new Date(event.period_end) } : {}),
  occurred_at: new Date(event.occurred_at),
});

const ignore = (reason: string): Transition => ({ ignored: true, reason });

const sameTime = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());

/** The transition to `next`, listing only the fields people see that differ from `current` (not `provider_event_at`). */
const move = (current: SubscriptionState, next: SubscriptionState): Transition => {
  const changes: Partial<SubscriptionState> = {};
  if (next.status !== current.status) changes.status = next.status;
  if (!sameTime(next.current_period_start, current.current_period_start)) changes.current_period_start = next.current_period_start;
  if (!sameTime(next.current_period_end, current.current_period_end)) changes.current_period_end = next.current_period_end;
  if (next.cancel_at_period_end !== current.cancel_at_period_end) changes.cancel_at_period_end = next.cancel_at_period_end;
  return { ignored: false, next, changes };
};

const isAfter = (candidate: Date, than: Date | null) => than === null || candidate.getTime() > than.getTime();

/**
 * Activation or a charge: the period paid for starts the subscription, renews it, or, when it is still to
 * come, revives a failed or expired one. A period we already know (a late or repeated event) changes nothing.
 */
const paid = (current: SubscriptionState, event: PaymentEvent, now: Date, billing: BillingPeriod): Transition => {
  const start = event.period_start ?? event.occurred_at;
  const end = event.period_end ?? periodEndFrom(start, billing);
  if (end.getTime() <= start.getTime()) return ignore('The payment names a period that ends before it starts.');
  const period = { current_period_start: start, current_period_end: end };
  switch (current.status) {
    case 'created':
    case 'pending_payment':
      return move(current, { ...current, status: 'active', ...period, cancel_at_period_end: false });
    case 'active':
    case 'cancelled_at_period_end':
      // A cancelled subscription that is charged anyway keeps its cancellation but gets what was paid for.
      if (!isAfter(end, current.current_period_end)) return ignore('This period is already recorded.');
      return move(current, { ...current, ...period });
    case 'failed':
    case 'expired':
      if (end.getTime() <= now.getTime() || !isAfter(end, current.current_period_end)) return ignore('The subscription has ended and this payment is for a past period.');
      return move(current, { ...current, status: 'active', ...period, cancel_at_period_end: false });
  }
};

/**
 * The subscription will not renew (user cancel, provider cancelled, completed or halted). A paid period
 * still running is kept to its end; otherwise it ends now. Before any payment it fails.
 */
const ending = (current: SubscriptionState, now: Date, alreadyEnding: string): Transition => {
  if (AWAITING_PAYMENT.includes(current.status)) return move(current, { ...current, status: 'failed' });
  if (current.status === 'cancelled_at_period_end') return ignore(alreadyEnding);
  if (current.status !== 'active') return ignore('The subscription has already ended.');
  const end = current.current_period_end;
  if (end === null || end.getTime() <= now.getTime()) return move(current, { ...current, status: 'expired', cancel_at_period_end: true });
  return move(current, { ...current, status: 'cancelled_at_period_end', cancel_at_period_end: true });
};

/** The expiry job: a cancelled subscription ends with its period, an unrenewed active one after the grace. */
const expire = (current: SubscriptionState, now: Date, renewalGraceMs: number): Transition => {
  const end = current.current_period_end?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (current.status === 'cancelled_at_period_end') {
    return end <= now.getTime() ? move(current, { ...current, status: 'expired' }) : ignore('The paid period is not over yet.');
  }
  if (current.status === 'active') {
    return end + renewalGraceMs <= now.getTime() ? move(current, { ...current, status: 'expired' }) : ignore('The renewal may still be charged.');
  }
  return ignore(`A ${current.status.replaceAll('_', ' ')} subscription does not expire.`);
};

/** Provider events that end or fail a subscription; they are judged by their time (see the top of this file). */
const ENDING_EVENTS: readonly ProviderEventType[] = ['payment_failed', 'halted', 'cancelled', 'completed'];

const EVENT_NAMES: Readonly<Record<ProviderEventType, string>> = {
  activated: 'activation',
  charged: 'charge',
  payment_failed: 'failed payment',
  halted: 'halt',
  cancelled: 'cancellation',
  completed: 'completion',
};

/** Why an ending event older than the current state changes nothing. */
export const staleReason = (type: ProviderEventType, sentAt: Date, stateAt: Date): string =>
  `Out of date: this ${EVENT_NAMES[type]} was sent at ${sentAt.toISOString()}, before the provider event of ${stateAt.toISOString()} that the subscription's current state comes from.`;

const isProviderEvent = (event: MachineEvent): event is PaymentEvent => 'occurred_at' in event;

/**
 * The pure transition function. `now` decides whether a paid period is over; `billing` gives the period
 * length when an activation or charge does not say when its period ends. An ending provider event sent
 * before `provider_event_at` is ignored as stale; every provider event that applies moves
 * `provider_event_at` forward to its own time (never back).
 */
export const transition = (current: SubscriptionState, event: MachineEvent, now: Date, billing: BillingPeriod = MONTHLY): Transition => {
  const result = step(current, event, now, billing);
  if (result.ignored || !isProviderEvent(event)) return result;
  const stateAt = current.provider_event_at;
  if (ENDING_EVENTS.includes(event.type) && stateAt !== null && event.occurred_at.getTime() < stateAt.getTime()) {
    return { ignored: true, reason: staleReason(event.type, event.occurred_at, stateAt), stale: true };
  }
  const providerEventAt = stateAt !== null && stateAt.getTime() >= event.occurred_at.getTime() ? stateAt : event.occurred_at;
  return { ...result, next: { ...result.next, provider_event_at: providerEventAt } };
};

/** One event on one state, before the time rule of `transition`. */
const step = (current: SubscriptionState, event: MachineEvent, now: Date, billing: BillingPeriod): Transition => {
  switch (event.type) {
    case 'activated':
    case 'charged':
      return paid(current, event, now, billing);
    case 'payment_failed':
      if (AWAITING_PAYMENT.includes(current.status)) return move(current, { ...current, status: 'failed' });
      // A renewal charge failing is retried by the provider; only halted or cancelled ends the subscription.
      return ignore(
        current.status === 'active' || current.status === 'cancelled_at_period_end'
          ? 'A failed payment never ends a paid period.'
          : 'The subscription has already ended.',
      );
    case 'cancelled':
    case 'completed':
    case 'halted':
      return ending(current, now, 'The subscription already ends with its paid period.');
    case 'user_cancel':
      return ending(current, now, 'The subscription is already cancelled.');
    case 'checkout_started':
      return current.status === 'created' ? move(current, { ...current, status: 'pending_payment' }) : ignore('The checkout has already started.');
    case 'checkout_failed':
      return AWAITING_PAYMENT.includes(current.status) ? move(current, { ...current, status: 'failed' }) : ignore('The payment has already been made or the subscription ended.');
    case 'expire':
      return expire(current, now, event.renewal_grace_ms);
  }
};

/** Entitlement: premium while a paid period runs. It reads the clock, never whether the expiry job has run. */
export const isPremium = (sub: Pick<SubscriptionState, 'status' | 'current_period_end'>, now: Date): boolean =>
  (PAID_STATUSES as readonly SubscriptionStatus[]).includes(sub.status) && sub.current_period_end !== null && sub.current_period_end.getTime() > now.getTime();

/**
 * The status the API shows (proto's pending | active | cancelled | expired | failed). A paid status whose
 * period is over reads as expired even before the expiry job has run.
 */
export const publicStatus = (sub: Pick<SubscriptionState, 'status' | 'current_period_end'>, now: Date): PublicSubscriptionStatus => {
  switch (sub.status) {
    case 'created':
    case 'pending_payment':
      return 'pending';
    case 'active':
      return isPremium(sub, now) ? 'active' : 'expired';
    case 'cancelled_at_period_end':
      return isPremium(sub, now) ? 'cancelled' : 'expired';
    case 'expired':
      return 'expired';
    case 'failed':
      return 'failed';
  }
};
