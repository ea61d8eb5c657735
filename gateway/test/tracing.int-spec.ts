import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceName } from '@nivesh/proto';
import { InMemorySpanExporter, initTelemetry, SimpleSpanProcessor } from '@nivesh/platform';
import { SpanKind, trace } from '@opentelemetry/api';
import Redis from 'ioredis';
import { createGatewayApp } from '../src/app';
import { FakePostgres, standInService, testConfig, TEST_REDIS_URL } from './test-app';

// Before the gateway is built: the in-memory exporter is this process's only span destination.
const exporter = new InMemorySpanExporter();
initTelemetry({ serviceName: 'nivesh-test', spanProcessors: [new SimpleSpanProcessor({ exporter })] });

const BROWSER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const BROWSER_SPAN = '00f067aa0ba902b7';

/** A stand-in service whose ping records the span its handler runs in. */
const standIn = (service: ServiceName, redisUrl: string, prefix: string, seen: { traceId: string; spanId: string }[]): Promise<INestMicroservice> =>
  standInService(service, redisUrl, prefix, () => {
    const active = trace.getActiveSpan()?.spanContext();
    if (active) seen.push({ traceId: active.traceId, spanId: active.spanId });
  });

describe('a trace from the browser through the gateway to a service (real RPC and Redis)', () => {
  const config = testConfig({ REDIS_URL: process.env.REDIS_URL ?? TEST_REDIS_URL });
  const seen: { traceId: string; spanId: string }[] = [];
  let services: INestMicroservice[] = [];
  let app: NestFastifyApplication;

  beforeAll(async () => {
    services = await Promise.all((['tracking', 'auth'] as const).map((service) => standIn(service, config.REDIS_URL, config.REDIS_PREFIX, seen)));
    app = await createGatewayApp(config, { postgres: new FakePostgres() });
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

  it("continues the browser's traceparent: the service's handler runs in a span of that trace, and the response names it", async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/system/ping?service=tracking',
      headers: { traceparent: `00-${BROWSER_TRACE}-${BROWSER_SPAN}-01` },
    });
    expect(response.statusCode).toBe(200);
    expect(seen.at(-1)?.traceId).toBe(BROWSER_TRACE);
    expect(response.headers.traceresponse).toMatch(new RegExp(`^00-${BROWSER_TRACE}-[0-9a-f]{16}-01$`));

    // browser span → gateway SERVER span → RPC CLIENT span → service SERVER span, in which the handler ran.
    const spans = exporter.getFinishedSpans();
    const http = spans.find((span) => span.kind === SpanKind.SERVER && span.name === 'GET /api/system/ping')!;
    const call = spans.find((span) => span.kind === SpanKind.CLIENT && span.name === 'rpc tracking.ping')!;
    const handled = spans.find((span) => span.kind === SpanKind.SERVER && span.name === 'rpc tracking.ping')!;
    expect(http.parentSpanContext?.spanId).toBe(BROWSER_SPAN);
    expect(String(response.headers.traceresponse)).toContain(http.spanContext().spanId);
    expect(call.parentSpanContext?.spanId).toBe(http.spanContext().spanId);
    expect(handled.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    expect(seen.at(-1)?.spanId).toBe(handled.spanContext().spanId);
    for (const span of [http, call, handled]) expect(span.spanContext().traceId).toBe(BROWSER_TRACE);
  });

  it('starts a trace of its own for a request without traceparent', async () => {
    const response = await inject({ method: 'GET', url: '/api/system/ping?service=tracking' });
    expect(response.statusCode).toBe(200);
    const [, traceId] = /^00-([0-9a-f]{32})-/.exec(String(response.headers.traceresponse)) ?? [];
    expect(traceId).toBeDefined();
    expect(traceId).not.toBe(BROWSER_TRACE);
    expect(seen.at(-1)?.traceId).toBe(traceId);
  });

  it('keeps the trace of a request whose body arrives in parts, after its headers', async () => {
    exporter.reset();
    // Over a real socket, the body in two parts: the handler runs once the second has come.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify({ username: 'asha_k', email: 'asha@example.in', password: 'Str0ng-enough-pass!' });
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/register-request-otp`, {
        method: 'POST',
        headers: { traceparent: `00-${BROWSER_TRACE}-${BROWSER_SPAN}-01`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 50);
    });
    expect(status).toBe(501);
    const handled = exporter.getFinishedSpans().find((span) => span.kind === SpanKind.SERVER && span.name.startsWith('rpc auth.'));
    expect(handled?.spanContext().traceId).toBe(BROWSER_TRACE);
    expect(handled?.attributes['rpc.error_code']).toBe('not_implemented');
  });
});
