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
});
