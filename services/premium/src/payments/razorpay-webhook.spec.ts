import { InvalidSignature, MalformedWebhook, type ProviderEvent } from './provider';
import { buildPaymentEntity, buildSubscriptionEntity, buildWebhookEvent, type RazorpayEventName, type SubscriptionFacts } from './razorpay-payloads';
import { eventIdOf, eventNameOf, parseRazorpayWebhook, printable, readRazorpayWebhook, toProviderEvents } from './razorpay-webhook';
import { signWebhookBody } from './signature';
import { fixtureBytes, fixtureJson, WEBHOOK_FIXTURES } from './testing/fixtures';

const SECRET = 'whsec_test_only_not_a_real_secret';
const SUB = 'sub_QfN9x2H7cK4mLp';
const deliver = (name: string, eventId = 'Q1w2E3r4T5y6U7') => {
  const body = fixtureBytes(name);
  return { body, headers: { 'x-razorpay-signature': signWebhookBody(body, SECRET), 'x-razorpay-event-id': eventId } };
};
const parseFixture = (name: string): ProviderEvent[] => {
  const { body, headers } = deliver(name);
  return parseRazorpayWebhook(body, headers, SECRET);
};

/** Every key path of a JSON value, e.g. `payload.subscription.entity.current_end`; arrays count as leaves. */
const shapeOf = (value: unknown, prefix = ''): string[] => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => shapeOf(inner, prefix ? `${prefix}.${key}` : key));
};

