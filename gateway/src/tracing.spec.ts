import { initTelemetry, recordsSpans } from '@nivesh/platform';
import { trace } from '@opentelemetry/api';
import { startTestGateway, type TestGateway } from '../test/test-app';

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
