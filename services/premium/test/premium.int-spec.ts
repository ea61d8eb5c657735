import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  type CancelResponse,
  DEVICE_FINGERPRINT_HEADER,
  PAYMENT_WEBHOOK_PATH,
  PREMIUM,
  PREMIUM_TOOLS,
  type PremiumStatusResponse,
  sessionKey,
  type SubscribeResponse,
  SystemStatusResponseSchema,
} from '@nivesh/proto';
import { EVENT_ID_HEADER, parseConfig, RpcClient, SIGNATURE_HEADER, signWebhookBody, startService } from '@nivesh/platform';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { Client } from 'pg';
import { createGatewayApp } from '../../../gateway/src/app';
import { makeWebDist, mintToken, testConfig } from '../../../gateway/test/test-app';
import { AppModule } from '../src/app.module';
import { type Config, ConfigSchema } from '../src/config';
import { CHECKOUT_TEXTS } from '../src/payments/checkout-page';
import { buildSubscriptionEntity, buildWebhookEvent, type RazorpayEventName } from '../src/payments/razorpay-payloads';
import { RedisSimulatorLedger } from '../src/payments/simulator-ledger';
import { PremiumJobs, RECONCILE_AFTER_MS } from '../src/premium/premium-jobs';
import { DEVICE_MESSAGES, TOOL_MESSAGES } from '../src/subscriptions/messages';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WEBHOOK_SECRET = randomBytes(24).toString('hex');

type PremiumApp = Awaited<ReturnType<typeof startService>>['app'];

