import { startTestGateway, type TestGateway } from '../../test/test-app';

describe('rate limiting', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '5' });
  });

  afterAll(async () => {
    await gw.close();
  });

  const ping = (remoteAddress: string) => gw.fastify.inject({ method: 'GET', url: '/api/system/ping', remoteAddress });

  it('answers 429 with Retry-After once an IP spends its budget across the API', async () => {
    for (let i = 0; i < 5; i += 1) expect((await ping('192.0.2.1')).statusCode).toBe(200);
    const limited = await ping('192.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'Too many requests. Please try again later.', code: 'rate_limited' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The budget is per API, not per route: another route is limited too.
    const other = await gw.fastify.inject({ method: 'POST', url: '/chat/sentiment/start', payload: {}, remoteAddress: '192.0.2.1' });
    expect(other.statusCode).toBe(429);
    // Another client is unaffected.
    expect((await ping('192.0.2.2')).statusCode).toBe(200);
  });

  it('applies a route’s own, tighter limit', async () => {
    const big = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const body = { username: 'asha_k', password: 'whatever1', otp: '123456' };
      const login = () => big.fastify.inject({ method: 'POST', url: '/auth/login', payload: body, remoteAddress: '198.51.100.7' });
      for (let i = 0; i < 10; i += 1) expect((await login()).statusCode).toBe(200);
      const limited = await login();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      // The rest of the API still answers that client.
      expect((await big.fastify.inject({ method: 'GET', url: '/api/system/ping', remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
    } finally {
      await big.close();
    }
  });

  it('shares one budget between gateway instances, taken from Redis a twentieth at a time', async () => {
    const first = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '200' });
    const second = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '200', REDIS_PREFIX: first.config.REDIS_PREFIX });
    try {
      let answered = 0;
      for (let i = 0; i < 300; i += 1) {
        const gateway = i % 2 === 0 ? first : second;
        const response = await gateway.fastify.inject({ method: 'GET', url: '/api/system/ping', remoteAddress: '198.51.100.20' });
        if (response.statusCode === 200) answered += 1;
        else expect(response.statusCode).toBe(429);
      }
      // Never more than the budget; short of it by at most the lease (10 points) each instance holds unspent.
      expect(answered).toBeLessThanOrEqual(200);
      expect(answered).toBeGreaterThanOrEqual(180);
      expect(Number(await first.redis.get(`${first.config.REDIS_PREFIX}:rl:198.51.100.20`))).toBeLessThanOrEqual(210);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('keeps its counters in Redis under the configured prefix', async () => {
    await ping('192.0.2.50');
    expect(await gw.redis.exists(`${gw.config.REDIS_PREFIX}:rl:192.0.2.50`)).toBe(1);
  });

  it('honours X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const spoof = (forwarded: string) =>
      gw.fastify.inject({ method: 'GET', url: '/api/system/ping', remoteAddress: '192.0.2.9', headers: { 'x-forwarded-for': forwarded } });
    for (let i = 0; i < 5; i += 1) expect((await spoof(`203.0.113.${i}`)).statusCode).toBe(200);
    expect((await spoof('203.0.113.99')).statusCode).toBe(429);

    const proxied = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'true' });
    try {
      const viaProxy = (client: string) =>
        proxied.fastify.inject({ method: 'GET', url: '/api/system/ping', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });
      expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
      expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
      expect((await viaProxy('203.0.113.1')).statusCode).toBe(429);
      expect((await viaProxy('203.0.113.2')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
