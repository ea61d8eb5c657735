import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endRequestTrace, inRequestTrace, startRequestTrace, traceResponseOf } from './http-tracing';
import type { RpcRequest } from './rpc-keys';
import { endRpcClientSpan, handleInRpcSpan, injectRpcTrace, startRpcClientSpan } from './rpc-tracing';
import { flushTelemetry, initTelemetry, recordsSpans } from './telemetry';

// Its own file: a process sets telemetry up once, and here it is set up with a collector, as in production with
// OTEL_EXPORTER_OTLP_ENDPOINT set. A local HTTP server stands in for the collector.
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: { key: string; value: Record<string, unknown> }[] };
type OtlpExport = {
  resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
};

describe('telemetry with a collector configured', () => {
  const received: { url?: string; headers: IncomingHttpHeaders; body: OtlpExport }[] = [];
  let collector: Server;

  beforeAll(async () => {
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ url: request.url, headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    initTelemetry({ serviceName: 'nivesh-test', otlpTracesUrl: `http://127.0.0.1:${port}/v1/traces` });
  });

  afterAll(async () => {
    await new Promise((resolve) => collector.close(resolve));
  });

  it('records every span (sample ratio 1) and sends them over OTLP/HTTP in a batch, with their names, kinds, attributes and parents', async () => {
    expect(recordsSpans()).toBe(true);
    const requestTrace = startRequestTrace('GET', { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    expect(traceResponseOf(requestTrace)).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    const message: RpcRequest = { i: 'req-1', p: 'market.getQuote', d: {}, t: Date.now() + 1_000, r: 'reply', c: 'req-1' };
    const client = inRequestTrace(requestTrace, () => {
      const span = startRpcClientSpan(message.p);
      injectRpcTrace(span, message);
      return span;
    });
    await handleInRpcSpan(JSON.parse(JSON.stringify(message)) as RpcRequest, message.p, async () => ({
      id: message.i,
      ok: false,
      err: { code: 'internal', message: 'Internal server error' },
    }));
    endRpcClientSpan(client, 'internal');
    endRequestTrace(requestTrace, 'GET', '/api/stocks/:symbol', 500);
    // Batched: nothing leaves until the batch is due or flushed.
    expect(received).toHaveLength(0);
    await flushTelemetry();

    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/v1/traces');
    expect(received[0]!.headers['content-type']).toContain('application/json');
    const [resourceSpans] = received[0]!.body.resourceSpans;
    expect(resourceSpans!.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'nivesh-test' } });
    const spans = resourceSpans!.scopeSpans.flatMap((scope) => scope.spans);
    const attribute = (span: OtlpSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value;
    const http = spans.find((span) => span.name === 'GET /api/stocks/:symbol')!;
    // OTLP's span kinds: 2 SERVER, 3 CLIENT.
    const [call, handled] = [3, 2].map((kind) => spans.find((span) => span.name === 'rpc market.getQuote' && span.kind === kind)!);
    expect(spans.map((span) => span.traceId)).toEqual(Array(3).fill('4bf92f3577b34da6a3ce929d0e0e4736'));
    expect(http.parentSpanId).toBe('00f067aa0ba902b7');
    expect(call!.parentSpanId).toBe(http.spanId);
    expect(handled!.parentSpanId).toBe(call!.spanId);
    expect(attribute(http, 'http.route')).toEqual({ stringValue: '/api/stocks/:symbol' });
    expect(attribute(http, 'http.response.status_code')).toEqual({ intValue: 500 });
    expect(attribute(handled!, 'rpc.method')).toEqual({ stringValue: 'market.getQuote' });
    expect(attribute(handled!, 'rpc.error_code')).toEqual({ stringValue: 'internal' });
  });

  it("follows a caller's choice not to sample: such a trace is not recorded, and still named", async () => {
    received.length = 0;
    const requestTrace = startRequestTrace('GET', { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00' });
    expect(requestTrace.span.isRecording()).toBe(false);
    expect(traceResponseOf(requestTrace)).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-00$/);
    endRequestTrace(requestTrace, 'GET', '/api/x', 200);
    await flushTelemetry();
    expect(received).toHaveLength(0);
  });
});
