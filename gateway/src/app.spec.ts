import { AUTH, DomainError, ERROR_CODES, HTTP_STATUS, QUEUES, ROUTES, type RouteDefinition } from '@nivesh/proto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { connect } from 'node:net';
import { CLOSING_DETAIL, createGatewayApp } from './app';
import { FakePostgres, FakeRpc, mintToken, startTestGateway, testConfig, type TestGateway } from '../test/test-app';

const validRegistration = { username: 'asha_k', email: 'asha@example.com', password: 'secret123' };

describe('gateway app', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
  });

  afterAll(async () => {
    await gw.close();
  });

  beforeEach(() => {
    gw.rpc.reset();
    gw.postgres.up = true;
  });

  let clients = 0;
  // Each request from its own address, so per-route rate limits stay out of the way here.
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    gw.fastify.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: `10.0.${Math.floor(++clients / 250)}.${clients % 250}` });

  describe('routes', () => {
    it.each(Object.entries(ROUTES) as Array<[string, RouteDefinition]>)('mounts %s at its method and path', (_name, route) => {
      expect(gw.fastify.hasRoute({ method: route.method, url: route.path })).toBe(true);
    });

    it('forwards a valid body to the owning service with the request id as correlation id', async () => {
      const response = await post('/register-request-otp', validRegistration, { 'x-request-id': 'req-abc_123' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ forwarded: 'auth.registerRequestOtp' });
      expect(gw.rpc.lastCall('auth.registerRequestOtp')).toEqual({
        pattern: 'auth.registerRequestOtp',
        payload: validRegistration,
        options: { correlationId: 'req-abc_123' },
      });
    });

    it('queues a visitor page view before answering 202, with a daily visitor hash in place of the address', async () => {
      const connection = gw.redis.duplicate();
      const queue = new Queue(QUEUES.visitorHeartbeats.name, { connection, prefix: `${gw.config.REDIS_PREFIX}:bull` });
      try {
        const response = await gw.fastify.inject({
          method: 'POST',
          url: '/api/visitor/track',
          payload: { session_id: 'v_1700000000_abc', page_url: '/dashboard', page_load_time: 420, referrer: 'https://www.google.com/' },
          remoteAddress: '203.0.113.77',
          headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/128.0' },
        });
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ accepted: true });
        expect(gw.rpc.calls).toHaveLength(0);
        const queuedEvents = async () => (await queue.getJobs(['waiting', 'prioritized', 'delayed'])).flatMap((queued) => (queued.name === 'batch' ? queued.data.heartbeats : []) as Array<Record<string, unknown>>);
        const [event] = (await queuedEvents()).filter((queued) => queued.session_id === 'v_1700000000_abc');
        expect(event).toMatchObject({ page_url: '/dashboard', referrer: 'google.com', page_load_time: 420, event_id: expect.stringMatching(/^[0-9a-f-]{36}$/), visitor_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
        expect(JSON.stringify(event)).not.toContain('203.0.113.77');
        // The same browser and address the same day is the same visitor; another address is another.
        const again = await gw.fastify.inject({ method: 'POST', url: '/api/visitor/track', payload: { session_id: 'v_1700000000_abc', page_url: '/chat', session_duration: 30_000 }, remoteAddress: '203.0.113.77', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/128.0' } });
        const other = await gw.fastify.inject({ method: 'POST', url: '/api/visitor/track', payload: { session_id: 'v_1700000000_xyz', page_url: '/chat' }, remoteAddress: '203.0.113.78', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/128.0' } });
        expect([again.statusCode, other.statusCode]).toEqual([202, 202]);
        const events = await queuedEvents();
        const idOf = (session: string, page: string) => events.find((queued) => queued.session_id === session && queued.page_url === page)?.visitor_id;
        expect(idOf('v_1700000000_abc', '/chat')).toBe(event?.visitor_id);
        expect(idOf('v_1700000000_xyz', '/chat')).not.toBe(event?.visitor_id);
      } finally {
        await queue.close();
        connection.disconnect();
      }
    });

    it('refuses a visitor event without a session id with a sentence, and queues nothing for it', async () => {
      const response = await post('/api/visitor/track', { page_url: '/dashboard' });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain('session_id');
    });

    it('accepts a beacon sent as text/plain JSON', async () => {
      const response = await gw.fastify.inject({
        method: 'POST',
        url: '/api/visitor/session/end',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ session_id: 'v_1', total_duration: 1000, pages_visited: 2, total_page_views: 3 }),
      });
      expect(response.statusCode).toBe(202);
    });

    it('treats an empty JSON body as an empty object (chat start)', async () => {
      const response = await gw.fastify.inject({ method: 'POST', url: '/chat/sentiment/start', headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(200);
      expect(gw.rpc.lastCall('chat.sentimentStart')).toBeDefined();
    });

    it('validates GET queries and applies their defaults', async () => {
      const ping = await gw.fastify.inject({ method: 'GET', url: '/api/system/ping?service=market' });
      expect(ping.statusCode).toBe(200);
      expect(ping.json()).toEqual({ pong: true, service: 'market', instance: 'fake' });
      expect((await gw.fastify.inject({ method: 'GET', url: '/api/system/ping' })).json()).toMatchObject({ service: 'tracking' });
      const bad = await gw.fastify.inject({ method: 'GET', url: '/api/system/ping?service=nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toMatch(/^service: /);
    });
  });

  describe('validation and malformed requests', () => {
    it('answers an invalid body with 400 naming the field', async () => {
      const response = await post('/register-request-otp', { ...validRegistration, email: 'not-an-email' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: expect.stringMatching(/^email: /), code: 'validation_failed' });
      expect(gw.rpc.calls).toHaveLength(0);
    });

    it('names a missing field', async () => {
      const response = await post('/login-verify-otp', { username: 'asha_k' });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^otp: /);
    });

    it('answers a body that is not an object with 400', async () => {
      const response = await post('/predict', [1, 2, 3]);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^body: /);
    });

    it('answers malformed JSON with 400 {detail}', async () => {
      const response = await gw.fastify.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": "asha",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Malformed JSON body', code: 'bad_request' });
    });

    it('refuses prototype poisoning', async () => {
      const response = await gw.fastify.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__": {"admin": true}, "username": "asha", "password": "x"}',
      });
      expect(response.statusCode).toBe(400);
    });

    it('answers an unsupported content type with 415 {detail}', async () => {
      const response = await gw.fastify.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      expect(response.statusCode).toBe(415);
      expect(typeof response.json().detail).toBe('string');
    });

    it('answers a body over 64 KiB with 413 {detail}', async () => {
      const response = await post('/auth/login', { username: 'asha', password: 'x'.repeat(70 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(typeof response.json().detail).toBe('string');
    });

    it('answers a malformed URL with 400 {detail}', async () => {
      const response = await gw.fastify.inject({ method: 'GET', url: '/api/%E0%A4%A' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(typeof response.json().detail).toBe('string');
    });

    it('answers an unknown API path with a JSON 404', async () => {
      const response = await gw.fastify.inject({ method: 'POST', url: '/api/nothing-here', payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found' });
    });
  });

  describe('errors', () => {
    it.each(ERROR_CODES.map((code) => [code, HTTP_STATUS[code]] as const))('maps %s from a service to HTTP %i', async (code, status) => {
      gw.rpc.on(AUTH.login.pattern, () => {
        throw new DomainError(code, `failure ${code}`);
      });
      const response = await post('/auth/login', { username: 'asha_k', password: 'whatever1', otp: '123456' });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ detail: `failure ${code}`, code });
      if (status >= 500) expect(response.json().correlation_id).toEqual(expect.any(String));
    });

    it('answers a feature not built yet with 501', async () => {
      gw.rpc.on(AUTH.login.pattern, () => {
        throw new DomainError('not_implemented', 'Direct login is not available yet');
      });
      const response = await post('/auth/login', { username: 'asha_k', password: 'whatever1', otp: '123456' });
      expect(response.statusCode).toBe(501);
      expect(response.json()).toEqual({ detail: 'Direct login is not available yet', code: 'not_implemented', correlation_id: response.headers['x-request-id'] });
    });

    it('keeps the correlation id a service sent with an internal error', async () => {
      gw.rpc.on(AUTH.login.pattern, () => {
        throw new DomainError('internal', 'Internal server error', undefined, 'svc-corr-1');
      });
      const response = await post('/auth/login', { username: 'asha_k', password: 'whatever1', otp: '123456' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error', code: 'internal', correlation_id: 'svc-corr-1' });
    });

    it('answers an unexpected error with 500, a correlation id and no internals', async () => {
      gw.rpc.on(AUTH.login.pattern, () => {
        throw new TypeError('secret internals at /srv/app/x.js');
      });
      const response = await post('/auth/login', { username: 'asha_k', password: 'whatever1', otp: '123456' }, { 'x-request-id': 'trace-me' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error', code: 'internal', correlation_id: 'trace-me' });
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('at ');
    });
  });

  describe('request ids', () => {
    it('echoes a sane incoming x-request-id', async () => {
      const response = await gw.fastify.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-DEF_123' } });
      expect(response.headers['x-request-id']).toBe('abc-DEF_123');
    });

    it('replaces an unsafe or oversized one with a fresh uuid', async () => {
      for (const unsafe of ['has spaces', 'x'.repeat(65), 'inject\nheader']) {
        const response = await gw.fastify.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': unsafe.replace('\n', '%0A') } });
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      const none = await gw.fastify.inject({ method: 'GET', url: '/healthz' });
      expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('health, readiness, metrics, docs', () => {
    it('GET /healthz is 200 while the process is up', async () => {
      const response = await gw.fastify.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok' });
    });

    it('GET /readyz is 200 when PostgreSQL, Redis and every service answer', async () => {
      const response = await gw.fastify.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ready',
        checks: { postgres: 'ok', redis: 'ok', auth: 'ok', premium: 'ok', chat: 'ok', prediction: 'ok', tracking: 'ok', market: 'ok', portfolio: 'ok', content: 'ok' },
      });
      expect(gw.rpc.lastCall('chat.health')?.options).toEqual({ deadlineMs: 1_500 });
    });

    it('GET /readyz is 503 naming what failed when a service or PostgreSQL does not answer', async () => {
      gw.rpc.on('prediction.health', () => {
        throw new DomainError('service_unavailable', 'The prediction service is unavailable.');
      });
      gw.postgres.up = false;
      const response = await gw.fastify.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not_ready',
        detail: 'Not ready',
        checks: { postgres: 'failed', redis: 'ok', prediction: 'failed', auth: 'ok' },
      });
    });

    it('GET /metrics exposes request and RPC metrics in Prometheus format', async () => {
      await post('/api/nothing', {});
      await gw.fastify.inject({ method: 'GET', url: '/api/system/ping?service=auth' });
      const response = await gw.fastify.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toContain('# TYPE http_requests_total counter');
      expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
      expect(response.body).toContain('# TYPE rpc_call_duration_seconds histogram');
      expect(response.body).toContain('process_cpu_user_seconds_total');
      expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/api\/system\/ping",status="200"\} \d+/);
      expect(response.body).toMatch(/http_requests_total\{method="POST",route="unmatched",status="404"\} \d+/);
    });

    it('serves the OpenAPI document with every route at /api/docs/json', async () => {
      const response = await gw.fastify.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const document = response.json() as { paths: Record<string, Record<string, unknown>> };
      for (const route of Object.values(ROUTES) as RouteDefinition[]) {
        expect(document.paths[route.path]?.[route.method.toLowerCase()]).toBeDefined();
      }
    });

    it('serves Swagger UI at /api/docs with a policy that lets it run', async () => {
      const response = await gw.fastify.inject({ method: 'GET', url: '/api/docs/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    });

    it('sends a JSON answer the headers an API response needs, and a page also the ones only a document acts on', async () => {
      const forApis = {
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
      };
      const forDocuments = ['cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];
      for (const url of ['/api/system/ping?service=auth', '/api/no/such/route']) {
        const answer = await gw.fastify.inject({ method: 'GET', url });
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(answer.headers).toMatchObject({ ...forApis, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
        for (const name of forDocuments) expect(answer.headers[name]).toBeUndefined();
      }
      const page = await gw.fastify.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers).toMatchObject({ ...forApis, 'referrer-policy': 'no-referrer', 'cross-origin-opener-policy': 'same-origin', 'x-xss-protection': '0' });
      for (const name of forDocuments) expect(page.headers[name]).toBeDefined();
    });

    it('serves /metrics with METRICS_TOKEN to whoever sends it, from anywhere, and to nobody without it', async () => {
      const token = 'scrape-token-0123456789';
      const guarded = await startTestGateway({ METRICS_TOKEN: token });
      try {
        const scrape = (authorization?: string) =>
          guarded.fastify.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: authorization ? { authorization } : {} });
        expect((await scrape(`Bearer ${token}`)).statusCode).toBe(200);
        const missing = await scrape();
        expect(missing.statusCode).toBe(401);
        expect(missing.json()).toEqual({ detail: 'Metrics need the monitoring token' });
        expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(401);
        expect((await guarded.fastify.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      } finally {
        await guarded.close();
      }
    });

    it('answers a request that arrives during shutdown with 503, Retry-After and a {detail} body', async () => {
      const closing = await startTestGateway();
      // A slow request keeps one keep-alive connection busy while the server closes; a second request sent on
      // that connection arrives during the shutdown.
      let release!: () => void;
      closing.rpc.on('market.status', () => new Promise((resolve) => (release = () => resolve({ as_of: null, symbols: 0, bars: 0, first_date: null }))));
      await closing.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(await closing.app.getUrl());
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      const ended = new Promise((resolve) => socket.on('close', resolve));
      socket.write('GET /api/market/status HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const closed = closing.app.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      // Bounded waits: a regression must fail the test, not hang it.
      const within = (promise: Promise<unknown>) => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      await within(ended);
      socket.destroy();
      await within(closed);
      const responses = received.split(/(?=HTTP\/1\.1 )/);
      expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
      expect(responses[1]).toMatch(/^HTTP\/1\.1 503/);
      expect(responses[1]).toMatch(/retry-after: 5/i);
      expect(responses[1]).toContain(JSON.stringify({ detail: CLOSING_DETAIL }));
      await closing.close().catch(() => undefined);
    });

    it('is not rate limited on probes', async () => {
      const small = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '1' });
      try {
        for (let i = 0; i < 5; i += 1) {
          expect((await small.fastify.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
          expect((await small.fastify.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
        }
      } finally {
        await small.close();
      }
    });
  });
});

describe('gateway with Redis unreachable', () => {
  it('answers 503, not 500, where Redis is needed, and keeps serving the rest', async () => {
    const deadRedis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const app = await createGatewayApp(testConfig(), { rpc: new FakeRpc(), postgres: new FakePostgres(), redis: deadRedis });
    const fastify = app.getHttpAdapter().getInstance();
    try {
      const me = await fastify.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${await mintToken({ sub: 'u', sid: 's' })}` } });
      expect(me.statusCode).toBe(503);
      expect(me.json()).toMatchObject({ code: 'service_unavailable', correlation_id: expect.any(String) });
      // Rate limits fall back to memory: anonymous routes still work.
      expect((await fastify.inject({ method: 'GET', url: '/api/system/ping' })).statusCode).toBe(200);
      const ready = await fastify.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.redis).toBe('failed');
    } finally {
      await app.close();
      deadRedis.disconnect();
    }
  });
});

describe('FakeRpc', () => {
  it('rejects a payload its pattern does not accept, like the real client', async () => {
    await expect(new FakeRpc().call(AUTH.login, { username: 'a' } as never)).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
