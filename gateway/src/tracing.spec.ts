import { initTelemetry, recordsSpans } from '@nivesh/platform';
import { trace } from '@opentelemetry/api';
import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createGatewayApp } from './app';
import { FakePostgres, FakeRpc, startTestGateway, testConfig, type TestGateway } from '../test/test-app';

// Its own file: a process sets telemetry up once, and here it is set up as in production without a collector.
initTelemetry({ serviceName: 'nivesh-gateway-test' });

const TRACERESPONSE = /^00-([0-9a-f]{32})-([0-9a-f]{16})-00$/;
const BROWSER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('gateway tracing with no collector configured', () => {
  let gw: TestGateway;
  const seen: (string | undefined)[] = [];

  beforeAll(async () => {
    gw = await startTestGateway();
  });

  afterAll(async () => {
    await gw.close();
  });

  beforeEach(() => {
    seen.length = 0;
    gw.rpc.reset();
    // The RPC call is made in the request's trace: what the service would continue.
    gw.rpc.on('tracking.ping', () => {
      seen.push(trace.getActiveSpan()?.spanContext().traceId);
      return { pong: true, service: 'tracking', instance: 'fake' };
    });
  });

  const ping = (headers: Record<string, string> = {}) => gw.fastify.inject({ method: 'GET', url: '/api/system/ping?service=tracking', headers });

  it('records nothing, yet names each request’s trace in traceresponse, the trace its RPC calls are made in', async () => {
    expect(recordsSpans()).toBe(false);
    const first = await ping();
    const second = await ping();
    expect(first.statusCode).toBe(200);
    const [, firstTrace] = TRACERESPONSE.exec(String(first.headers.traceresponse)) ?? [];
    const [, secondTrace] = TRACERESPONSE.exec(String(second.headers.traceresponse)) ?? [];
    expect(firstTrace).toBeDefined();
    expect(secondTrace).toBeDefined();
    expect(secondTrace).not.toBe(firstTrace);
    expect(seen).toEqual([firstTrace, secondTrace]);
  });

  it("continues the browser's traceparent", async () => {
    const response = await ping({ traceparent: `00-${BROWSER_TRACE}-00f067aa0ba902b7-01` });
    expect(response.headers.traceresponse).toMatch(new RegExp(`^00-${BROWSER_TRACE}-[0-9a-f]{16}-00$`));
    expect(response.headers.traceresponse).not.toContain('00f067aa0ba902b7');
    expect(seen).toEqual([BROWSER_TRACE]);
  });

  it('starts a trace of its own for a malformed traceparent', async () => {
    const response = await ping({ traceparent: `00-${BROWSER_TRACE}-00f067aa0ba902b7` });
    expect(response.headers.traceresponse).toMatch(TRACERESPONSE);
    expect(response.headers.traceresponse).not.toContain(BROWSER_TRACE);
  });
});

describe('the access lines of a request', () => {
  const lines: Record<string, unknown>[] = [];
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const rpc = new FakeRpc();
    rpc.on('tracking.ping', () => ({ pong: true, service: 'tracking', instance: 'fake' }));
    const logDestination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    app = await createGatewayApp(testConfig({ LOG_LEVEL: 'info' }), { rpc, postgres: new FakePostgres(), logDestination });
  });

  afterAll(async () => {
    await app.close();
  });

  it('both name the trace the response names, the first one (written before any hook runs) included', async () => {
    const response = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/api/system/ping?service=tracking', headers: { 'x-request-id': 'access-1' } });
    const [, traceId, spanId] = TRACERESPONSE.exec(String(response.headers.traceresponse)) ?? [];
    const ofRequest = lines.filter((line) => line.reqId === 'access-1');

    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    for (const line of ofRequest) expect(line).toMatchObject({ trace_id: traceId, span_id: spanId });
  });
});
