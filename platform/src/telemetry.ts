import { randomFillSync } from 'node:crypto';
import {
  context,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type SpanContext,
  type SpanOptions,
  type TextMapGetter,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { isTracingSuppressed, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  TracerProvider as SdkTracerProvider,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { BaseConfig } from './config';

/** What a test collects spans with (`spanProcessors`), so apps and services need no SDK of their own. */
export { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';

export type TelemetryOptions = {
  /** `nivesh-gateway`, `nivesh-auth`, ... */
  serviceName: string;
  /** Where spans are sent (OTLP over HTTP); none: spans only carry trace ids, for logs and callers, and go nowhere. */
  otlpTracesUrl?: string;
  /** Where spans go instead of OTLP: an in-memory exporter in tests. */
  spanProcessors?: SpanProcessor[];
  /** OTEL_SDK_DISABLED: no tracer at all, every span a no-op. */
  disabled?: boolean;
  /** OTEL_TRACES_SAMPLER_ARG: the share of traces started here that are recorded and exported (callers' choice is kept). */
  sampleRatio?: number;
};

let initialised = false;
/** The SDK's provider, only when spans go somewhere (a collector, or a test's processor). */
let provider: SdkTracerProvider | undefined;

/**
 * BullMQ makes a span of every poll of a worker, one without a parent when the queue was empty (each few seconds per
 * idle worker): those are dropped; everything else starting a trace is kept, and children follow their parent.
 */
const skipIdlePolls = (ratio: TraceIdRatioBasedSampler): Sampler => ({
  shouldSample: (context, traceId, spanName) =>
    spanName.startsWith('getNextJob ') ? { decision: SamplingDecision.NOT_RECORD } : ratio.shouldSample(context, traceId),
  toString: () => `SkipIdleQueuePolls(${ratio.toString()})`,
});

/** Random ids from a pool of random bytes filled a few kilobytes at a time (one call into crypto per 170 spans). */
const RANDOM_POOL = Buffer.allocUnsafe(4096);
let randomOffset = RANDOM_POOL.length;
const randomHex = (bytes: number): string => {
  if (randomOffset + bytes > RANDOM_POOL.length) {
    randomFillSync(RANDOM_POOL);
    randomOffset = 0;
  }
  const hex = RANDOM_POOL.toString('hex', randomOffset, randomOffset + bytes);
  randomOffset += bytes;
  return hex;
};
const ALL_ZERO_TRACE_ID = '0'.repeat(32);
const ALL_ZERO_SPAN_ID = '0'.repeat(16);
const newTraceId = (): string => {
  const id = randomHex(16);
  return id === ALL_ZERO_TRACE_ID ? newTraceId() : id;
};
const newSpanId = (): string => {
  const id = randomHex(8);
  return id === ALL_ZERO_SPAN_ID ? newSpanId() : id;
};

/**
 * The tracer when spans go nowhere (no collector configured): a span is its ids and nothing else. It continues its
 * parent's trace (or starts one) with a span id of its own, so log lines, `traceresponse` and the `traceparent` passed
 * on over RPC and queues name the trace; it records nothing (no attributes, events or timings, no span processor, no
 * sampler), and as before is not sampled (flags 00), so a collector further on does not record a trace it cannot
 * see whole. bench:rpc measures what it costs.
 */
class TraceIdsOnlyTracer implements Tracer {
  startSpan(_name: string, options?: SpanOptions, parentContext: Context = context.active()): Span {
    if (isTracingSuppressed(parentContext)) return trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
    const parent = options?.root ? undefined : trace.getSpanContext(parentContext);
    const continues = parent !== undefined && isSpanContextValid(parent);
    return trace.wrapSpanContext({
      traceId: continues ? parent.traceId : newTraceId(),
      spanId: newSpanId(),
      traceFlags: TraceFlags.NONE,
      traceState: continues ? parent.traceState : undefined,
    });
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(name: string, options: SpanOptions, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(name: string, options: SpanOptions, parentContext: Context, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    ...rest: [F] | [SpanOptions, F] | [SpanOptions, Context, F]
  ): ReturnType<F> {
    const fn = rest[rest.length - 1] as F;
    const options = rest.length > 1 ? (rest[0] as SpanOptions) : undefined;
    const parentContext = rest.length > 2 ? (rest[1] as Context) : context.active();
    const span = this.startSpan(name, options, parentContext);
    return context.with(trace.setSpan(parentContext, span), () => fn(span) as ReturnType<F>);
  }
}

const traceIdsOnly: TracerProvider = ((tracer: Tracer) => ({ getTracer: () => tracer }))(new TraceIdsOnlyTracer());

/** The tracer of Nivesh's own spans; it does nothing until `initTelemetry` has run. */
export const tracer = trace.getTracer('nivesh');

/**
 * Whether spans are recorded (a collector is configured, or a test collects them). Without, a span carries its ids
 * only, and callers skip building what only a recorded span keeps (attributes, names given at the end).
 */
export const recordsSpans = (): boolean => provider !== undefined;

/**
 * The traces endpoint from the standard variables: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else
 * OTEL_EXPORTER_OTLP_ENDPOINT with the signal's path, as the OpenTelemetry specification reads them.
 */
export const otlpTracesUrl = (config: Pick<BaseConfig, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'>): string | undefined => {
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) return `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return undefined;
};

/**
 * Sets up tracing for this process: W3C trace context, the active span followed through async calls
 * (AsyncLocalStorage), and, when an endpoint is configured, spans sampled and exported over OTLP/HTTP in batches.
 * Without one, no SDK is set up at all: spans carry trace ids only (see TraceIdsOnlyTracer). Only the first call of a
 * process counts, so apps built one after another in a test process share one setup (the test's, if it made one
 * first).
 */
export const initTelemetry = (options: TelemetryOptions): void => {
  if (initialised || options.disabled) return;
  initialised = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const spanProcessors =
    options.spanProcessors ?? (options.otlpTracesUrl ? [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: options.otlpTracesUrl }) })] : []);
  if (spanProcessors.length === 0) {
    trace.setGlobalTracerProvider(traceIdsOnly);
    return;
  }
  provider = new SdkTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    sampler: new ParentBasedSampler({ root: skipIdlePolls(new TraceIdRatioBasedSampler(options.sampleRatio ?? 1)) }),
    spanProcessors,
  });
  trace.setGlobalTracerProvider(provider);
};

/** Sends the spans still buffered; called as a process stops. */
export const flushTelemetry = async (): Promise<void> => {
  await provider?.forceFlush();
};

/** A valid span's ids, as log lines and responses name them; undefined for no span or a span of the no-op tracer. */
export const traceIdsOf = (span: Span | undefined): { trace_id: string; span_id: string } | undefined => {
  if (!span) return undefined;
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : undefined;
};

/** Whether `text[from, to)` is lowercase hex. */
const isLowerHex = (text: string, from: number, to: number): boolean => {
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }
  return true;
};

/**
 * A traceparent as this platform and the web app write it (`00-<trace id>-<span id>-<flags>`, nothing more), read by
 * hand: the span context the W3C propagator would make of it, undefined for anything else.
 */
const canonicalTraceparent = (traceparent: string): SpanContext | undefined => {
  if (traceparent.length !== 55 || !traceparent.startsWith('00-') || traceparent[35] !== '-' || traceparent[52] !== '-') return undefined;
  if (!isLowerHex(traceparent, 3, 35) || !isLowerHex(traceparent, 36, 52) || !isLowerHex(traceparent, 53, 55)) return undefined;
  const traceId = traceparent.slice(3, 35);
  const spanId = traceparent.slice(36, 52);
  if (traceId === ALL_ZERO_TRACE_ID || spanId === ALL_ZERO_SPAN_ID) return undefined;
  return { traceId, spanId, traceFlags: parseInt(traceparent.slice(53), 16), isRemote: true };
};

/**
 * The context a carrier's `traceparent` (and `tracestate`) continue; the root context when it carries none or a
 * malformed one. A plain version-00 traceparent without tracestate (every RPC envelope, every call of the web app) is
 * read directly, into the very context the W3C propagator would make; anything else goes through the propagator.
 */
export const contextFrom = <C>(carrier: C, getter: TextMapGetter<C>): Context => {
  const parent = initialised ? plainTraceparentOf(carrier, getter) : undefined;
  return parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : propagation.extract(ROOT_CONTEXT, carrier, getter);
};

const plainTraceparentOf = <C>(carrier: C, getter: TextMapGetter<C>): SpanContext | undefined => {
  const traceparent = getter.get(carrier, 'traceparent');
  return typeof traceparent === 'string' && getter.get(carrier, 'tracestate') === undefined ? canonicalTraceparent(traceparent) : undefined;
};

/**
 * Starts the span of work a carrier asks for (an HTTP request, an RPC request), continuing the trace its
 * `traceparent` names, and gives the context it is active in. Without a collector, a plain traceparent is turned into
 * the span's ids directly (what TraceIdsOnlyTracer would make of it, without the parent's context in between).
 */
export const startSpanFrom = <C>(carrier: C, getter: TextMapGetter<C>, name: string, options?: SpanOptions): { span: Span; context: Context } => {
  const named = getter.get(carrier, 'traceparent') !== undefined;
  if (provider === undefined && initialised) {
    const parent = named ? plainTraceparentOf(carrier, getter) : undefined;
    if (parent || !named) {
      const span = trace.wrapSpanContext({ traceId: parent ? parent.traceId : newTraceId(), spanId: newSpanId(), traceFlags: TraceFlags.NONE });
      return { span, context: trace.setSpan(ROOT_CONTEXT, span) };
    }
  }
  // Without a traceparent the propagator has nothing to read: the span starts a trace.
  const parent = named ? contextFrom(carrier, getter) : ROOT_CONTEXT;
  const span = tracer.startSpan(name, options, parent);
  return { span, context: trace.setSpan(parent, span) };
};

/**
 * What the W3C propagator writes for `span` (`traceparent`, and `tracestate` when it has one), made without a context
 * to carry it; nothing without tracing, for a span without valid ids, or where tracing is suppressed.
 */
export const traceContextOf = (span: Span): { traceparent: string; tracestate?: string } | undefined => {
  const spanContext = span.spanContext();
  if (!initialised || !isSpanContextValid(spanContext) || isTracingSuppressed(context.active())) return undefined;
  const traceparent = `00-${spanContext.traceId}-${spanContext.spanId}-0${Number(spanContext.traceFlags || TraceFlags.NONE).toString(16)}`;
  return spanContext.traceState ? { traceparent, tracestate: spanContext.traceState.serialize() } : { traceparent };
};

/** Runs `fn` with `span` active, so spans started and lines logged inside belong to it. */
export const withSpan = <R>(parent: Context, span: Span, fn: () => R): R => context.with(trace.setSpan(parent, span), fn);
