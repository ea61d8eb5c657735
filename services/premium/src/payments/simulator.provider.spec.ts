import { CHECKOUT_TEXTS } from './checkout-page';
import { type ProviderEvent, ProviderSubscriptionNotFound } from './provider';
import { readRazorpayWebhook } from './razorpay-webhook';
import { InMemorySimulatorLedger } from './simulator-ledger';
import { addMonthsUtc, CHECKOUT_FAILURE_REASONS, SimulatorCheckout, SimulatorProvider } from './simulator.provider';
import { fixtureJson } from './testing/fixtures';

const SECRET = 'simulator-webhook-secret-for-tests';
const WEBHOOK_URL = 'http://gateway.test/api/premium/webhooks/razorpay';
const START = new Date('2026-01-31T10:00:00.000Z');

type Delivery = { url: string; headers: Record<string, string>; body: Buffer };

const setup = (respond: (delivery: Delivery, events: ProviderEvent[]) => number = () => 200) => {
  let now = START;
  const clock = () => now;
  const ledger = new InMemorySimulatorLedger();
  const provider = new SimulatorProvider({ publicBaseUrl: 'http://localhost:8080/', webhookSecret: SECRET, ledger, now: clock });
  const deliveries: Delivery[] = [];
  const received: ProviderEvent[] = [];
  // Plays the webhook endpoint: verifies and maps with the provider, as the real one will.
  const fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const delivery = { url: String(url), headers: init!.headers as Record<string, string>, body: init!.body as Buffer };
    deliveries.push(delivery);
    let events: ProviderEvent[] = [];
    try {
      events = provider.parseWebhook(delivery.body, delivery.headers);
    } catch {
      return new Response(null, { status: 401 });
    }
    const status = respond(delivery, events);
    if (status < 300) received.push(...events);
    return new Response(null, { status });
  });
  const sleep = jest.fn(async () => undefined);
  const checkout = new SimulatorCheckout({ ledger, webhookUrl: WEBHOOK_URL, webhookSecret: SECRET, fetch: fetch as typeof globalThis.fetch, now: clock, sleep });
  const create = () =>
    provider.createSubscription({
      subscriptionId: 'our-sub-1',
      planId: 'premium_monthly',
      amountPaise: 20000,
      customer: { userId: '42', email: 'asha@example.in' },
      returnUrl: 'http://localhost:8080/payment/success',
    });
  return { provider, checkout, ledger, deliveries, received, fetch, sleep, create, setNow: (date: Date) => (now = date) };
};

describe('SimulatorProvider', () => {
  it('creates a subscription whose payment page is our own /dev/pay/<id>', async () => {
    const { create, provider } = setup();
    const created = await create();
    expect(created.providerSubscriptionId).toMatch(/^sub_[0-9A-Za-z]{14}$/);
    expect(created.paymentUrl).toBe(`http://localhost:8080/dev/pay/${created.providerSubscriptionId}`);
    await expect(provider.fetchSubscription(created.providerSubscriptionId)).resolves.toEqual({ status: 'created' });
  });

  it('ages its state like Razorpay: an unpaid link expires after a day', async () => {
    const { create, provider, setNow } = setup();
    const { providerSubscriptionId } = await create();
    setNow(new Date(START.getTime() + 25 * 3600_000));
    await expect(provider.fetchSubscription(providerSubscriptionId)).resolves.toEqual({ status: 'expired' });
  });

  it('cancels an active subscription at the end of its cycle and an unpaid one at once', async () => {
    const { create, provider, checkout, setNow } = setup();
    const paid = await create();
    await checkout.pay(paid.providerSubscriptionId);
    await provider.cancelAtPeriodEnd(paid.providerSubscriptionId);
    await expect(provider.fetchSubscription(paid.providerSubscriptionId)).resolves.toMatchObject({ status: 'active' });
    setNow(new Date('2026-02-28T10:00:00.000Z'));
    await expect(provider.fetchSubscription(paid.providerSubscriptionId)).resolves.toMatchObject({ status: 'cancelled' });

    const unpaid = await create();
    await provider.cancelAtPeriodEnd(unpaid.providerSubscriptionId);
    await expect(provider.fetchSubscription(unpaid.providerSubscriptionId)).resolves.toEqual({ status: 'cancelled' });
  });

  it('knows nothing of ids it did not make', async () => {
    const { provider, checkout } = setup();
    await expect(provider.fetchSubscription('sub_unknown')).rejects.toBeInstanceOf(ProviderSubscriptionNotFound);
    await expect(provider.cancelAtPeriodEnd('sub_unknown')).rejects.toBeInstanceOf(ProviderSubscriptionNotFound);
    await expect(checkout.pay('sub_unknown')).rejects.toBeInstanceOf(ProviderSubscriptionNotFound);
  });
});

