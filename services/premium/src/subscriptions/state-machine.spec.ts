import type { ProviderEvent } from './events';
import {
  addMonthsUtc,
  isPremium,
  type MachineEvent,
  paymentEventOf,
  publicStatus,
  RENEWAL_GRACE_MS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionState,
  type SubscriptionStatus,
  transition,
} from './state-machine';

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-24T12:00:00Z');

const state = (status: SubscriptionStatus, period?: [string, string], providerEventAt: string | null = null): SubscriptionState => ({
  status,
  current_period_start: period ? at(period[0]) : null,
  current_period_end: period ? at(period[1]) : null,
  cancel_at_period_end: status === 'cancelled_at_period_end',
  provider_event_at: providerEventAt === null ? null : at(providerEventAt),
});

const NOVEMBER: [string, string] = ['2026-11-10T00:00:00Z', '2026-12-10T00:00:00Z'];
const DECEMBER: [string, string] = ['2026-12-10T00:00:00Z', '2027-01-10T00:00:00Z'];
const OCTOBER: [string, string] = ['2026-10-10T00:00:00Z', '2026-11-10T00:00:00Z'];

const paid = (type: 'activated' | 'charged', period?: [string, string], occurred = '2026-11-10T00:00:05Z'): MachineEvent => ({
  type,
  ...(period ? { period_start: at(period[0]), period_end: at(period[1]) } : {}),
  occurred_at: at(occurred),
});
const provider = (type: 'payment_failed' | 'cancelled' | 'completed' | 'halted', occurred = NOW): MachineEvent => ({ type, occurred_at: occurred });
const expire: MachineEvent = { type: 'expire', renewal_grace_ms: RENEWAL_GRACE_MS };

/** The next status, or 'ignored'. */
const nextStatus = (current: SubscriptionState, event: MachineEvent, now = NOW) => {
  const result = transition(current, event, now);
  return result.ignored ? 'ignored' : result.next.status;
};

