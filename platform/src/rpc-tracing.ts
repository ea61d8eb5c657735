import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import { HTTP_STATUS, type ErrorCode } from '@nivesh/proto';
import type { RpcReply, RpcRequest } from './rpc-keys';
import { contextFrom, tracer, withSpan } from './telemetry';

/** The request envelope as a carrier of W3C trace context: `traceparent` in `tp`, `tracestate` in `ts`. */
const envelope: TextMapSetter<RpcRequest> & TextMapGetter<RpcRequest> = {
  set: (request, key, value) => {
    if (key === 'traceparent') request.tp = value;
    else if (key === 'tracestate') request.ts = value;
  },
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
  if (code !== undefined) {
    span.setAttribute('rpc.error_code', code);
    if (isFault(code)) span.setStatus({ code: SpanStatusCode.ERROR, message: code });
  }
  span.end();
};

/** Starts the CLIENT span of a call, as a child of the span active where the call is made. */
export const startRpcClientSpan = (pattern: string): Span =>
  tracer.startSpan(spanName(pattern), { kind: SpanKind.CLIENT, attributes: { 'rpc.method': pattern } });

/** Writes the client span's trace context into the request, so the service continues the trace. */
export const injectRpcTrace = (span: Span, request: RpcRequest): void => {
  propagation.inject(trace.setSpan(context.active(), span), request, envelope);
};

/** Ends a client span with the call's outcome: undefined when it succeeded, else the error code. */
export const endRpcClientSpan = endWith;

/**
 * Handles a request in a SERVER span named by its pattern, continuing the caller's trace; a request from a caller
 * without tracing (or from before it) starts a trace of its own.
 */
export const handleInRpcSpan = async (request: RpcRequest, pattern: string, handle: () => Promise<RpcReply>): Promise<RpcReply> => {
  const parent = request.tp === undefined ? ROOT_CONTEXT : contextFrom(request, envelope);
  const span = tracer.startSpan(spanName(pattern), { kind: SpanKind.SERVER, attributes: { 'rpc.method': pattern } }, parent);
  let reply: RpcReply | undefined;
  try {
    reply = await withSpan(parent, span, handle);
    return reply;
  } finally {
    endWith(span, reply === undefined ? 'internal' : reply.ok ? undefined : reply.err.code);
  }
};