/** A browser's fingerprint as the web sends it: base64 of its JSON; the timestamp does not make it another device. */
const fingerprint = (browser: string, timestamp = Date.now()) =>
  Buffer.from(JSON.stringify({ userAgent: `Mozilla/5.0 (${browser})`, language: 'en-IN', platform: 'Linux x86_64', timezone: 'Asia/Kolkata', screen: '1366x768', canvas: browser, timestamp })).toString('base64');

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('Premium through the gateway: the simulator checkout, signed webhooks on the payment-events queue, devices (real PostgreSQL and Redis)', () => {
  let gateway: NestFastifyApplication;
  let http: FastifyInstance;
  let baseUrl = '';
  let premium: PremiumApp;
  let config: Config;
  let jobs: PremiumJobs;
  let redis: Redis;
  let pg: Client;
  let rpc: RpcClient;
  let prefix = '';

  /** A logged-in user (or admin): a live session in Redis and its bearer token, as services/auth would leave them. */
  const newUser = async (isAdmin = false) => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    const now = Date.now();
    await redis.set(
      sessionKey(prefix, sessionId),
      JSON.stringify({ user_id: userId, username: `tester${userId.slice(0, 6)}`, is_admin: isAdmin, is_premium: false, created_at: new Date(now).toISOString(), expires_at: new Date(now + 3_600_000).toISOString() }),
      'EX',
      3_600,
    );
    return { userId, token: await mintToken({ sub: userId, sid: sessionId }) };
  };

  /** Each user calls from an address of its own, so the per-client rate limits of one test do not reach another. */
  const addresses = new Map<string, string>();
  const addressOf = (token: string) => {
    if (!addresses.has(token)) addresses.set(token, `198.51.100.${addresses.size + 1}`);
    return addresses.get(token)!;
  };
  const api = async <T>(method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) => {
    // The browser's address is the gateway's own (PUBLIC_URL), as when the site is opened where it says.
    const response = await http.inject({ method, url, remoteAddress: addressOf(token), headers: { authorization: `Bearer ${token}`, host: new URL(baseUrl).host }, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T & { detail?: string }>() };
  };
  const status = (token: string, device: string) =>
    api<PremiumStatusResponse>('GET', `/api/premium/status?device_fingerprint=${encodeURIComponent(device)}&ip_address=unknown`, token);
  const subscribe = (token: string, device: string) => api<SubscribeResponse>('POST', '/api/premium/subscribe', token, { plan_id: 'premium_monthly', device_fingerprint: device, ip_address: '203.0.113.9' });

  /** Subscribes and presses Pay on the simulator's page, as a tester would; resolves once premium is active. */
  const buyPremium = async (device = fingerprint('Chrome on Linux')) => {
    const user = await newUser();
    const started = await subscribe(user.token, device);
    const providerId = new URL(started.body.payment_url!).pathname.split('/').pop()!;
    const paid = await fetch(`${baseUrl}/dev/pay/${providerId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const active = await until(() => status(user.token, device), (answer) => answer.body.is_premium);
    expect(active.body.is_premium).toBe(true);
    return { ...user, device, providerId, subscriptionId: started.body.order_id! };
  };

  /** A Razorpay webhook body for one subscription, as Razorpay sends it (`createdAt` in Unix seconds; default now). */
  const webhook = (event: RazorpayEventName, providerId: string, period?: { start: Date; end: Date }, createdAt?: number) => {
    const at = createdAt ?? Math.floor(Date.now() / 1000);
    const subscription = buildSubscriptionEntity({
      id: providerId,
      planId: 'plan_test',
      status: event === 'subscription.cancelled' ? 'cancelled' : 'active',
      customerId: 'cust_test',
      notes: {},
      createdAt: at,
      currentStart: period ? Math.floor(period.start.getTime() / 1000) : null,
      currentEnd: period ? Math.floor(period.end.getTime() / 1000) : null,
      endedAt: null,
      totalCount: 120,
      paidCount: 1,
      authAttempts: 0,
      shortUrl: 'https://rzp.io/i/test',
      expireBy: null,
      cancelAtCycleEnd: false,
    });
    return Buffer.from(JSON.stringify(buildWebhookEvent({ accountId: 'acc_test', event, createdAt: at, subscription })), 'utf8');
  };
  const deliver = (raw: Buffer, options: { eventId?: string; secret?: string; signature?: string } = {}) =>
    http.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: options.signature ?? signWebhookBody(raw, options.secret ?? WEBHOOK_SECRET),
        [EVENT_ID_HEADER]: options.eventId ?? `evt_${randomUUID()}`,
      },
      payload: raw,
    });

  const auditOf = async (subscriptionId: string) =>
    (await pg.query<{ from_status: string | null; to_status: string; cause: string; provider_event_id: string | null }>(
      'SELECT from_status, to_status, cause, provider_event_id FROM premium.subscription_events WHERE subscription_id = $1 ORDER BY id',
      [subscriptionId],
    )).rows;
  const subscriptionRow = async (subscriptionId: string) =>
    (await pg.query<{ status: string; current_period_end: Date | null }>('SELECT status, current_period_end FROM premium.subscriptions WHERE id = $1', [subscriptionId])).rows[0]!;
  const providerEventRow = async (eventId: string) =>
    (await pg.query<{ outcome: string; detail: string | null }>('SELECT outcome, detail FROM premium.provider_events WHERE event_id = $1', [eventId])).rows[0];
  const deadLetterRow = async (eventId: string) =>
    (
      await pg.query<{ reason: string; detail: string; event_type: string | null; provider_subscription_id: string | null; raw_body: string; attempts: number; resolved_at: Date | null }>(
        'SELECT reason, detail, event_type, provider_subscription_id, raw_body, attempts, resolved_at FROM premium.payment_dead_letters WHERE event_id = $1',
        [eventId],
      )
    ).rows[0];

  beforeAll(async () => {
    prefix = `prem-${randomBytes(4).toString('hex')}`;
    gateway = await createGatewayApp(testConfig({ REDIS_PREFIX: prefix, REDIS_URL, DATABASE_URL, WEB_DIST_DIR: makeWebDist(), PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET }));
    await gateway.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
    http = gateway.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    config = parseConfig(ConfigSchema, {
      DATABASE_URL,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      DEVICE_ID_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: baseUrl,
      PREMIUM_JOBS: 'false',
    });
    ({ app: premium } = await startService({ service: 'premium', module: AppModule.register(config), config, handleSignals: false }));
    jobs = premium.get(PremiumJobs);
    redis = new Redis(REDIS_URL);
    pg = new Client({ connectionString: DATABASE_URL });
    await pg.connect();
    rpc = new RpcClient({ redisUrl: REDIS_URL, prefix });
  });

  afterAll(async () => {
    await gateway?.close();
    await premium?.close();
    await rpc?.close();
    await pg?.end();
    const keys = redis ? await redis.keys(`${prefix}:*`) : [];
    if (keys.length) await redis.del(...keys);
    await redis?.quit();
  });

  it('a new user is not premium, and subscribing returns the simulator checkout that charges ₹200 a month', async () => {
    const user = await newUser();
    const device = fingerprint('Firefox on Windows');
    const before = await status(user.token, device);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ success: true, is_premium: false, device_allowed: true, device_check_reason: null, subscription: null, user: { user_id: user.userId, is_premium: false, premium_expires_at: null } });
    expect(before.body.user.username).toMatch(/^tester/);

    const started = await subscribe(user.token, device);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ success: true, error: null });
    expect(started.body.payment_url).toMatch(new RegExp(`^${baseUrl}/dev/pay/sub_[A-Za-z0-9]{14}$`));

    const page = await fetch(started.body.payment_url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(CHECKOUT_TEXTS.notice);
    expect(html).toContain('Nivesh Premium Monthly');
    expect(html).toContain('Pay ₹200');
    // The one style element carries the response's CSP nonce.
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(page.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);

    const pending = await status(user.token, device);
    expect(pending.body).toMatchObject({ is_premium: false, subscription: { subscription_id: started.body.order_id, status: 'pending', plan_name: 'Nivesh Premium Monthly' } });
  });

  it('keeps the browser on the address it opened: 127.0.0.1 or localhost alike, to the checkout and back; no other host is trusted', async () => {
    const user = await newUser();
    const device = fingerprint('Safari on macOS');
    const port = new URL(baseUrl).port;
    const subscribeOn = (host: string) =>
      http.inject({ method: 'POST', url: '/api/premium/subscribe', remoteAddress: addressOf(user.token), headers: { authorization: `Bearer ${user.token}`, host }, payload: { plan_id: 'premium_monthly', device_fingerprint: device, ip_address: '203.0.113.9' } });
    // PUBLIC_URL names 127.0.0.1; this browser opened localhost.
    const started = (await subscribeOn(`localhost:${port}`)).json<SubscribeResponse>();
    expect(started.payment_url).toMatch(new RegExp(`^http://localhost:${port}/dev/pay/sub_[A-Za-z0-9]{14}$`));
    const providerId = new URL(started.payment_url!).pathname.split('/').pop()!;
    const paid = await fetch(`${baseUrl}/dev/pay/${providerId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toMatch(new RegExp(`^http://localhost:${port}/payment/success\\?subscription_id=`));
    // A Host header naming another site is not believed: the links use premium's PUBLIC_URL.
    const other = await newUser();
    const spoofed = await http.inject({
      method: 'POST',
      url: '/api/premium/subscribe',
      remoteAddress: addressOf(other.token),
      headers: { authorization: `Bearer ${other.token}`, host: 'evil.example' },
      payload: { plan_id: 'premium_monthly', device_fingerprint: device, ip_address: '203.0.113.9' },
    });
    expect(spoofed.json<SubscribeResponse>().payment_url).toMatch(new RegExp(`^${baseUrl}/dev/pay/`));
  });

  it('Pay on the checkout delivers signed webhooks through the queue: premium is active for a month, and login and /me see it', async () => {
    const bought = await buyPremium();
    const answer = await status(bought.token, bought.device);
    expect(answer.body).toMatchObject({ is_premium: true, device_allowed: true, subscription: { status: 'active' } });
    const expires = new Date(answer.body.subscription!.expires_at!);
    expect(expires.getTime() - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(expires.getTime() - Date.now()).toBeLessThan(32 * 86_400_000);
    expect(answer.body.user.premium_expires_at).toBe(answer.body.subscription!.expires_at);

    // What auth asks when it answers login-verify and /me.
    await expect(rpc.call(PREMIUM.entitlement, { user_id: bought.userId })).resolves.toEqual({ is_premium: true, premium_expires_at: answer.body.subscription!.expires_at });
    // What auth asks for a page of the admin's user list: one entry per id, in the order asked.
    const stranger = randomUUID();
    const none = { user_id: stranger, is_premium: false, premium_expires_at: null };
    await expect(rpc.call(PREMIUM.entitlements, { user_ids: [stranger, bought.userId, stranger] })).resolves.toEqual({
      entitlements: [none, { user_id: bought.userId, is_premium: true, premium_expires_at: answer.body.subscription!.expires_at }, none],
    });
    await expect(rpc.call(PREMIUM.entitlements, { user_ids: [] })).resolves.toEqual({ entitlements: [] });
    const audit = await auditOf(bought.subscriptionId);
    expect(audit.map((row) => row.to_status)).toEqual(['created', 'pending_payment', 'active']);
    expect(audit[2]!.cause).toMatch(/^webhook /);

    // A second press on the same page (or the back button) charges nothing more.
    const again = await fetch(`${baseUrl}/dev/pay/${bought.providerId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.headers.get('location')).toContain('/payment/success');
    expect(await auditOf(bought.subscriptionId)).toHaveLength(3);

    // Subscribing again while premium is paid for sells nothing.
    const twice = await subscribe(bought.token, bought.device);
    expect(twice.body).toMatchObject({ success: false, payment_url: null, error: expect.stringContaining('You already have Premium') });
  });

  it('Fail on the checkout leads to the failure page and leaves the user without premium', async () => {
    const user = await newUser();
    const device = fingerprint('Safari on iPhone');
    const started = await subscribe(user.token, device);
    const providerId = new URL(started.body.payment_url!).pathname.split('/').pop()!;
    const failed = await fetch(`${baseUrl}/dev/pay/${providerId}/fail`, { method: 'POST', redirect: 'manual' });
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toMatch(/\/payment\/failure\?subscription_id=.+&reason=/);
    const answer = await until(() => status(user.token, device), (value) => value.body.subscription?.status === 'failed', 3_000);
    expect(answer.body.is_premium).toBe(false);
  });

  it('a webhook with a tampered body, a wrong secret or no signature is refused with 401 and changes nothing', async () => {
    const user = await newUser();
    const started = await subscribe(user.token, fingerprint('Edge'));
    const providerId = new URL(started.body.payment_url!).pathname.split('/').pop()!;
    const now = new Date();
    const raw = webhook('subscription.activated', providerId, { start: now, end: new Date(now.getTime() + 30 * 86_400_000) });
    const tampered = Buffer.from(raw.toString('utf8').replace('"paid_count":1', '"paid_count":9'), 'utf8');
    for (const response of [
      await deliver(tampered, { signature: signWebhookBody(raw, WEBHOOK_SECRET) }),
      await deliver(raw, { secret: 'a-different-secret-entirely' }),
      await deliver(raw, { signature: '' }),
      await deliver(raw, { signature: 'not hex at all' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ detail: 'The webhook signature is missing or does not match.' });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await auditOf(started.body.order_id!)).toHaveLength(2);

    const valid = await deliver(raw);
    expect(valid.statusCode).toBe(200);
    await until(() => subscriptionRow(started.body.order_id!), (row) => row.status === 'active');
    expect((await subscriptionRow(started.body.order_id!)).status).toBe('active');
  });

  it('1,000 copies of one event make exactly one state change', async () => {
    const user = await newUser();
    const started = await subscribe(user.token, fingerprint('Opera'));
    const providerId = new URL(started.body.payment_url!).pathname.split('/').pop()!;
    const now = new Date();
    const raw = webhook('subscription.charged', providerId, { start: now, end: new Date(now.getTime() + 30 * 86_400_000) });
    const eventId = `evt_storm_${randomUUID()}`;
    for (let batch = 0; batch < 20; batch += 1) {
      const responses = await Promise.all(Array.from({ length: 50 }, () => deliver(raw, { eventId })));
      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    }
    await until(() => subscriptionRow(started.body.order_id!), (row) => row.status === 'active');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const changes = (await auditOf(started.body.order_id!)).filter((row) => row.provider_event_id === eventId);
    expect(changes).toHaveLength(1);
    const stored = await pg.query('SELECT count(*)::int AS n FROM premium.provider_events WHERE event_id = $1', [eventId]);
    expect(stored.rows[0].n).toBe(1);
  });

  it('events out of order: a late payment.failed never ends an active subscription, a late activation moves nothing back', async () => {
    const user = await newUser();
    const started = await subscribe(user.token, fingerprint('Brave'));
    const providerId = new URL(started.body.payment_url!).pathname.split('/').pop()!;
    const start = new Date();
    const period = { start, end: new Date(start.getTime() + 30 * 86_400_000) };
    const later = { start: period.end, end: new Date(period.end.getTime() + 30 * 86_400_000) };
    // The renewal's charge arrives first, then the first activation, then a stale failure.
    expect((await deliver(webhook('subscription.charged', providerId, later))).statusCode).toBe(200);
    await until(() => subscriptionRow(started.body.order_id!), (row) => row.status === 'active');
    expect((await deliver(webhook('subscription.activated', providerId, period))).statusCode).toBe(200);
    const lateFailure = {
      entity: 'event',
      account_id: 'acc_test',
      event: 'payment.failed',
      contains: ['payment'],
      payload: { payment: { entity: { id: 'pay_late', entity: 'payment', status: 'failed', subscription_id: providerId } } },
      created_at: Math.floor(Date.now() / 1000),
    };
    expect((await deliver(Buffer.from(JSON.stringify(lateFailure), 'utf8'))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const row = await subscriptionRow(started.body.order_id!);
    expect(row.status).toBe('active');
    expect(row.current_period_end?.toISOString()).toBe(new Date(Math.floor(later.end.getTime() / 1000) * 1000).toISOString());
  });

  it('a webhook for a subscription not stored yet is retried from the queue until it applies', async () => {
    const providerId = `sub_${randomBytes(7).toString('hex')}`;
    const now = new Date();
    expect((await deliver(webhook('subscription.activated', providerId, { start: now, end: new Date(now.getTime() + 30 * 86_400_000) }))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The subscription is written after the webhook arrived.
    const subscriptionId = randomUUID();
    await pg.query(
      `INSERT INTO premium.subscriptions (id, user_id, plan_id, status, provider, provider_subscription_id, cancel_at_period_end, created_at, updated_at)
       VALUES ($1, $2, 'premium_monthly', 'pending_payment', 'simulator', $3, false, now(), now())`,
      [subscriptionId, randomUUID(), providerId],
    );
    const row = await until(() => subscriptionRow(subscriptionId), (value) => value.status === 'active', 20_000);
    expect(row.status).toBe('active');
  });

  it('a webhook for a subscription not stored yet waits in the dead-letter table, and is resolved there once a retry applies it', async () => {
    const providerId = `sub_${randomBytes(7).toString('hex')}`;
    const eventId = `evt_late_${randomUUID()}`;
    const now = new Date();
    expect((await deliver(webhook('subscription.activated', providerId, { start: now, end: new Date(now.getTime() + 30 * 86_400_000) }), { eventId })).statusCode).toBe(200);
    const waiting = await until(() => deadLetterRow(eventId), (letter) => letter !== undefined);
    expect(waiting).toMatchObject({ reason: 'unknown_subscription', event_type: 'subscription.activated', provider_subscription_id: providerId, resolved_at: null });
    expect(waiting!.detail).toContain(`provider id ${providerId} (yet); trying again`);

    const subscriptionId = randomUUID();
    await pg.query(
      `INSERT INTO premium.subscriptions (id, user_id, plan_id, status, provider, provider_subscription_id, cancel_at_period_end, created_at, updated_at)
       VALUES ($1, $2, 'premium_monthly', 'pending_payment', 'simulator', $3, false, now(), now())`,
      [subscriptionId, randomUUID(), providerId],
    );
    await until(() => subscriptionRow(subscriptionId), (value) => value.status === 'active', 20_000);
    const resolved = await until(() => deadLetterRow(eventId), (letter) => letter?.resolved_at != null);
    expect(resolved?.resolved_at).toBeInstanceOf(Date);
    expect(resolved?.attempts).toBeGreaterThanOrEqual(1);
  });

  it('a correctly signed subscription.halted created an hour before the activation leaves the subscription active: recorded as stale, and a replay deduplicates', async () => {
    const bought = await buyPremium(fingerprint('Stale halt laptop'));
    const activatedAt = Math.floor(Date.now() / 1000);
    const staleId = `evt_stale_halt_${randomUUID()}`;
    const stale = webhook('subscription.halted', bought.providerId, undefined, activatedAt - 3_600);
    expect((await deliver(stale, { eventId: staleId })).statusCode).toBe(200);
    const recorded = await until(() => providerEventRow(staleId), (row) => row !== undefined);
    expect(recorded).toMatchObject({ outcome: 'stale', detail: expect.stringMatching(/^Out of date: this halt was sent at .+, before the provider event of .+ that the subscription's current state comes from\.$/) });
    expect(await subscriptionRow(bought.subscriptionId)).toMatchObject({ status: 'active' });
    expect((await status(bought.token, bought.device)).body).toMatchObject({ is_premium: true, subscription: { status: 'active' } });
    expect((await auditOf(bought.subscriptionId)).map((row) => row.to_status)).toEqual(['created', 'pending_payment', 'active']);

    // The same event again (under its id) is a duplicate; nothing else is written.
    expect((await deliver(stale, { eventId: staleId })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await pg.query('SELECT count(*)::int AS n FROM premium.provider_events WHERE event_id = $1', [staleId])).rows[0].n).toBe(1);
    expect(await subscriptionRow(bought.subscriptionId)).toMatchObject({ status: 'active' });

    // A halt sent after the activation does end it: the paid period runs to its end, with no renewal.
    const freshId = `evt_fresh_halt_${randomUUID()}`;
    expect((await deliver(webhook('subscription.halted', bought.providerId, undefined, activatedAt + 60), { eventId: freshId })).statusCode).toBe(200);
    await until(() => subscriptionRow(bought.subscriptionId), (row) => row.status === 'cancelled_at_period_end');
    expect(await providerEventRow(freshId)).toMatchObject({ outcome: 'applied' });
    expect((await status(bought.token, bought.device)).body).toMatchObject({ is_premium: true, subscription: { status: 'cancelled' } });
  });

  it('a signed event that does not parse and an event for an unknown subscription are kept as dead letters and shown, with their reason, on the admin status answer', async () => {
    // A format change at the provider: the subscription entity's id is now called subscription_id.
    const changed = JSON.parse(webhook('subscription.halted', `sub_${randomBytes(7).toString('hex')}`).toString('utf8'));
    changed.payload.subscription.entity.subscription_id = changed.payload.subscription.entity.id;
    delete changed.payload.subscription.entity.id;
    const unreadable = Buffer.from(JSON.stringify(changed), 'utf8');
    const unreadableId = `evt_unreadable_${randomUUID()}`;
    expect((await deliver(unreadable, { eventId: unreadableId })).statusCode).toBe(200);

    const strangerId = `sub_${randomBytes(7).toString('hex')}`;
    const unknownId = `evt_unknown_${randomUUID()}`;
    expect((await deliver(webhook('subscription.charged', strangerId), { eventId: unknownId })).statusCode).toBe(200);

    const kept = await until(() => deadLetterRow(unreadableId), (letter) => letter !== undefined);
    expect(kept).toMatchObject({ reason: 'unreadable', event_type: 'subscription.halted', raw_body: unreadable.toString('utf8'), resolved_at: null });
    expect(kept!.detail).toMatch(/^The body is not an event we can read: .*payload\.subscription\.entity\.id/);
    const waiting = await until(() => deadLetterRow(unknownId), (letter) => letter !== undefined);
    expect(waiting).toMatchObject({ reason: 'unknown_subscription', event_type: 'subscription.charged', provider_subscription_id: strangerId });

    // The administrators' system status, through the gateway: the count and the newest, in words, never the body.
    const admin = await newUser(true);
    const answer = await http.inject({ method: 'GET', url: '/api/system/status', remoteAddress: addressOf(admin.token), headers: { authorization: `Bearer ${admin.token}` } });
    expect(answer.statusCode).toBe(200);
    const body = SystemStatusResponseSchema.parse(answer.json());
    const letters = body.payment_dead_letters!;
    expect(letters.total).toBeGreaterThanOrEqual(2);
    const byId = new Map(letters.latest.map((letter) => [letter.event_id, letter]));
    expect(byId.get(unreadableId)).toMatchObject({ reason: 'unreadable', event_type: 'subscription.halted', attempts: 1, detail: kept!.detail });
    expect(byId.get(unknownId)).toMatchObject({ reason: 'unknown_subscription', event_type: 'subscription.charged', detail: expect.stringContaining(strangerId) });
    expect(new Date(byId.get(unknownId)!.received_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(answer.body).not.toContain('"payload"');
    // Not for anyone else.
    const user = await newUser();
    expect((await http.inject({ method: 'GET', url: '/api/system/status', remoteAddress: addressOf(user.token), headers: { authorization: `Bearer ${user.token}` } })).statusCode).toBe(403);
  });

  it('reconciliation asks the provider about a checkout whose webhooks never came, and activates it', async () => {
    const user = await newUser();
    const device = fingerprint('Vivaldi');
    const started = await subscribe(user.token, device);
    const providerId = new URL(started.body.payment_url!).pathname.split('/').pop()!;
    // The provider took the money, but its webhooks were lost: only its own record says so.
    const ledger = new RedisSimulatorLedger(redis, prefix);
    const record = (await ledger.get(providerId))!;
    const paidAt = Math.floor(Date.now() / 1000);
    await ledger.put({ ...record, status: 'active', currentStart: paidAt, currentEnd: paidAt + 30 * 86_400, paidCount: 1 });

    expect(await jobs.reconcile(new Date())).toMatchObject({ applied: 0 });
    expect(await jobs.reconcile(new Date(Date.now() + RECONCILE_AFTER_MS + 60_000))).toMatchObject({ applied: 1 });
    expect((await status(user.token, device)).body).toMatchObject({ is_premium: true, subscription: { status: 'active' } });
    const audit = await auditOf(started.body.order_id!);
    expect(audit.at(-1)).toMatchObject({ to_status: 'active', cause: 'reconciliation activated' });
  });

  it('cancel keeps premium to the end of the paid period, tells the provider, and the expiry job ends it after', async () => {
    const bought = await buyPremium(fingerprint('Chrome on Android'));
    const cancelled = await api<CancelResponse>('POST', '/api/premium/cancel', bought.token, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.success).toBe(true);
    expect(cancelled.body.message).toMatch(/^Your subscription is cancelled and will not renew\. Premium stays active until \d{1,2} [A-Z][a-z]{2,3} \d{4}\.$/);
    const answer = await status(bought.token, bought.device);
    expect(answer.body).toMatchObject({ is_premium: true, subscription: { status: 'cancelled', expires_at: cancelled.body.premium_expires_at } });

    // The provider is told through the retried job: the simulator's record stops renewing.
    const ledger = new RedisSimulatorLedger(redis, prefix);
    const record = await until(() => ledger.get(bought.providerId), (value) => value?.cancelAtCycleEnd === true);
    expect(record?.cancelAtCycleEnd).toBe(true);

    expect(await jobs.expire(new Date())).toEqual({ expired: 0 });
    const periodEnd = new Date(cancelled.body.premium_expires_at!);
    expect((await jobs.expire(new Date(periodEnd.getTime() + 1_000))).expired).toBeGreaterThanOrEqual(1);
    expect((await subscriptionRow(bought.subscriptionId)).status).toBe('expired');

    const again = await api<CancelResponse>('POST', '/api/premium/cancel', bought.token, {});
    expect(again.body).toMatchObject({ success: false, message: 'You have no subscription to cancel.' });
  });

  it('one device at a time: another device sees the conflict, can take premium over, and the first learns at its next check', async () => {
    const bought = await buyPremium(fingerprint('Laptop'));
    // The same browser on another day is the same device: the timestamp does not count.
    expect((await status(bought.token, fingerprint('Laptop', Date.now() + 86_400_000))).body.device_allowed).toBe(true);

    const phone = fingerprint('Phone');
    const conflict = await status(bought.token, phone);
    expect(conflict.body).toMatchObject({
      is_premium: true,
      device_allowed: false,
      device_check_reason: DEVICE_MESSAGES.inUseElsewhere,
      device_check: { allowed: false, logout_message: null },
    });

    const moved = await api<PremiumStatusResponse>('POST', '/api/premium/device', bought.token, { device_fingerprint: phone, ip_address: 'unknown' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ is_premium: true, device_allowed: true });
    const laptop = await status(bought.token, bought.device);
    expect(laptop.body).toMatchObject({ is_premium: true, device_allowed: false, device_check: { logout_message: DEVICE_MESSAGES.movedAwayLogout } });
    expect(laptop.body.device_check_reason).toMatch(/^Premium was moved to another device on /);

    // Two devices taking premium at the same moment: exactly one wins. The moment is made certain: the claim row is
    // locked here until both moves have read the holder and wait to write it.
    const [tablet, desktop] = [fingerprint('Tablet'), fingerprint('Desktop')];
    await pg.query('BEGIN');
    await pg.query('SELECT 1 FROM premium.device_claims WHERE user_id = $1 FOR UPDATE', [bought.userId]);
    const racing = Promise.all([tablet, desktop].map((device) => api('POST', '/api/premium/device', bought.token, { device_fingerprint: device, ip_address: 'unknown' })));
    const waiting = async () => {
      await pg.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await pg.query<{ count: string }>(
        `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'UPDATE%device_claims%'`,
      );
      return Number(rows[0]!.count);
    };
    expect(await until(waiting, (count) => count === 2)).toBe(2);
    await pg.query('COMMIT');
    const race = await racing;
    expect(race.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(race.find((response) => response.status === 409)?.body.detail).toBe(DEVICE_MESSAGES.lostRace);
    const allowed = await Promise.all([tablet, desktop].map(async (device) => (await status(bought.token, device)).body.device_allowed));
    expect(allowed.filter(Boolean)).toHaveLength(1);
  });

  it('a user without premium cannot move it, and bad input gets a 4xx with a sentence', async () => {
    const user = await newUser();
    const move = await api('POST', '/api/premium/device', user.token, { device_fingerprint: fingerprint('Nothing'), ip_address: 'unknown' });
    expect(move.status).toBe(403);
    expect(move.body.detail).toBe('There is no active premium on this account to move to this device.');
    const unknownPlan = await api('POST', '/api/premium/subscribe', user.token, { plan_id: 'premium_lifetime', device_fingerprint: fingerprint('X'), ip_address: 'unknown' });
    expect(unknownPlan.status).toBe(404);
    expect(unknownPlan.body.detail).toBe('This plan is not available. Please choose a plan on the premium page.');
    const noDevice = await api('POST', '/api/premium/subscribe', user.token, { plan_id: 'premium_monthly', device_fingerprint: '', ip_address: 'unknown' });
    expect(noDevice.status).toBe(400);
    const anonymous = await http.inject({ method: 'GET', url: '/api/premium/status?device_fingerprint=x' });
    expect(anonymous.statusCode).toBe(401);
    const unknownPage = await fetch(`${baseUrl}/dev/pay/sub_doesnotexist00`);
    expect(unknownPage.status).toBe(404);
    expect(await unknownPage.text()).toContain(CHECKOUT_TEXTS.notFound);
  });

  it('premium tools (the 30-day forecast) are gated in the gateway: 401 for a visitor, 403 with the reason for a free user or another device', async () => {
    const tool = PREMIUM_TOOLS.trendvisionLongHorizon.name;
    const longForecast = (headers: Record<string, string>, remoteAddress: string) =>
      http.inject({ method: 'POST', url: '/predict', remoteAddress, headers, payload: { ticker: 'INFY', horizon_days: 30 } });

    const visitor = await longForecast({}, '198.51.100.201');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().detail).toContain(tool);

    const free = await newUser();
    const refused = await longForecast({ authorization: `Bearer ${free.token}`, [DEVICE_FINGERPRINT_HEADER]: fingerprint('Free laptop') }, addressOf(free.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(TOOL_MESSAGES.notPremium(tool));

    const bought = await buyPremium(fingerprint('Premium laptop'));
    const other = await longForecast({ authorization: `Bearer ${bought.token}`, [DEVICE_FINGERPRINT_HEADER]: fingerprint('Premium phone') }, addressOf(bought.token));
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe(TOOL_MESSAGES.otherDevice(tool, DEVICE_MESSAGES.inUseElsewhere));

    // What the gate asks premium: yes on the device that holds premium, no without a fingerprint to check.
    const caller = { user_id: bought.userId, session_id: 'session', is_admin: false };
    const access = (device?: string) => rpc.call(PREMIUM.toolAccess, { caller, tool: 'trendvisionLongHorizon', device_fingerprint: device });
    expect(await access(bought.device)).toEqual({ allowed: true, reason: null });
    expect(await access()).toEqual({ allowed: false, reason: TOOL_MESSAGES.noDevice(tool) });
  });

  it('RSI alerts and the portfolio what-if go through the same gate; price alerts are for everyone logged in', async () => {
    const rsiAlert = { symbol: 'INFY', rule: { kind: 'rsi_cross', params: { level: 70, direction: 'above' } } };
    const priceAlert = { symbol: 'INFY', rule: { kind: 'price_above', params: { level: 2000 } } };
    const free = await newUser();
    const freeHeaders = { authorization: `Bearer ${free.token}`, [DEVICE_FINGERPRINT_HEADER]: fingerprint('Free laptop') };
    const rsi = await http.inject({ method: 'POST', url: '/api/portfolio/alerts', remoteAddress: addressOf(free.token), headers: freeHeaders, payload: rsiAlert });
    expect(rsi.statusCode).toBe(403);
    expect(rsi.json().detail).toBe(TOOL_MESSAGES.notPremium(PREMIUM_TOOLS.indicatorAlerts.name));
    const whatIf = await http.inject({ method: 'GET', url: '/api/portfolio/what-if', remoteAddress: addressOf(free.token), headers: freeHeaders });
    expect(whatIf.statusCode).toBe(403);
    expect(whatIf.json().detail).toBe(TOOL_MESSAGES.notPremium(PREMIUM_TOOLS.portfolioWhatIf.name));
    // Past the gate, the call goes on to the portfolio service (not running in this file: 503, not a refusal).
    const price = await http.inject({ method: 'POST', url: '/api/portfolio/alerts', remoteAddress: addressOf(free.token), headers: freeHeaders, payload: priceAlert });
    expect(price.statusCode).toBe(503);
    const bought = await buyPremium(fingerprint('Alerts laptop'));
    const premiumRsi = await http.inject({
      method: 'POST',
      url: '/api/portfolio/alerts',
      remoteAddress: addressOf(bought.token),
      headers: { authorization: `Bearer ${bought.token}`, [DEVICE_FINGERPRINT_HEADER]: bought.device },
      payload: rsiAlert,
    });
    expect(premiumRsi.statusCode).toBe(503);
  });
});
