import { devMailboxKey, DomainError } from '@nivesh/proto';
import { startTestGateway, type TestGateway } from '../../test/test-app';

const mail = (n: number, to: string) =>
  JSON.stringify({ id: `m${n}`, received_at: new Date(1_700_000_000_000 + n).toISOString(), from: 'no-reply@nivesh.local', to: [to], subject: `Code ${n}`, text: `Your code is 00000${n}`, html: '' });

describe('development mailbox and service rate limits', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
    const key = devMailboxKey(gw.config.REDIS_PREFIX);
    // The sink pushes to the head: the last pushed is the newest.
    await gw.redis.lpush(key, mail(1, 'asha@example.com'), mail(2, 'ravi@example.com'), mail(3, 'Asha@Example.com'));
  });

  afterAll(async () => {
    await gw.redis.del(devMailboxKey(gw.config.REDIS_PREFIX));
    await gw.close();
  });

  it('lists what the SMTP sink received, newest first', async () => {
    const response = await gw.fastify.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().messages.map((m: { id: string }) => m.id)).toEqual(['m3', 'm2', 'm1']);
  });

  it('filters by recipient, ignoring case', async () => {
    const response = await gw.fastify.inject({ method: 'GET', url: '/dev/mailbox?to=asha@example.com' });
    expect(response.json().messages.map((m: { id: string }) => m.id)).toEqual(['m3', 'm1']);
  });

  it('answers only clients on this machine; others get the 404 of an unknown path', async () => {
    const from = (remoteAddress: string) => gw.fastify.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
    for (const loopback of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const response = await from(loopback);
      expect(response.statusCode).toBe(200);
      expect(response.json().messages).toHaveLength(3);
    }
    for (const remote of ['192.168.1.23', '10.0.0.5', '::ffff:192.168.1.23', 'fe80::1', '128.0.0.1']) {
      const response = await from(remote);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found' });
      expect(response.body).not.toContain('Your code');
    }
  });

  it('is not fooled by a forwarded-for address behind a trusted proxy', async () => {
    const proxied = await startTestGateway({ TRUST_PROXY: 'true' });
    try {
      const via = (remoteAddress: string, forwarded: string) =>
        proxied.fastify.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress, headers: { 'x-forwarded-for': forwarded } });
      // A remote client claiming to be loopback, passed on by a proxy on this machine or elsewhere.
      expect((await via('127.0.0.1', '127.0.0.1, 192.168.1.23')).statusCode).toBe(404);
      expect((await via('192.168.1.23', '127.0.0.1')).statusCode).toBe(404);
      expect((await via('127.0.0.1', '127.0.0.1')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('is not served in production', async () => {
    const production = await startTestGateway({ NODE_ENV: 'production' });
    try {
      const response = await production.fastify.inject({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it("turns a service's rate_limited error into 429 with Retry-After", async () => {
    gw.rpc.on('auth.resendOtp', async () => {
      throw new DomainError('rate_limited', 'Please wait before requesting another code.', { retry_after_seconds: 27.2 });
    });
    const response = await gw.fastify.inject({
      method: 'POST',
      url: '/resend-otp',
      payload: { email: 'asha@example.com', otp_type: 'login' },
      remoteAddress: '10.9.9.9',
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('28');
    expect(response.json()).toEqual({ detail: 'Please wait before requesting another code.', code: 'rate_limited' });
  });

  it('sends Retry-After on every 429, the one-minute window when the service names no wait', async () => {
    gw.rpc.on('auth.resendOtp', async () => {
      throw new DomainError('rate_limited', 'Too many requests. Please try again later.');
    });
    const response = await gw.fastify.inject({
      method: 'POST',
      url: '/resend-otp',
      payload: { email: 'asha@example.com', otp_type: 'login' },
      remoteAddress: '10.9.9.10',
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('60');
  });
});
