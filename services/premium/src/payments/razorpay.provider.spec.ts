import { ProviderRejected, ProviderSubscriptionNotFound, ProviderUnavailable } from './provider';
import { type RazorpaySubscriptionsClient, RazorpayProvider, toProviderError, withDeadline } from './razorpay.provider';
import { signWebhookBody } from './signature';
import { fixtureBytes, fixtureJson } from './testing/fixtures';

const OPTIONS = { keyId: 'rzp_test_notarealkey', keySecret: 'not-a-real-key-secret', webhookSecret: 'whsec_test_only', planIds: { premium_monthly: 'plan_QfN8aBcDeFgHiJ' } };
const INPUT = {
  subscriptionId: '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b',
  planId: 'premium_monthly',
  amountPaise: 20000,
  customer: { userId: '42', email: 'asha@example.in' },
  returnUrl: 'https://nivesh.example/payment/success',
};

/** What the SDK throws when the network is down: its error normaliser trips over the missing response. */
const networkError = () => new TypeError("Cannot read properties of undefined (reading 'status')");

const fakeClient = (overrides: Partial<RazorpaySubscriptionsClient> = {}): jest.Mocked<RazorpaySubscriptionsClient> => ({
  create: jest.fn(async () => fixtureJson('subscriptions.create')),
  cancel: jest.fn(async () => fixtureJson('fetch.cancelled-at-cycle-end')),
  fetch: jest.fn(async () => fixtureJson('fetch.active')),
  ...overrides,
}) as jest.Mocked<RazorpaySubscriptionsClient>;

describe('RazorpayProvider', () => {
  it('creates a subscription on the configured plan with our id in the notes; short_url is the payment page', async () => {
    const client = fakeClient();
    const created = await new RazorpayProvider(OPTIONS, client).createSubscription(INPUT);
    expect(client.create).toHaveBeenCalledWith({
      plan_id: 'plan_QfN8aBcDeFgHiJ',
      total_count: 120,
      customer_notify: true,
      notes: { subscription_id: INPUT.subscriptionId },
    });
    expect(created).toEqual({ providerSubscriptionId: 'sub_QfN9x2H7cK4mLp', paymentUrl: 'https://rzp.io/i/q7Yb2KxA' });
  });

  it('refuses a plan that has no Razorpay plan configured, without calling Razorpay', async () => {
    const client = fakeClient();
    await expect(new RazorpayProvider(OPTIONS, client).createSubscription({ ...INPUT, planId: 'premium_yearly' })).rejects.toBeInstanceOf(ProviderRejected);
    expect(client.create).not.toHaveBeenCalled();
  });

  it('cancels at the end of the cycle (cancel(id, true))', async () => {
    const client = fakeClient();
    await new RazorpayProvider(OPTIONS, client).cancelAtPeriodEnd('sub_QfN9x2H7cK4mLp');
    expect(client.cancel).toHaveBeenCalledWith('sub_QfN9x2H7cK4mLp', true);
  });

  it('fetches the status and the current period as ISO times', async () => {
    const provider = new RazorpayProvider(OPTIONS, fakeClient());
    await expect(provider.fetchSubscription('sub_QfN9x2H7cK4mLp')).resolves.toEqual({
      status: 'active',
      currentStart: '2026-01-01T00:05:00.000Z',
      currentEnd: '2026-02-01T00:05:00.000Z',
    });
    const created = new RazorpayProvider(OPTIONS, fakeClient({ fetch: jest.fn(async () => fixtureJson('fetch.created')) }));
    await expect(created.fetchSubscription('sub_QfN9x2H7cK4mLp')).resolves.toEqual({ status: 'created' });
  });

  it('reports an unknown id as not found, a network failure or 5xx as unavailable, other refusals as rejected', async () => {
    const answer = (error: unknown) => new RazorpayProvider(OPTIONS, fakeClient({ fetch: jest.fn(async () => Promise.reject(error)) })).fetchSubscription('sub_X');
    await expect(answer(fixtureJson('fetch.not-found'))).rejects.toBeInstanceOf(ProviderSubscriptionNotFound);
    await expect(answer(networkError())).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(answer({ statusCode: 503, error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } })).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(answer({ statusCode: 429, error: { code: 'BAD_REQUEST_ERROR', description: 'Too many requests' } })).rejects.toBeInstanceOf(ProviderUnavailable);
    const rejected = toProviderError({ statusCode: 401, error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    expect(rejected).toBeInstanceOf(ProviderRejected);
    expect(rejected).toMatchObject({ providerStatus: 401, providerCode: 'BAD_REQUEST_ERROR', code: 'unprocessable' });
    // What people read never carries Razorpay's own wording.
    expect(rejected.message).not.toContain('Authentication failed');
  });

  it('gives up on a call that does not answer within its deadline', async () => {
    const provider = new RazorpayProvider({ ...OPTIONS, timeoutMs: 20 }, fakeClient({ fetch: jest.fn(() => new Promise<never>(() => undefined)) }));
    await expect(provider.fetchSubscription('sub_X')).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(withDeadline(Promise.resolve('on time'), 1_000)).resolves.toBe('on time');
  });

  it('parses webhooks with the webhook secret (not the API key secret)', () => {
    const provider = new RazorpayProvider(OPTIONS, fakeClient());
    const body = fixtureBytes('subscription.activated');
    const events = provider.parseWebhook(body, { 'x-razorpay-signature': signWebhookBody(body, OPTIONS.webhookSecret), 'x-razorpay-event-id': 'E1' });
    expect(events).toEqual([expect.objectContaining({ id: 'E1', type: 'activated' })]);
    expect(() => provider.parseWebhook(body, { 'x-razorpay-signature': signWebhookBody(body, OPTIONS.keySecret) })).toThrow('signature');
  });

  it('needs a webhook secret', () => {
    expect(() => new RazorpayProvider({ ...OPTIONS, webhookSecret: '' }, fakeClient())).toThrow();
  });

  it('builds its SDK client from the key pair when none is given', () => {
    expect(new RazorpayProvider(OPTIONS).name).toBe('razorpay');
  });
});
