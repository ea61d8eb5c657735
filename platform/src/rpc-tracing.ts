import { context, SpanKind, SpanStatusCode, type Span, type TextMapGetter } from '@opentelemetry/api';
import { HTTP_STATUS, type ErrorCode } from '@nivesh/proto';
import type { RpcReply, RpcRequest } from './rpc-keys';
import { recordsSpans, startSpanFrom, traceContextOf, tracer } from './telemetry';

/** The request envelope as a carrier of W3C trace context: `traceparent` in `tp`, `tracestate` in `ts` (injectRpcTrace writes them). */
const envelope: TextMapGetter<RpcRequest> = {
  get: (request, key) => (key === 'traceparent' ? request.tp : key === 'tracestate' ? request.ts : undefined),
  keys: () => ['traceparent', 'tracestate'],
};

const spanNames = new Map<string, string>();

/** `rpc market.getQuote`, made once per pattern. */
const spanName = (pattern: string): string => {
  let name = spanNames.get(pattern);
  if (name === undefined) {
    name = `rpc ${pattern}`;
    spanNames.set(pattern, name);
  }
  return name;
};

/** Errors the service is at fault for mark a span as failed; a caller's mistake (404, 409, ...) does not. */
const isFault = (code: string): boolean => (HTTP_STATUS[code as ErrorCode] ?? 500) >= 500;

const endWith = (span: Span, code: string | undefined): void => {
  // A span that records nothing (no collector, or not sampled) has nothing to mark or end.
  if (!span.isRecording()) return;
  if (code !== undefined) {
    span.setAttribute('rpc.error_code', code);
    if (isFault(code)) span.setStatus({ code: SpanStatusCode.ERROR, message: code });
  }
  span.end();
};

/** Starts the CLIENT span of a call, as a child of the span active where the call is made. */
export const startRpcClientSpan = (pattern: string): Span =>
  recordsSpans() ? tracer.startSpan(spanName(pattern), { kind: SpanKind.CLIENT, attributes: { 'rpc.method': pattern } }) : tracer.startSpan(pattern);

/** Writes the client span's trace context into the request (as the W3C propagator would), so the service continues the trace. */
export const injectRpcTrace = (span: Span, request: RpcRequest): void => {
  const traceContext = traceContextOf(span);
  if (traceContext === undefined) return;
  request.tp = traceContext.traceparent;
  if (traceContext.tracestate !== undefined) request.ts = traceContext.tracestate;
};

/** Ends a client span with the call's outcome: undefined when it succeeded, else the error code. */
export const endRpcClientSpan = endWith;

/**
 * Handles a request in a SERVER span named by its pattern, continuing the caller's trace; a request from a caller
 * without tracing (or from before it) starts a trace of its own.
 */
export const handleInRpcSpan = async (request: RpcRequest, pattern: string, handle: () => Promise<RpcReply>): Promise<RpcReply> => {
  const options = recordsSpans() ? { kind: SpanKind.SERVER, attributes: { 'rpc.method': pattern } } : undefined;
  const { span, context: active } = startSpanFrom(request, envelope, spanName(pattern), options);
  let reply: RpcReply | undefined;
  try {
    reply = await context.with(active, handle);
    return reply;
  } finally {
    endWith(span, reply === undefined ? 'internal' : reply.ok ? undefined : reply.err.code);
  }
};
