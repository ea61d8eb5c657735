import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SERVICE_NAMES } from '@nivesh/proto';
import Redis from 'ioredis';
import { createGatewayApp } from '../src/app';
import { standInService, testConfig, TEST_REDIS_URL } from './test-app';

// The gateway with everything real: the Redis Streams RPC client, Redis, PostgreSQL. Each service is
// a stand-in that answers health and ping and, like a fresh service, not_implemented for features.

describe('gateway against real RPC, Redis and PostgreSQL', () => {
  // scripts/test.mjs passes the run's fresh database; alone, any reachable database will do.
  const config = testConfig({
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    REDIS_URL: process.env.REDIS_URL ?? TEST_REDIS_URL,
  });
  let services: INestMicroservice[] = [];
  let app: NestFastifyApplication;

  beforeAll(async () => {
    services = await Promise.all(SERVICE_NAMES.map((service) => standInService(service, config.REDIS_URL, config.REDIS_PREFIX)));
    app = await createGatewayApp(config);
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all(services.map((service) => service.close()));
    const redis = new Redis(config.REDIS_URL);
    const keys = await redis.keys(`${config.REDIS_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const inject = (options: Parameters<NestFastifyApplication['inject']>[0]) => app.getHttpAdapter().getInstance().inject(options);

  it('is ready when PostgreSQL, Redis and every service answer', async () => {
    const response = await inject({ method: 'GET', url: '/readyz' });
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { postgres: 'ok', redis: 'ok', auth: 'ok', premium: 'ok', chat: 'ok', prediction: 'ok', tracking: 'ok', market: 'ok', portfolio: 'ok', content: 'ok' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('round-trips a ping through a service', async () => {
    const response = await inject({ method: 'GET', url: '/api/system/ping?service=tracking' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ pong: true, service: 'tracking' });
  });

  it('answers 501 for a feature the service has not built', async () => {
    const response = await inject({ method: 'POST', url: '/api/analytics/session/start', payload: { page_name: 'home' } });
    expect(response.statusCode).toBe(501);
    // A sentence naming the feature, never the pattern (tracking.analyticsSessionStart).
    expect(response.json()).toMatchObject({ code: 'not_implemented', detail: 'Usage analytics is not available yet.' });
  });

  it('records RPC latency per pattern', async () => {
    const metrics = await inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/rpc_call_duration_seconds_count\{pattern="tracking\.ping",outcome="ok"\} [1-9]/);
    expect(metrics.body).toMatch(/rpc_call_duration_seconds_count\{pattern="tracking\.analyticsSessionStart",outcome="not_implemented"\} [1-9]/);
  });

  it('serves /metrics to this machine only when no METRICS_TOKEN is set', async () => {
    const remote = await inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({ detail: expect.stringContaining('METRICS_TOKEN') });
    expect(remote.body).not.toContain('rpc_call_duration_seconds');
  });

  it('answers 503 at once when a service has no live instance', async () => {
    const market = services[SERVICE_NAMES.indexOf('market')];
    await market?.close();
    // The client trusts a liveness answer briefly and a stopped instance's heartbeat lingers: wait them out.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const started = Date.now();
    const response = await inject({ method: 'GET', url: '/api/system/ping?service=market' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'service_unavailable' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
