import { Writable } from 'node:stream';
import { context, SpanKind, trace, type Span } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { endRequestTrace, startRequestTrace, traceResponseOf } from './http-tracing';
import { createLogger, tieLoggerToSpan } from './logger';
import type { RpcReply, RpcRequest } from './rpc-keys';
import { endRpcClientSpan, handleInRpcSpan, injectRpcTrace, startRpcClientSpan } from './rpc-tracing';
import { initTelemetry, tracer } from './telemetry';

const exporter = new InMemorySpanExporter();
initTelemetry({ serviceName: 'nivesh-test', spanProcessors: [new SimpleSpanProcessor({ exporter })] });

const request = (pattern: string): RpcRequest => ({ i: 'req-1', p: pattern, d: {}, t: Date.now() + 1_000, r: 'reply-channel', c: 'req-1' });
const ok = (id: string): RpcReply => ({ id, ok: true, data: {} });
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;
const withActive = <R>(span: Span, fn: () => R): R => context.with(trace.setSpan(context.active(), span), fn);

/** A logger whose lines are collected as parsed JSON. */
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

describe('traces across the RPC envelope', () => {
  beforeEach(() => exporter.reset());

  it('carries the client span in traceparent; the service handles the request in a child SERVER span of the same trace', async () => {
    const outer = tracer.startSpan('HTTP GET');
    const message = request('market.getQuote');
    // As RedisStreamsClient.request does, in a request's span.
    const client = withActive(outer, () => {
      const span = startRpcClientSpan(message.p);
      injectRpcTrace(span, message);
      return span;
    });
    expect(message.tp).toMatch(TRACEPARENT);

    // What the service reads back from Redis: the envelope as JSON.
    const received = JSON.parse(JSON.stringify(message)) as RpcRequest;
    let active: { traceId: string; spanId: string } | undefined;
    await handleInRpcSpan(received, received.p, async () => {
      active = trace.getActiveSpan()?.spanContext();
      return ok(received.i);
    });
    endRpcClientSpan(client, undefined);
    outer.end();

    const server = exporter.getFinishedSpans().find((span) => span.kind === SpanKind.SERVER)!;
    const clientSpan = exporter.getFinishedSpans().find((span) => span.kind === SpanKind.CLIENT)!;
    expect(server.name).toBe('rpc market.getQuote');
    expect(clientSpan.name).toBe('rpc market.getQuote');
    expect(server.spanContext().traceId).toBe(outer.spanContext().traceId);
    expect(clientSpan.spanContext().traceId).toBe(outer.spanContext().traceId);
    expect(server.parentSpanContext?.spanId).toBe(clientSpan.spanContext().spanId);
    expect(server.parentSpanContext?.isRemote).toBe(true);
    // The handler runs with the server span active, so its own spans and log lines join the trace.
    expect(active).toMatchObject({ traceId: outer.spanContext().traceId, spanId: server.spanContext().spanId });
  });

  it('handles an envelope from a caller without tracing in a trace of its own', async () => {
    const old = request('auth.me');
    await handleInRpcSpan(old, old.p, async () => ok(old.i));
    const [server] = exporter.getFinishedSpans();
    expect(server!.parentSpanContext).toBeUndefined();
    expect(server!.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('marks a span failed for a service fault, not for a caller’s mistake', async () => {
    const notFound = request('auth.me');
    await handleInRpcSpan(notFound, notFound.p, async () => ({ id: notFound.i, ok: false, err: { code: 'not_found', message: 'No such user' } }));
    const crashed = request('auth.me');
    await handleInRpcSpan(crashed, crashed.p, async () => ({ id: crashed.i, ok: false, err: { code: 'internal', message: 'Internal server error' } }));
    const [first, second] = exporter.getFinishedSpans();
    expect(first!.status.code).toBe(0);
    expect(first!.attributes['rpc.error_code']).toBe('not_found');
    expect(second!.status).toMatchObject({ code: 2, message: 'internal' });
  });
});

describe('HTTP request spans', () => {
  beforeEach(() => exporter.reset());

  it('continue the browser’s traceparent and name the span in traceresponse', () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const requestTrace = startRequestTrace('GET', { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    const response = traceResponseOf(requestTrace);
    expect(response).toMatch(TRACEPARENT);
    expect(TRACEPARENT.exec(response!)![1]).toBe(traceId);
    endRequestTrace(requestTrace, 'GET', '/api/stocks/:symbol', 200);
    const [span] = exporter.getFinishedSpans();
    expect(span).toMatchObject({ name: 'GET /api/stocks/:symbol', kind: SpanKind.SERVER });
    expect(span!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  });

  it('start a trace of their own for a malformed traceparent', () => {
    const requestTrace = startRequestTrace('GET', { traceparent: 'not-a-traceparent' });
    expect(requestTrace.span.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    endRequestTrace(requestTrace, 'GET', 'unmatched', 404);
    expect(exporter.getFinishedSpans()[0]!.parentSpanContext).toBeUndefined();
  });
});

describe('log lines', () => {
  it('carry the trace and span id inside a span, and none outside', () => {
    const { logger, lines } = collectingLogger();
    logger.info('before');
    const span = tracer.startSpan('work');
    withActive(span, () => logger.info({ symbol: 'TCS' }, 'inside'));
    span.end();
    logger.info('after');

    expect(lines.map((line) => line.msg)).toEqual(['before', 'inside', 'after']);
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(lines[1]).toMatchObject({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId, symbol: 'TCS' });
    expect(lines[2]).not.toHaveProperty('trace_id');
  });

  it('of a request’s logger name its span even when written outside its context', () => {
    const { logger, lines } = collectingLogger();
    const requestLogger = logger.child({ reqId: 'r1' });
    const span = tracer.startSpan('GET /api/x');
    tieLoggerToSpan(requestLogger, span);
    requestLogger.info('request completed');
    logger.info('other');
    expect(lines[0]).toMatchObject({ reqId: 'r1', trace_id: span.spanContext().traceId });
    expect(lines[1]).not.toHaveProperty('trace_id');
  });
});
