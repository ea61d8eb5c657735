import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { endRequestTrace, inRequestTrace, startRequestTrace, traceResponseOf } from './http-tracing';
import { createLogger, tieLoggerToSpan } from './logger';
import type { RpcRequest } from './rpc-keys';
import { endRpcClientSpan, handleInRpcSpan, injectRpcTrace, startRpcClientSpan } from './rpc-tracing';
import { flushTelemetry, initTelemetry, recordsSpans, traceIdsOf, tracer } from './telemetry';

// Its own file: a process sets telemetry up once, and here it is set up with nowhere to send spans, as in production
// without a collector.
const TRACERESPONSE = /^00-([0-9a-f]{32})-([0-9a-f]{16})-00$/;

const collectingLogger = () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('test', 'info', sink), lines };
};

describe('telemetry with no collector configured', () => {
  beforeAll(() => initTelemetry({ serviceName: 'nivesh-test' }));

  it('records no span, but every span has ids to name its trace, and children share the trace', () => {
    const span = tracer.startSpan('GET /api/stocks/:symbol');
    expect(span.isRecording()).toBe(false);
    const ids = traceIdsOf(span);
    expect(ids?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(ids?.trace_id).not.toBe('0'.repeat(32));
    const child = tracer.startSpan('rpc market.getQuote', {}, trace.setSpan(context.active(), span));
    expect(traceIdsOf(child)?.trace_id).toBe(ids?.trace_id);
    expect(traceIdsOf(child)?.span_id).not.toBe(ids?.span_id);
    expect(child.isRecording()).toBe(false);
  });

  it('sets up no SDK: nothing records, processes or exports spans', async () => {
    expect(recordsSpans()).toBe(false);
    // The registered provider hands out the ids-only tracer, not the SDK's.
    const span = trace.getTracer('any').startSpan('x');
    expect(span.isRecording()).toBe(false);
    expect(span.constructor.name).toBe('NonRecordingSpan');
    // No processor holds anything to send.
    await expect(flushTelemetry()).resolves.toBeUndefined();
  });

  it('gives a request its traceresponse, and its log lines (inside its context or tied to it) its trace id', () => {
    const { logger, lines } = collectingLogger();
    const requestLogger = logger.child({ reqId: 'r1' });
    const requestTrace = startRequestTrace('GET', {});
    tieLoggerToSpan(requestLogger, requestTrace.span);
    const [, traceId, spanId] = TRACERESPONSE.exec(traceResponseOf(requestTrace) ?? '') ?? [];
    expect(traceId).toBeDefined();
    inRequestTrace(requestTrace, () => logger.info('inside the request'));
    endRequestTrace(requestTrace, 'GET', '/api/system/ping', 200);
    requestLogger.info('request completed');
    expect(lines[0]).toMatchObject({ msg: 'inside the request', trace_id: traceId, span_id: spanId });
    expect(lines[1]).toMatchObject({ msg: 'request completed', reqId: 'r1', trace_id: traceId, span_id: spanId });
  });

  it("continues the browser's trace, its sampled flag not followed since nothing is recorded", () => {
    const browserTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const requestTrace = startRequestTrace('GET', { traceparent: `00-${browserTrace}-00f067aa0ba902b7-01` });
    expect(traceResponseOf(requestTrace)).toMatch(new RegExp(`^00-${browserTrace}-[0-9a-f]{16}-00$`));
    expect(traceResponseOf(startRequestTrace('GET', { traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' }))).not.toContain(
      '0'.repeat(32),
    );
  });

  it('passes the trace on over RPC: the service handles the request in a span of the caller’s trace', async () => {
    const requestTrace = startRequestTrace('GET', {});
    const [, traceId] = TRACERESPONSE.exec(traceResponseOf(requestTrace) ?? '') ?? [];
    const message: RpcRequest = { i: 'req-1', p: 'market.getQuote', d: {}, t: Date.now() + 1_000, r: 'reply', c: 'req-1' };
    const client = inRequestTrace(requestTrace, () => {
      const span = startRpcClientSpan(message.p);
      injectRpcTrace(span, message);
      return span;
    });
    expect(message.tp).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-00$`));
    const { logger, lines } = collectingLogger();
    const received = JSON.parse(JSON.stringify(message)) as RpcRequest;
    await handleInRpcSpan(received, received.p, async () => {
      logger.info('handled');
      return { id: received.i, ok: true, data: {} };
    });
    endRpcClientSpan(client, undefined);
    expect(lines[0]).toMatchObject({ msg: 'handled', trace_id: traceId });
    expect(lines[0]!.span_id).not.toBe(client.spanContext().spanId);
  });
});