describe('Razorpay webhooks → provider events (recorded payloads)', () => {
  it('subscription.activated starts the paid period', () => {
    expect(parseFixture('subscription.activated')).toEqual([
      {
        id: 'Q1w2E3r4T5y6U7',
        type: 'activated',
        provider_subscription_id: SUB,
        period_start: '2026-01-01T00:05:00.000Z',
        period_end: '2026-02-01T00:05:00.000Z',
        occurred_at: '2026-01-01T00:05:05.000Z',
      },
    ]);
  });

  it('subscription.charged carries the paid period', () => {
    expect(parseFixture('subscription.charged')).toEqual([
      expect.objectContaining({ type: 'charged', provider_subscription_id: SUB, period_start: '2026-01-01T00:05:00.000Z', period_end: '2026-02-01T00:05:00.000Z' }),
    ]);
  });

  it('payment.failed names the subscription through the payment', () => {
    expect(parseFixture('payment.failed')).toEqual([
      { id: 'Q1w2E3r4T5y6U7', type: 'payment_failed', provider_subscription_id: SUB, occurred_at: '2026-01-01T00:04:45.000Z' },
    ]);
  });

  it.each([
    ['subscription.pending', 'payment_failed'],
    ['subscription.halted', 'halted'],
    ['subscription.cancelled', 'cancelled'],
    ['subscription.completed', 'completed'],
  ])('%s → %s', (fixture, type) => {
    const [event] = parseFixture(fixture);
    expect(event).toMatchObject({ type, provider_subscription_id: SUB });
    expect(event!.period_end).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('ignores events that change nothing we track', () => {
    expect(parseFixture('subscription.authenticated')).toEqual([]);
    expect(parseFixture('payment.captured')).toEqual([]);
    const updated = { ...fixtureJson<Record<string, unknown>>('subscription.activated'), event: 'subscription.updated' };
    expect(toProviderEvents(readRazorpayWebhook(Buffer.from(JSON.stringify(updated))), 'e1')).toEqual([]);
  });

  it('ignores a payment.failed that names no subscription (a payment of something else)', () => {
    const webhook = fixtureJson<any>('payment.failed');
    delete webhook.payload.payment.entity.subscription_id;
    expect(toProviderEvents(readRazorpayWebhook(Buffer.from(JSON.stringify(webhook))), 'e1')).toEqual([]);
  });

  it('throws MalformedWebhook for an event we act on that lacks the entity naming its subscription: a format we cannot read, not "no news"', () => {
    for (const name of ['subscription.halted', 'subscription.activated', 'subscription.pending']) {
      const webhook = fixtureJson<any>(name);
      delete webhook.payload.subscription;
      expect(() => toProviderEvents(readRazorpayWebhook(Buffer.from(JSON.stringify(webhook))), 'e1')).toThrow(new MalformedWebhook(`${name} carries no subscription entity`));
    }
    const failed = fixtureJson<any>('payment.failed');
    delete failed.payload.payment;
    expect(() => toProviderEvents(readRazorpayWebhook(Buffer.from(JSON.stringify(failed))), 'e1')).toThrow(MalformedWebhook);
  });

  it('reads the event name of a body it cannot otherwise read, printable and cut to length', () => {
    expect(eventNameOf(Buffer.from('{"event":"subscription.halted","payload":7}'))).toBe('subscription.halted');
    expect(eventNameOf(JSON.stringify({ event: 'sub\u0000scription.<b>x</b>\n' }))).toBe('sub scription.<b>x</b>');
    expect(eventNameOf(JSON.stringify({ event: 'x'.repeat(500) }))).toHaveLength(100);
    for (const body of ['not json', '[]', 'null', '{"event":7}', '{"event":"  "}']) expect(eventNameOf(body)).toBeNull();
    expect(printable('a\u202eb\r\nc', 10)).toBe('a b  c');
    expect(printable('abcdef', 4)).toBe('abc…');
  });

  it('reads notes sent as an empty array, as Razorpay does when there are none', () => {
    const webhook = fixtureJson<any>('subscription.activated');
    webhook.payload.subscription.entity.notes = [];
    expect(toProviderEvents(readRazorpayWebhook(Buffer.from(JSON.stringify(webhook))), 'e1')).toHaveLength(1);
  });

  it('checks the signature before reading anything', () => {
    const { body } = deliver('subscription.activated');
    expect(() => parseRazorpayWebhook(body, { 'x-razorpay-event-id': 'e1' }, SECRET)).toThrow(InvalidSignature);
    const garbage = Buffer.from('not json');
    expect(() => parseRazorpayWebhook(garbage, { 'x-razorpay-signature': 'ab'.repeat(32) }, SECRET)).toThrow(InvalidSignature);
  });

  it('throws MalformedWebhook for a signed body that is not a Razorpay event', () => {
    for (const raw of ['not json', '{"entity":"event"}', JSON.stringify({ ...fixtureJson<object>('subscription.activated'), created_at: 'yesterday' })]) {
      const body = Buffer.from(raw);
      expect(() => parseRazorpayWebhook(body, { 'x-razorpay-signature': signWebhookBody(body, SECRET) }, SECRET)).toThrow(MalformedWebhook);
    }
  });

  it('takes the event id from x-razorpay-event-id, else from a hash of the body so replays still collide', () => {
    const body = fixtureBytes('subscription.activated');
    expect(eventIdOf(body, { 'x-razorpay-event-id': 'Q1w2E3r4T5y6U7' })).toBe('Q1w2E3r4T5y6U7');
    const fallback = eventIdOf(body, {});
    expect(fallback).toMatch(/^body-sha256:[0-9a-f]{64}$/);
    expect(eventIdOf(Buffer.from(body), { 'x-razorpay-event-id': '  ' })).toBe(fallback);
    expect(eventIdOf(fixtureBytes('subscription.charged'), {})).not.toBe(fallback);
  });
});

describe('payload builders (what the simulator sends)', () => {
  const facts: SubscriptionFacts = {
    id: SUB,
    planId: 'plan_QfN8aBcDeFgHiJ',
    status: 'active',
    customerId: 'cust_QfN9yZ3kLm5nOp',
    notes: { subscription_id: '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b' },
    createdAt: 1767225600,
    currentStart: 1767225900,
    currentEnd: 1769904300,
    endedAt: null,
    totalCount: 12,
    paidCount: 1,
    authAttempts: 0,
    shortUrl: 'https://rzp.io/i/q7Yb2KxA',
    expireBy: null,
    cancelAtCycleEnd: false,
  };
  const payment = (status: 'captured' | 'failed') =>
    buildPaymentEntity({
      id: 'pay_QfNA1bC2dE3fG4',
      amountPaise: 20000,
      status,
      createdAt: 1767225880,
      subscriptionId: SUB,
      customerId: facts.customerId,
      email: 'asha@example.in',
      orderId: 'order_QfNA0aB1cD2eF3',
      invoiceId: 'inv_QfNA0zY9xW8vU7',
      tokenId: status === 'captured' ? 'token_QfNA1hI2jK3lM4' : null,
      description: 'Nivesh Premium Monthly',
      ...(status === 'failed' ? { error: { code: 'BAD_REQUEST_ERROR', description: 'Declined.', source: 'bank', step: 'payment_authorization', reason: 'payment_failed' } } : {}),
    });
  const built = (name: RazorpayEventName) => {
    const withSubscription = name.startsWith('subscription.');
    return buildWebhookEvent({
      accountId: 'acc_Gx7bTq2LmN4pRs',
      event: name,
      createdAt: 1767225906,
      ...(withSubscription ? { subscription: buildSubscriptionEntity(facts) } : {}),
      ...(name === 'subscription.charged' || name === 'payment.failed' ? { payment: payment(name === 'payment.failed' ? 'failed' : 'captured') } : {}),
    });
  };

  it.each(WEBHOOK_FIXTURES.filter((name) => name !== 'payment.captured'))('%s has exactly the recorded payload’s fields', (name) => {
    const body = built(name as RazorpayEventName);
    expect(shapeOf(body).sort()).toEqual(shapeOf(fixtureJson(name)).sort());
    expect(body.contains).toEqual(fixtureJson<{ contains: string[] }>(name).contains);
  });

  it('maps a built body the same way as the recorded one', () => {
    const body = Buffer.from(JSON.stringify(built('subscription.charged')));
    const headers = { 'x-razorpay-signature': signWebhookBody(body, SECRET), 'x-razorpay-event-id': 'Q1w2E3r4T5y6U7' };
    expect(parseRazorpayWebhook(body, headers, SECRET)).toEqual([{ ...parseFixture('subscription.charged')[0], occurred_at: '2026-01-01T00:05:06.000Z' }]);
  });
});
