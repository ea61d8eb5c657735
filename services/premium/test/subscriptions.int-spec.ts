import { randomUUID } from 'node:crypto';
import { serviceDataSourceOptions } from '@nivesh/platform';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ENTITIES } from '../src/entities';
import { MIGRATIONS, SCHEMA } from '../src/migrations';
import type { ProviderEvent } from '../src/subscriptions/events';
import { DEVICE_MESSAGES } from '../src/subscriptions/messages';
import { isPremium } from '../src/subscriptions/state-machine';
import { ProviderEventEntity } from '../src/subscriptions/provider-event.entity';
import type { SubscriptionEntity } from '../src/subscriptions/subscription.entity';
import { PaymentDeadLettersRepository } from '../src/payments/payment-dead-letters.repository';
import { SubscriptionsRepository } from '../src/subscriptions/subscriptions.repository';

/** A migrated database: `node services/premium/dist/migrate.js` with the same DATABASE_URL. */
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';

const at = (iso: string) => new Date(iso);
const NOVEMBER = { start: '2026-11-10T00:00:00.000Z', end: '2026-12-10T00:00:00.000Z' };
const DECEMBER = { start: '2026-12-10T00:00:00.000Z', end: '2027-01-10T00:00:00.000Z' };
const NOW = at('2026-11-10T00:00:10Z');