describe('SimulatorCheckout', () => {
  it('Pay: delivers authenticated, activated and charged, signed, in Razorpay’s shape and headers, then goes to the success page', async () => {
    const { create, checkout, deliveries, received, provider } = setup();
    const { providerSubscriptionId } = await create();
    const outcome = await checkout.pay(providerSubscriptionId);

    expect(outcome.redirectTo).toBe('http://localhost:8080/payment/success?subscription_id=our-sub-1');
    expect(outcome.deliveries.map((d) => [d.event, d.delivered])).toEqual([
      ['subscription.authenticated', true],
      ['subscription.activated', true],
      ['subscription.charged', true],
    ]);
    for (const delivery of deliveries) {
      expect(delivery.url).toBe(WEBHOOK_URL);
      expect(Object.keys(delivery.headers).sort()).toEqual(['content-type', 'user-agent', 'x-razorpay-event-id', 'x-razorpay-signature']);
      expect(delivery.headers['x-razorpay-event-id']).toMatch(/^[0-9A-Za-z]{14}$/);
      expect(readRazorpayWebhook(delivery.body).payload.subscription?.entity.id).toBe(providerSubscriptionId);
    }
    expect(new Set(deliveries.map((d) => d.headers['x-razorpay-event-id'])).size).toBe(3);

    // Same fields as the recorded Razorpay body.
    const charged = JSON.parse(deliveries[2]!.body.toString('utf8'));
    const recorded = fixtureJson<any>('subscription.charged');
    expect(Object.keys(charged).sort()).toEqual(Object.keys(recorded).sort());
    expect(Object.keys(charged.payload.subscription.entity).sort()).toEqual(Object.keys(recorded.payload.subscription.entity).sort());
    expect(Object.keys(charged.payload.payment.entity).sort()).toEqual(Object.keys(recorded.payload.payment.entity).sort());
    expect(charged.payload.payment.entity).toMatchObject({ amount: 20000, currency: 'INR', status: 'captured' });
    expect(charged.payload.subscription.entity.notes).toEqual({ subscription_id: 'our-sub-1' });

    const periodEnd = '2026-02-28T10:00:00.000Z'; // 31 January plus a month
    expect(received).toEqual([
      expect.objectContaining({ type: 'activated', provider_subscription_id: providerSubscriptionId, period_start: START.toISOString(), period_end: periodEnd }),
      expect.objectContaining({ type: 'charged', provider_subscription_id: providerSubscriptionId, period_end: periodEnd }),
    ]);
    await expect(provider.fetchSubscription(providerSubscriptionId)).resolves.toEqual({ status: 'active', currentStart: START.toISOString(), currentEnd: periodEnd });
  });

  it('Fail: delivers payment.failed and goes to the failure page; the link stays open for another try', async () => {
    const { create, checkout, received, provider } = setup();
    const { providerSubscriptionId } = await create();
    const outcome = await checkout.fail(providerSubscriptionId);
    const redirect = new URL(outcome.redirectTo);
    expect(redirect.origin + redirect.pathname).toBe('http://localhost:8080/payment/failure');
    expect(redirect.searchParams.get('subscription_id')).toBe('our-sub-1');
    expect(redirect.searchParams.get('reason')).toBe(CHECKOUT_FAILURE_REASONS.declined);
    expect(outcome.deliveries.map((d) => d.event)).toEqual(['payment.failed']);
    expect(received).toEqual([expect.objectContaining({ type: 'payment_failed', provider_subscription_id: providerSubscriptionId })]);
    await expect(provider.fetchSubscription(providerSubscriptionId)).resolves.toEqual({ status: 'created' });

    const retry = await checkout.pay(providerSubscriptionId);
    expect(retry.redirectTo).toContain('/payment/success');
  });

  it('a double click pays once, and a later press changes nothing', async () => {
    const { create, checkout, deliveries } = setup();
    const { providerSubscriptionId } = await create();
    const [first, second] = await Promise.all([checkout.pay(providerSubscriptionId), checkout.pay(providerSubscriptionId)]);
    expect(second).toBe(first);
    expect(deliveries).toHaveLength(3);

    const late = await checkout.fail(providerSubscriptionId);
    expect(late).toEqual({ redirectTo: first.redirectTo, deliveries: [] });
    expect(deliveries).toHaveLength(3);
  });

  it('an expired link cannot be paid', async () => {
    const { create, checkout, setNow, deliveries } = setup();
    const { providerSubscriptionId } = await create();
    setNow(new Date(START.getTime() + 2 * 24 * 3600_000));
    const outcome = await checkout.pay(providerSubscriptionId);
    expect(new URL(outcome.redirectTo).searchParams.get('reason')).toBe(CHECKOUT_FAILURE_REASONS.expired);
    expect(deliveries).toHaveLength(0);
  });

  it('retries a refused delivery with the same event id and bytes, and reports one that never got through', async () => {
    let calls = 0;
    const { create, checkout, deliveries, sleep } = setup(() => (calls++ === 0 ? 503 : 200));
    const { providerSubscriptionId } = await create();
    const outcome = await checkout.pay(providerSubscriptionId);
    expect(outcome.deliveries[0]).toMatchObject({ delivered: true, attempts: 2 });
    expect(deliveries[0]!.headers['x-razorpay-event-id']).toBe(deliveries[1]!.headers['x-razorpay-event-id']);
    expect(deliveries[0]!.body.equals(deliveries[1]!.body)).toBe(true);
    expect(sleep).toHaveBeenCalledTimes(1);

    const down = setup(() => 500);
    const second = await down.create();
    const failed = await down.checkout.pay(second.providerSubscriptionId);
    expect(failed.deliveries.every((d) => !d.delivered && d.attempts === 3 && d.status === 500)).toBe(true);
    // The browser still gets to the success page, which waits for the server; reconciliation catches up.
    expect(failed.redirectTo).toContain('/payment/success');
    await expect(down.provider.fetchSubscription(second.providerSubscriptionId)).resolves.toMatchObject({ status: 'active' });
  });

  it('survives an unreachable webhook endpoint', async () => {
    const { create, checkout, fetch } = setup();
    fetch.mockRejectedValue(new TypeError('fetch failed'));
    const { providerSubscriptionId } = await create();
    const outcome = await checkout.fail(providerSubscriptionId);
    expect(outcome.deliveries).toEqual([expect.objectContaining({ delivered: false, attempts: 3, error: 'fetch failed' })]);
  });

  it('renders the page for a known checkout, and nothing for an unknown one', async () => {
    const { create, checkout } = setup();
    const { providerSubscriptionId } = await create();
    const view = { planName: 'Premium Monthly', payAction: `/dev/pay/${providerSubscriptionId}/pay`, failAction: `/dev/pay/${providerSubscriptionId}/fail` };
    const html = await checkout.page(providerSubscriptionId, view);
    expect(html).toContain('₹200');
    expect(html).toContain(`action="/dev/pay/${providerSubscriptionId}/pay"`);
    await checkout.pay(providerSubscriptionId);
    expect(await checkout.page(providerSubscriptionId, view)).toContain(CHECKOUT_TEXTS.alreadyPaid);
    await expect(checkout.page('sub_unknown', view)).resolves.toBeUndefined();
  });
});

describe('addMonthsUtc', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonthsUtc(new Date('2026-01-15T08:30:00Z'), 1).toISOString()).toBe('2026-02-15T08:30:00.000Z');
    expect(addMonthsUtc(new Date('2026-01-31T08:30:00Z'), 1).toISOString()).toBe('2026-02-28T08:30:00.000Z');
    expect(addMonthsUtc(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonthsUtc(new Date('2026-12-31T00:00:00Z'), 12).toISOString()).toBe('2027-12-31T00:00:00.000Z');
  });
});
