import type { IncomingHttpHeaders } from 'node:http';
import { context, defaultTextMapGetter, isSpanContextValid, SpanKind, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';
import { recordsSpans, startSpanFrom } from './telemetry';

/** An HTTP request's SERVER span and the context it is active in. */
export type RequestTrace = { readonly span: Span; readonly context: Context };

/**
 * Starts the SERVER span of an HTTP request. It continues the caller's trace when the request carries a W3C
 * `traceparent` header (the web app sends one with every API call), so a trace starts in the browser.
 */
export const startRequestTrace = (method: string, headers: IncomingHttpHeaders): RequestTrace => {
  // Attributes only for a span that keeps them (no collector: the span is its ids).
  return startSpanFrom(headers, defaultTextMapGetter, method, recordsSpans() ? { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } } : undefined);
};

/** Runs `fn` in the request's context, so the spans and log lines it leads to belong to the request's trace. */
export const inRequestTrace = <R>(requestTrace: RequestTrace, fn: () => R): R => context.with(requestTrace.context, fn);

/** The W3C `traceresponse` header naming the request's span, so a caller can find its trace; none without tracing. */
export const traceResponseOf = ({ span }: RequestTrace): string | undefined => {
  const spanContext = span.spanContext();
  if (!isSpanContextValid(spanContext)) return undefined;
  return `00-${spanContext.traceId}-${spanContext.spanId}-0${spanContext.traceFlags & 1}`;
};

/** Ends the request's span, named by its route pattern (never the raw URL); a 5xx answer marks it failed. */
export const endRequestTrace = ({ span }: RequestTrace, method: string, route: string, status: number): void => {
  // A span that records nothing (no collector, or not sampled) has nothing to name or end.
  if (!span.isRecording()) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute('http.route', route);
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
};