describe('subscriptions, provider events and device claims on real PostgreSQL', () => {
  let dataSource: DataSource;
  let repo: SubscriptionsRepository;
  let deadLetters: PaymentDeadLettersRepository;
  let pg: Client;
  let observer: Client;

  beforeAll(async () => {
    dataSource = new DataSource(serviceDataSourceOptions({ databaseUrl: DATABASE_URL, schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES }));
    await dataSource.initialize();
    repo = new SubscriptionsRepository(dataSource);
    deadLetters = new PaymentDeadLettersRepository(dataSource);
    pg = new Client({ connectionString: DATABASE_URL });
    await pg.connect();
    observer = new Client({ connectionString: DATABASE_URL });
    await observer.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await observer?.end();
    await dataSource?.destroy();
  });

  const newUser = () => `user-${randomUUID()}`;

  /** A subscription whose checkout has started: pending_payment with a provider id. */
  const pendingSubscription = async (userId = newUser()) => {
    const { subscription } = await repo.create({ userId, planId: 'premium_monthly', provider: 'simulator', now: NOW });
    const providerId = `sub_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
    await repo.startCheckout(subscription.id, providerId, NOW);
    return { id: subscription.id, userId, providerId };
  };

  const event = (providerId: string, type: ProviderEvent['type'], period?: { start: string; end: string }, id = `evt_${randomUUID()}`): ProviderEvent => ({
    id,
    type,
    provider_subscription_id: providerId,
    ...(period ? { period_start: period.start, period_end: period.end } : {}),
    occurred_at: period?.start ?? NOW.toISOString(),
  });

  const reload = async (id: string): Promise<SubscriptionEntity> => {
    const sub = await repo.findById(id);
    if (!sub) throw new Error(`subscription ${id} vanished`);
    return sub;
  };

  const trail = async (id: string) => (await repo.auditTrail(id)).map((row) => [row.from_status, row.to_status, row.cause, row.provider_event_id]);

  it('seeds the one plan SPEC prices: ₹200 a month', async () => {
    expect(await repo.findPlan('premium_monthly')).toEqual({
      id: 'premium_monthly',
      name: 'Nivesh Premium Monthly',
      amount_paise: 20_000,
      currency: 'INR',
      period: 'monthly',
      interval_count: 1,
      active: true,
      provider_plan_id: null,
    });
  });

  it('allows one live subscription per user, even when twenty start at once', async () => {
    const userId = newUser();
    const results = await Promise.all(Array.from({ length: 20 }, () => repo.create({ userId, planId: 'premium_monthly', provider: 'razorpay', now: NOW })));
    const created = results.filter((result) => result.outcome === 'created');
    expect(created).toHaveLength(1);
    expect(new Set(results.map((result) => result.subscription.id))).toEqual(new Set([created[0]!.subscription.id]));
    expect(await trail(created[0]!.subscription.id)).toEqual([[null, 'created', 'user subscribe', null]]);
  });

  it('applies 1,000 concurrent copies of one event exactly once: one state change, one audit row', async () => {
    const { id, providerId } = await pendingSubscription();
    const activated = event(providerId, 'activated', NOVEMBER);

    const results = await Promise.all(Array.from({ length: 1_000 }, () => repo.applyProviderEvent(activated, NOW)));

    const outcomes = results.reduce<Record<string, number>>((counts, result) => ({ ...counts, [result.outcome]: (counts[result.outcome] ?? 0) + 1 }), {});
    expect(outcomes).toEqual({ applied: 1, duplicate: 999 });
    expect(await reload(id)).toMatchObject({ status: 'active', current_period_end: at(NOVEMBER.end), cancel_at_period_end: false });
    expect(await trail(id)).toEqual([
      [null, 'created', 'user subscribe', null],
      ['created', 'pending_payment', 'checkout started', null],
      ['pending_payment', 'active', 'webhook activated', activated.id],
    ]);
    const stored = await dataSource.getRepository(ProviderEventEntity).findBy({ event_id: activated.id });
    expect(stored).toEqual([expect.objectContaining({ outcome: 'applied', event_type: 'activated', payload: activated })]);
    // A replay long after changes nothing either.
    expect(await repo.applyProviderEvent(activated, at('2026-11-20T00:00:00Z'))).toEqual({ outcome: 'duplicate' });
  });

  it('accepts events out of order: the charge before the activation, a late payment.failed, then a renewal', async () => {
    const { id, providerId } = await pendingSubscription();
    const charged = event(providerId, 'charged', NOVEMBER);
    const activated = event(providerId, 'activated', NOVEMBER);
    const lateFailure = event(providerId, 'payment_failed');
    const renewal = event(providerId, 'charged', DECEMBER);

    expect(await repo.applyProviderEvent(charged, NOW)).toMatchObject({ outcome: 'applied', from: 'pending_payment' });
    expect(await repo.applyProviderEvent(activated, NOW)).toMatchObject({ outcome: 'ignored', reason: 'This period is already recorded.' });
    expect(await repo.applyProviderEvent(lateFailure, NOW)).toMatchObject({ outcome: 'ignored', reason: 'A failed payment never ends a paid period.' });
    expect(isPremium(await reload(id), NOW)).toBe(true);
    expect(await repo.applyProviderEvent(renewal, at('2026-12-10T00:00:05Z'))).toMatchObject({ outcome: 'applied', from: 'active' });
    // The renewal's own late copy under another id, and the first period's charge again: nothing moves back.
    expect(await repo.applyProviderEvent(event(providerId, 'charged', NOVEMBER), at('2026-12-10T00:00:06Z'))).toMatchObject({ outcome: 'ignored' });

    expect(await reload(id)).toMatchObject({ status: 'active', current_period_start: at(DECEMBER.start), current_period_end: at(DECEMBER.end) });
    expect((await trail(id)).slice(2)).toEqual([
      ['pending_payment', 'active', 'webhook charged', charged.id],
      ['active', 'active', 'webhook charged', renewal.id],
    ]);
    const renewalRow = (await repo.auditTrail(id)).at(-1);
    expect(renewalRow?.changes).toEqual({ current_period_start: DECEMBER.start, current_period_end: DECEMBER.end });
    const ignored = await dataSource.getRepository(ProviderEventEntity).findOneByOrFail({ event_id: lateFailure.id });
    expect(ignored).toMatchObject({ outcome: 'ignored', detail: 'A failed payment never ends a paid period.' });
  });

  it('fails a checkout on a failed payment and still grants the payment the customer retries on the same page', async () => {
    const { id, providerId } = await pendingSubscription();
    expect(await repo.applyProviderEvent(event(providerId, 'payment_failed'), NOW)).toMatchObject({ outcome: 'applied', subscription: { status: 'failed' } });
    expect(await repo.applyProviderEvent(event(providerId, 'activated', NOVEMBER), NOW)).toMatchObject({ outcome: 'applied', subscription: { status: 'active' } });
    expect((await trail(id)).map(([from, to]) => `${from}→${to}`)).toEqual(['null→created', 'created→pending_payment', 'pending_payment→failed', 'failed→active']);
  });

  it('does not revive a failed checkout when the user has started another subscription meanwhile', async () => {
    const first = await pendingSubscription();
    await repo.applyProviderEvent(event(first.providerId, 'payment_failed'), NOW);
    const second = await pendingSubscription(first.userId);
    expect(second.id).not.toBe(first.id);
    expect(await repo.applyProviderEvent(event(first.providerId, 'charged', NOVEMBER), NOW)).toMatchObject({
      outcome: 'ignored',
      reason: expect.stringContaining('needs a refund'),
    });
    expect(await reload(first.id)).toMatchObject({ status: 'failed' });
  });

  it('records nothing for an event whose subscription is unknown, so a retry can apply it later', async () => {
    const { subscription } = await repo.create({ userId: newUser(), planId: 'premium_monthly', provider: 'razorpay', now: NOW });
    const notYetKnown = `sub_${randomUUID()}`;
    const early = event(notYetKnown, 'activated', NOVEMBER);
    expect(await repo.applyProviderEvent(early, NOW)).toEqual({ outcome: 'unknown_subscription' });
    expect(await dataSource.getRepository(ProviderEventEntity).findOneBy({ event_id: early.id })).toBeNull();

    await repo.startCheckout(subscription.id, notYetKnown, NOW);
    expect(await repo.applyProviderEvent(early, NOW)).toMatchObject({ outcome: 'applied', subscription: { status: 'active' } });
  });

  it('records a halt sent an hour before the activation as stale: the subscription stays active, and a replay is a duplicate', async () => {
    const { id, providerId } = await pendingSubscription();
    const activated = { ...event(providerId, 'activated', NOVEMBER), occurred_at: '2026-11-10T10:00:00.000Z' };
    expect(await repo.applyProviderEvent(activated, NOW)).toMatchObject({ outcome: 'applied' });
    expect(await reload(id)).toMatchObject({ status: 'active', provider_event_at: at('2026-11-10T10:00:00Z') });

    const staleHalt: ProviderEvent = { id: `evt_${randomUUID()}`, type: 'halted', provider_subscription_id: providerId, occurred_at: '2026-11-10T09:00:00.000Z' };
    expect(await repo.applyProviderEvent(staleHalt, NOW)).toMatchObject({ outcome: 'ignored', stale: true, reason: expect.stringMatching(/^Out of date: this halt was sent at 2026-11-10T09:00:00\.000Z/) });
    expect(await reload(id)).toMatchObject({ status: 'active', cancel_at_period_end: false, provider_event_at: at('2026-11-10T10:00:00Z') });
    expect(await dataSource.getRepository(ProviderEventEntity).findOneByOrFail({ event_id: staleHalt.id })).toMatchObject({
      outcome: 'stale',
      event_type: 'halted',
      detail: expect.stringContaining('before the provider event of 2026-11-10T10:00:00.000Z'),
    });
    expect(await repo.applyProviderEvent(staleHalt, NOW)).toEqual({ outcome: 'duplicate' });
    expect((await trail(id)).map(([, to]) => to)).toEqual(['created', 'pending_payment', 'active']);

    // A renewal moves the time forward; a cancellation sent after it applies.
    expect(await repo.applyProviderEvent({ ...event(providerId, 'charged', DECEMBER), occurred_at: '2026-12-10T00:00:03.000Z' }, at('2026-12-10T00:01:00Z'))).toMatchObject({ outcome: 'applied' });
    expect((await reload(id)).provider_event_at).toEqual(at('2026-12-10T00:00:03Z'));
    const cancelled: ProviderEvent = { id: `evt_${randomUUID()}`, type: 'cancelled', provider_subscription_id: providerId, occurred_at: '2026-12-11T00:00:00.000Z' };
    expect(await repo.applyProviderEvent(cancelled, at('2026-12-11T00:00:01Z'))).toMatchObject({ outcome: 'applied', subscription: { status: 'cancelled_at_period_end' } });
    expect((await reload(id)).provider_event_at).toEqual(at('2026-12-11T00:00:00Z'));
  });

  it('keeps dead letters: one row per event counting its tries, the newest unresolved listed, resolved ones no longer counted', async () => {
    const before = (await deadLetters.unresolved(50)).total;
    const base = { reason: 'unknown_subscription' as const, eventType: 'subscription.charged', providerSubscriptionId: 'sub_Nobody', rawBody: '{"event":"subscription.charged"}' };
    const first = `evt_dl_${randomUUID()}`;
    const second = `evt_dl_${randomUUID()}`;
    await deadLetters.record({ ...base, eventId: first, detail: 'first try', receivedAt: at('2026-11-24T06:00:00Z'), now: at('2026-11-24T06:00:01Z') });
    await deadLetters.record({ ...base, eventId: first, detail: 'second try', receivedAt: at('2026-11-24T06:00:00Z'), now: at('2026-11-24T06:00:03Z') });
    await deadLetters.record({
      ...base,
      eventId: second,
      reason: 'unreadable',
      eventType: `<script>alert(1)</script>\u0007${'x'.repeat(300)}`,
      providerSubscriptionId: null,
      detail: `line one\nline two ${'y'.repeat(900)}`,
      receivedAt: at('2026-11-24T06:05:00Z'),
      now: at('2026-11-24T06:05:01Z'),
    });

    expect(await deadLetters.findByEventId(first)).toMatchObject({ attempts: 2, detail: 'second try', resolved_at: null, raw_body: base.rawBody, received_at: at('2026-11-24T06:00:00Z') });
    const listed = await deadLetters.unresolved(50);
    expect(listed.total).toBe(before + 2);
    const newest = listed.latest.find((letter) => letter.event_id === second)!;
    expect(newest.event_type).toHaveLength(100);
    expect(newest.event_type).toMatch(/^<script>alert\(1\)<\/script> x+…$/);
    expect(newest.detail).toHaveLength(500);
    expect(newest.detail).toMatch(/^line one line two y+…$/);
    expect(listed.latest.findIndex((letter) => letter.event_id === second)).toBeLessThan(listed.latest.findIndex((letter) => letter.event_id === first));

    expect(await deadLetters.resolve(first, at('2026-11-24T06:10:00Z'))).toBe(true);
    expect(await deadLetters.resolve(first, at('2026-11-24T06:11:00Z'))).toBe(false);
    expect(await deadLetters.resolve(`evt_never_${randomUUID()}`, at('2026-11-24T06:11:00Z'))).toBe(false);
    const after = await deadLetters.unresolved(50);
    expect(after.total).toBe(before + 1);
    expect(after.latest.map((letter) => letter.event_id)).not.toContain(first);
    expect((await deadLetters.unresolved(1)).latest).toHaveLength(1);
  });

  it('cancels at the period end: premium until then, expired by the job after, without waiting for the job', async () => {
    const { id, userId, providerId } = await pendingSubscription();
    await repo.applyProviderEvent(event(providerId, 'activated', NOVEMBER), NOW);
    const cancelledAt = at('2026-11-20T08:00:00Z');

    expect(await repo.cancelAtPeriodEnd(userId, cancelledAt)).toMatchObject({ outcome: 'applied', subscription: { status: 'cancelled_at_period_end' } });
    expect(await repo.cancelAtPeriodEnd(userId, cancelledAt)).toMatchObject({ outcome: 'ignored', reason: 'The subscription is already cancelled.' });
    expect(isPremium(await reload(id), cancelledAt)).toBe(true);

    // The job before the period end leaves it; right after, the status already reads the clock.
    expect((await repo.expireDue(at('2026-12-09T23:59:59Z'))).map((sub) => sub.id)).not.toContain(id);
    const afterEnd = at(NOVEMBER.end);
    expect(isPremium(await reload(id), afterEnd)).toBe(false);
    expect((await repo.expireDue(afterEnd)).map((sub) => sub.id)).toContain(id);
    expect((await repo.expireDue(afterEnd)).map((sub) => sub.id)).not.toContain(id);

    expect(await reload(id)).toMatchObject({ status: 'expired', cancel_at_period_end: true });
    expect((await trail(id)).slice(3)).toEqual([
      ['active', 'cancelled_at_period_end', 'user cancel', null],
      ['cancelled_at_period_end', 'expired', 'expiry job', null],
    ]);
    // The user can subscribe again once it ended.
    expect(await repo.create({ userId, planId: 'premium_monthly', provider: 'simulator', now: afterEnd })).toMatchObject({ outcome: 'created' });
    expect(await repo.cancelAtPeriodEnd(newUser(), afterEnd)).toBeNull();
  });

  it('expires an unrenewed active subscription only after the renewal grace', async () => {
    const { id, providerId } = await pendingSubscription();
    await repo.applyProviderEvent(event(providerId, 'activated', NOVEMBER), NOW);
    expect((await repo.expireDue(at('2026-12-11T00:00:00Z'))).map((sub) => sub.id)).not.toContain(id);
    expect((await repo.expireDue(at('2026-12-17T00:00:00Z'))).map((sub) => sub.id)).toContain(id);
  });

  it('lists checkouts still awaiting payment for the reconciliation job', async () => {
    const { id } = await pendingSubscription();
    expect((await repo.listAwaitingPayment(at('2026-11-10T00:01:00Z'), 10_000)).map((sub) => sub.id)).toContain(id);
    expect((await repo.listAwaitingPayment(NOW, 10_000)).map((sub) => sub.id)).not.toContain(id);
  });

  it('shows the live subscription as current, else the latest', async () => {
    const first = await pendingSubscription();
    await repo.failCheckout(first.id, 'provider rejected', NOW);
    expect((await repo.findCurrent(first.userId))?.id).toBe(first.id);
    const second = await pendingSubscription(first.userId);
    expect((await repo.findCurrent(first.userId))?.id).toBe(second.id);
  });

  describe('one device at a time', () => {
    const claimAt = at('2026-11-24T12:00:00Z');

    it('lets exactly one of two devices claiming at once win, for fifty users in parallel', async () => {
      const users = Array.from({ length: 50 }, newUser);
      const rounds = await Promise.all(
        users.map((userId) =>
          Promise.all(['device-a', 'device-b'].map((device) => repo.claimDevice(userId, device, { takeOver: false, now: claimAt }))),
        ),
      );
      for (const [index, results] of rounds.entries()) {
        const winners = results.filter((result) => result.won);
        expect(winners).toHaveLength(1);
        const winner = results[0]!.won ? 'device-a' : 'device-b';
        const loser = winner === 'device-a' ? 'device-b' : 'device-a';
        expect(await repo.checkDevice(users[index]!, winner)).toEqual({ allowed: true, reason: null, logout_message: null });
        expect(await repo.checkDevice(users[index]!, loser)).toEqual({ allowed: false, reason: DEVICE_MESSAGES.inUseElsewhere, logout_message: null });
      }
    });

    it('lets exactly one of two devices moving premium at once win, and tells the old device at its next check', async () => {
      const userId = newUser();
      expect(await repo.claimDevice(userId, 'device-a', { takeOver: false, now: claimAt, connectionIp: '203.0.113.7', reportedIp: 'unknown' })).toEqual({
        won: true,
        outcome: 'claimed',
        previous_device_id: null,
      });

      // Hold the claim row so both moves have read device-a as the holder before either may write.
      await pg.query('BEGIN');
      await pg.query('SELECT 1 FROM premium.device_claims WHERE user_id = $1 FOR UPDATE', [userId]);
      const moves = Promise.all(['device-b', 'device-c'].map((device) => repo.claimDevice(userId, device, { takeOver: true, now: at('2026-11-25T09:00:00Z') })));
      try {
        await waitForLockWaiters(observer, 2);
      } finally {
        await pg.query('COMMIT');
      }
      const results = await moves;

      const winners = results.filter((result) => result.won);
      expect(winners).toEqual([{ won: true, outcome: 'moved', previous_device_id: 'device-a' }]);
      expect(results.filter((result) => !result.won)).toEqual([{ won: false, outcome: 'lost_race', message: DEVICE_MESSAGES.lostRace }]);
      const winner = results[0]!.won ? 'device-b' : 'device-c';
      const loser = winner === 'device-b' ? 'device-c' : 'device-b';

      expect(await repo.checkDevice(userId, winner)).toEqual({ allowed: true, reason: null, logout_message: null });
      expect(await repo.checkDevice(userId, 'device-a')).toEqual({
        allowed: false,
        reason: 'Premium was moved to another device on 25 Nov 2026.',
        logout_message: DEVICE_MESSAGES.movedAwayLogout,
      });
      expect(await repo.checkDevice(userId, loser)).toMatchObject({ allowed: false, logout_message: null });

      // Without takeOver another device is refused; the holder claiming again keeps it.
      expect(await repo.claimDevice(userId, 'device-a', { takeOver: false, now: claimAt })).toEqual({
        won: false,
        outcome: 'held_by_other',
        message: DEVICE_MESSAGES.inUseElsewhere,
      });
      expect(await repo.claimDevice(userId, winner, { takeOver: true, now: claimAt })).toMatchObject({ won: true, outcome: 'already_held' });
    });

    it('lets the same device claiming twice at once keep premium both times', async () => {
      const userId = newUser();
      const results = await Promise.all([1, 2].map(() => repo.claimDevice(userId, 'device-a', { takeOver: true, now: claimAt })));
      expect(results.every((result) => result.won)).toBe(true);
    });
  });
});

/** Waits until `count` sessions wait for a lock while updating a device claim (behind the holder or each other). */
const waitForLockWaiters = async (observer: Client, count: number): Promise<void> => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const waiting = await observer.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE "premium"."device_claims"%'`,
    );
    if (Number(waiting.rows[0]!.n) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} sessions ever waited for the lock`);
};