describe('subscription state machine', () => {
  describe('the first payment', () => {
    it('moves created to pending_payment when the checkout starts, once', () => {
      expect(nextStatus(state('created'), { type: 'checkout_started' })).toBe('pending_payment');
      expect(nextStatus(state('pending_payment'), { type: 'checkout_started' })).toBe('ignored');
    });

    it.each(['created', 'pending_payment'] as const)('activates %s with the period the provider names', (status) => {
      const result = transition(state(status), paid('activated', NOVEMBER), NOW);
      expect(result).toEqual({
        ignored: false,
        next: {
          status: 'active',
          current_period_start: at(NOVEMBER[0]),
          current_period_end: at(NOVEMBER[1]),
          cancel_at_period_end: false,
          provider_event_at: at('2026-11-10T00:00:05Z'),
        },
        changes: { status: 'active', current_period_start: at(NOVEMBER[0]), current_period_end: at(NOVEMBER[1]) },
      });
    });

    it('activates on the charge when it arrives before the activation, and then ignores the activation', () => {
      const charged = transition(state('pending_payment'), paid('charged', NOVEMBER), NOW);
      expect(charged.ignored).toBe(false);
      if (charged.ignored) return;
      expect(charged.next.status).toBe('active');
      expect(transition(charged.next, paid('activated', NOVEMBER), NOW)).toEqual({ ignored: true, reason: 'This period is already recorded.' });
    });

    it('counts one period from the event when the provider names none', () => {
      const result = transition(state('pending_payment'), paid('activated', undefined, '2027-01-31T10:00:00Z'), NOW);
      expect(result.ignored).toBe(false);
      if (result.ignored) return;
      expect(result.next.current_period_start).toEqual(at('2027-01-31T10:00:00Z'));
      expect(result.next.current_period_end).toEqual(at('2027-02-28T10:00:00Z'));
      const yearly = transition(state('pending_payment'), paid('activated', undefined, '2027-01-31T10:00:00Z'), NOW, { period: 'yearly', interval_count: 1 });
      expect(!yearly.ignored && yearly.next.current_period_end).toEqual(at('2028-01-31T10:00:00Z'));
    });

    it('ignores a period that ends before it starts', () => {
      expect(transition(state('pending_payment'), paid('charged', [NOVEMBER[1], NOVEMBER[0]]), NOW)).toMatchObject({ ignored: true });
    });

    it.each(['created', 'pending_payment'] as const)('fails %s on a failed payment, a halt, a cancellation, a completion or a failed checkout', (status) => {
      for (const event of [provider('payment_failed'), provider('halted'), provider('cancelled'), provider('completed'), { type: 'checkout_failed' } as const]) {
        expect(nextStatus(state(status), event)).toBe('failed');
      }
    });

    it('fails a checkout the user cancels before paying', () => {
      expect(nextStatus(state('pending_payment'), { type: 'user_cancel' })).toBe('failed');
    });
  });

  describe('a paid subscription', () => {
    const active = state('active', NOVEMBER);

    it('renews on a charge for a later period: active to active with a later period end', () => {
      const result = transition(active, paid('charged', DECEMBER, '2026-12-10T00:00:03Z'), at('2026-12-10T00:01:00Z'));
      expect(result).toEqual({
        ignored: false,
        next: { ...active, current_period_start: at(DECEMBER[0]), current_period_end: at(DECEMBER[1]), provider_event_at: at('2026-12-10T00:00:03Z') },
        changes: { current_period_start: at(DECEMBER[0]), current_period_end: at(DECEMBER[1]) },
      });
    });

    it('ignores a repeated or late charge for a period it already has', () => {
      expect(transition(active, paid('charged', NOVEMBER), NOW)).toEqual({ ignored: true, reason: 'This period is already recorded.' });
      expect(transition(active, paid('charged', OCTOBER), NOW)).toMatchObject({ ignored: true });
    });

    it('never ends an active subscription on a late payment.failed', () => {
      expect(transition(active, provider('payment_failed'), NOW)).toEqual({ ignored: true, reason: 'A failed payment never ends a paid period.' });
      expect(transition(state('cancelled_at_period_end', NOVEMBER), provider('payment_failed'), NOW)).toMatchObject({ ignored: true });
    });

    it('keeps premium to the period end when the user cancels', () => {
      const result = transition(active, { type: 'user_cancel' }, NOW);
      expect(result).toEqual({
        ignored: false,
        next: { ...active, status: 'cancelled_at_period_end', cancel_at_period_end: true },
        changes: { status: 'cancelled_at_period_end', cancel_at_period_end: true },
      });
      if (result.ignored) return;
      expect(isPremium(result.next, NOW)).toBe(true);
      expect(transition(result.next, { type: 'user_cancel' }, NOW)).toEqual({ ignored: true, reason: 'The subscription is already cancelled.' });
    });

    it.each(['cancelled', 'completed', 'halted'] as const)('keeps the paid period when the provider says %s, and ends at once when the period is over', (type) => {
      expect(nextStatus(active, provider(type))).toBe('cancelled_at_period_end');
      expect(nextStatus(active, provider(type), at('2026-12-11T00:00:00Z'))).toBe('expired');
      expect(nextStatus(state('cancelled_at_period_end', NOVEMBER), provider(type))).toBe('ignored');
    });

    it('grants a charge that arrives after the cancellation but keeps the cancellation', () => {
      const result = transition(state('cancelled_at_period_end', NOVEMBER), paid('charged', DECEMBER), NOW);
      expect(result.ignored).toBe(false);
      if (result.ignored) return;
      expect(result.next).toMatchObject({ status: 'cancelled_at_period_end', cancel_at_period_end: true, current_period_end: at(DECEMBER[1]) });
    });
  });

  describe('expiry', () => {
    it('ends a cancelled subscription once its period is over, not before', () => {
      const cancelled = state('cancelled_at_period_end', NOVEMBER);
      expect(transition(cancelled, expire, NOW)).toEqual({ ignored: true, reason: 'The paid period is not over yet.' });
      expect(nextStatus(cancelled, expire, at(NOVEMBER[1]))).toBe('expired');
    });

    it('leaves an unrenewed active subscription for the grace, in which a late renewal still lands', () => {
      const active = state('active', NOVEMBER);
      const justAfter = new Date(at(NOVEMBER[1]).getTime() + DAY);
      expect(nextStatus(active, expire, justAfter)).toBe('ignored');
      expect(isPremium(active, justAfter)).toBe(false);
      expect(nextStatus(active, paid('charged', DECEMBER), justAfter)).toBe('active');
      expect(nextStatus(active, expire, new Date(at(NOVEMBER[1]).getTime() + RENEWAL_GRACE_MS))).toBe('expired');
    });

    it.each(['created', 'pending_payment', 'expired', 'failed'] as const)('never expires a %s subscription', (status) => {
      expect(nextStatus(state(status, NOVEMBER), expire, at('2030-01-01T00:00:00Z'))).toBe('ignored');
    });
  });

  describe('ended subscriptions', () => {
    it.each(['expired', 'failed'] as const)('ignores everything but money for a period still to come once %s', (status) => {
      const ended = state(status, OCTOBER);
      for (const event of [
        provider('payment_failed'),
        provider('cancelled'),
        provider('completed'),
        provider('halted'),
        { type: 'user_cancel' } as const,
        { type: 'checkout_started' } as const,
        { type: 'checkout_failed' } as const,
        expire,
        paid('charged', OCTOBER),
      ]) {
        expect(nextStatus(ended, event)).toBe('ignored');
      }
    });

    it('revives a failed checkout when the customer retried and paid on the same page', () => {
      expect(nextStatus(state('failed'), paid('activated', NOVEMBER))).toBe('active');
    });

    it('does not revive an expired subscription with a payment for a period already over', () => {
      expect(transition(state('expired', OCTOBER), paid('charged', OCTOBER), NOW)).toEqual({
        ignored: true,
        reason: 'The subscription has ended and this payment is for a past period.',
      });
    });
  });

  describe('out of order and repeated', () => {
    it('reaches the same state whatever order the events of one purchase arrive in', () => {
      const events: MachineEvent[] = [paid('activated', NOVEMBER), paid('charged', NOVEMBER), provider('payment_failed'), paid('charged', NOVEMBER)];
      const orders = [events, [...events].reverse(), [events[2]!, events[1]!, events[0]!, events[3]!]];
      const finals = orders.map((order) =>
        order.reduce<SubscriptionState>((current, event) => {
          const result = transition(current, event, NOW);
          return result.ignored ? current : result.next;
        }, state('pending_payment')),
      );
      // A failure first fails the checkout, and the payment that follows revives it: money always wins.
      for (const final of finals) expect({ ...final, provider_event_at: null }).toEqual(state('active', NOVEMBER));
    });

    it('changes nothing when any event is applied a second time', () => {
      const events: MachineEvent[] = [
        paid('activated', NOVEMBER),
        paid('charged', DECEMBER),
        provider('payment_failed'),
        provider('cancelled'),
        provider('halted'),
        provider('completed'),
        { type: 'user_cancel' },
        { type: 'checkout_started' },
        { type: 'checkout_failed' },
        expire,
      ];
      for (const status of SUBSCRIPTION_STATUSES) {
        for (const event of events) {
          const first = transition(state(status, NOVEMBER), event, NOW);
          if (first.ignored) continue;
          expect(transition(first.next, event, NOW)).toMatchObject({ ignored: true });
        }
      }
    });

    it('reports only the fields that changed', () => {
      for (const status of SUBSCRIPTION_STATUSES) {
        const result = transition(state(status, NOVEMBER), { type: 'user_cancel' }, NOW);
        if (result.ignored) continue;
        for (const [key, value] of Object.entries(result.changes)) expect(state(status, NOVEMBER)[key as keyof SubscriptionState]).not.toEqual(value);
      }
    });
  });

  describe('an event older than the state it would change', () => {
    const ACTIVATED_AT = '2026-11-10T10:00:00Z';
    const HOUR_BEFORE = at('2026-11-10T09:00:00Z');
    const HOUR_AFTER = at('2026-11-10T11:00:00Z');
    const activated = () => {
      const result = transition(state('pending_payment'), paid('activated', NOVEMBER, ACTIVATED_AT), NOW);
      if (result.ignored) throw new Error(result.reason);
      return result.next;
    };

    it('remembers the time of the provider event the state comes from', () => {
      expect(activated()).toMatchObject({ status: 'active', provider_event_at: at(ACTIVATED_AT) });
    });

    it('ignores a halt sent an hour before the activation: the subscription stays active, and says why', () => {
      const result = transition(activated(), provider('halted', HOUR_BEFORE), NOW);
      expect(result).toEqual({
        ignored: true,
        stale: true,
        reason:
          "Out of date: this halt was sent at 2026-11-10T09:00:00.000Z, before the provider event of 2026-11-10T10:00:00.000Z that the subscription's current state comes from.",
      });
      // A halt sent after the activation still ends it (the paid period runs to its end).
      expect(nextStatus(activated(), provider('halted', HOUR_AFTER))).toBe('cancelled_at_period_end');
    });

    it.each(['halted', 'cancelled', 'completed'] as const)('applies the same rule to %s: older is ignored, the same second or later applies', (type) => {
      expect(transition(activated(), provider(type, HOUR_BEFORE), NOW)).toMatchObject({ ignored: true, stale: true });
      expect(nextStatus(activated(), provider(type, new Date(at(ACTIVATED_AT).getTime() - 1_000)))).toBe('ignored');
      expect(nextStatus(activated(), provider(type, at(ACTIVATED_AT)))).toBe('cancelled_at_period_end');
      expect(nextStatus(activated(), provider(type, HOUR_AFTER), at('2026-12-11T00:00:00Z'))).toBe('expired');
    });

    it('compares with the renewal too: a halt sent before the latest charge does not end the renewed period', () => {
      const renewed = transition(activated(), paid('charged', DECEMBER, '2026-12-10T00:00:03Z'), at('2026-12-10T00:01:00Z'));
      if (renewed.ignored) throw new Error(renewed.reason);
      expect(renewed.next.provider_event_at).toEqual(at('2026-12-10T00:00:03Z'));
      expect(transition(renewed.next, provider('halted', at('2026-12-09T00:00:00Z')), at('2026-12-12T00:00:00Z'))).toMatchObject({ ignored: true, stale: true });
      expect(nextStatus(renewed.next, provider('halted', at('2026-12-12T00:00:00Z')), at('2026-12-12T00:00:01Z'))).toBe('cancelled_at_period_end');
    });

    it('ignores a failed payment sent before the state it would fail', () => {
      // A checkout that failed and was then paid: a copy of an older failure must not fail it again.
      const waiting = state('pending_payment', undefined, ACTIVATED_AT);
      expect(transition(waiting, provider('payment_failed', HOUR_BEFORE), NOW)).toMatchObject({ ignored: true, stale: true });
      expect(nextStatus(waiting, provider('payment_failed', HOUR_AFTER))).toBe('failed');
    });

    it('gives the usual reason when the event would change nothing anyway', () => {
      const ended = state('expired', OCTOBER, ACTIVATED_AT);
      expect(transition(ended, provider('halted', HOUR_BEFORE), NOW)).toEqual({ ignored: true, reason: 'The subscription has already ended.' });
    });

    it('judges an activation or a charge by its period, not its time: money for a later period is granted whenever it was sent', () => {
      const halted = transition(activated(), provider('halted', HOUR_AFTER), NOW);
      if (halted.ignored) throw new Error(halted.reason);
      // Sent before the halt, for the next period: the customer paid for it.
      const charge = transition(halted.next, paid('charged', DECEMBER, '2026-11-10T10:30:00Z'), NOW);
      expect(charge).toMatchObject({ ignored: false, next: { status: 'cancelled_at_period_end', current_period_end: at(DECEMBER[1]), provider_event_at: HOUR_AFTER } });
      // Sent after everything, for a period already recorded: nothing to change.
      expect(transition(halted.next, paid('activated', NOVEMBER, '2026-11-20T00:00:00Z'), NOW)).toEqual({ ignored: true, reason: 'This period is already recorded.' });
    });

    it('never moves the time back, and our own events leave it alone', () => {
      const later = state('active', NOVEMBER, '2026-11-20T00:00:00Z');
      const charge = transition(later, paid('charged', DECEMBER, '2026-11-15T00:00:00Z'), NOW);
      expect(!charge.ignored && charge.next.provider_event_at).toEqual(at('2026-11-20T00:00:00Z'));
      const cancelled = transition(later, { type: 'user_cancel' }, NOW);
      expect(!cancelled.ignored && cancelled.next.provider_event_at).toEqual(at('2026-11-20T00:00:00Z'));
      expect(!cancelled.ignored && cancelled.changes).toEqual({ status: 'cancelled_at_period_end', cancel_at_period_end: true });
    });
  });

  describe('entitlement', () => {
    it('is premium while a paid period runs, by the clock alone', () => {
      expect(isPremium(state('active', NOVEMBER), NOW)).toBe(true);
      expect(isPremium(state('cancelled_at_period_end', NOVEMBER), NOW)).toBe(true);
      expect(isPremium(state('cancelled_at_period_end', NOVEMBER), at(NOVEMBER[1]))).toBe(false);
      expect(isPremium(state('active', OCTOBER), NOW)).toBe(false);
      for (const status of ['created', 'pending_payment', 'expired', 'failed'] as const) expect(isPremium(state(status, NOVEMBER), NOW)).toBe(false);
    });

    it('shows the API status of each state', () => {
      expect(publicStatus(state('created'), NOW)).toBe('pending');
      expect(publicStatus(state('pending_payment'), NOW)).toBe('pending');
      expect(publicStatus(state('active', NOVEMBER), NOW)).toBe('active');
      expect(publicStatus(state('active', OCTOBER), NOW)).toBe('expired');
      expect(publicStatus(state('cancelled_at_period_end', NOVEMBER), NOW)).toBe('cancelled');
      expect(publicStatus(state('cancelled_at_period_end', OCTOBER), NOW)).toBe('expired');
      expect(publicStatus(state('failed'), NOW)).toBe('failed');
      expect(publicStatus(state('expired', OCTOBER), NOW)).toBe('expired');
    });
  });

  it('adds calendar months in UTC, clamped to the end of shorter months', () => {
    expect(addMonthsUtc(at('2027-01-31T05:30:00Z'), 1)).toEqual(at('2027-02-28T05:30:00Z'));
    expect(addMonthsUtc(at('2028-01-31T05:30:00Z'), 1)).toEqual(at('2028-02-29T05:30:00Z'));
    expect(addMonthsUtc(at('2026-12-15T00:00:00Z'), 1)).toEqual(at('2027-01-15T00:00:00Z'));
    expect(addMonthsUtc(at('2026-03-31T00:00:00Z'), 12)).toEqual(at('2027-03-31T00:00:00Z'));
  });

  it('reads a provider event off the queue with its dates', () => {
    const event: ProviderEvent = {
      id: 'evt_1',
      type: 'charged',
      provider_subscription_id: 'sub_1',
      period_start: NOVEMBER[0],
      period_end: NOVEMBER[1],
      occurred_at: '2026-11-10T00:00:05Z',
    };
    expect(paymentEventOf(event)).toEqual(paid('charged', NOVEMBER));
    expect(paymentEventOf({ ...event, period_start: undefined, period_end: undefined })).toEqual(paid('charged'));
  });
});
