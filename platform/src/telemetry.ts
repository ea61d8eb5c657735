import { context, isSpanContextValid, propagation, ROOT_CONTEXT, trace, type Context, type Span, type TextMapGetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  SamplingDecision,
  type Sampler,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { BaseConfig } from './config';

export type TelemetryOptions = {
  /** `nivesh-gateway`, `nivesh-auth`, ... */
  serviceName: string;
  /** Where spans are sent (OTLP over HTTP); none: spans still get trace ids, for logs and callers, and go nowhere. */
  otlpTracesUrl?: string;
  /** Where spans go instead of OTLP: an in-memory exporter in tests. */
  spanProcessors?: SpanProcessor[];
  /** OTEL_SDK_DISABLED: no tracer at all, every span a no-op. */
  disabled?: boolean;
  /** OTEL_TRACES_SAMPLER_ARG: the share of traces started here that are recorded and exported (callers' choice is kept). */
  sampleRatio?: number;
};

let provider: NodeTracerProvider | undefined;

/**
 * BullMQ makes a span of every poll of a worker, one without a parent when the queue was empty (each few seconds per
 * idle worker): those are dropped; everything else starting a trace is kept, and children follow their parent.
 */
const skipIdlePolls = (ratio: TraceIdRatioBasedSampler): Sampler => ({
  shouldSample: (context, traceId, spanName) =>
    spanName.startsWith('getNextJob ') ? { decision: SamplingDecision.NOT_RECORD } : ratio.shouldSample(context, traceId),
  toString: () => `SkipIdleQueuePolls(${ratio.toString()})`,
});

/**
 * With nowhere to send spans, none is recorded: each still gets its ids, so log lines, `traceresponse` and the
 * `traceparent` passed on name the trace, but no attributes, events or timings are kept (bench:rpc measures the
 * difference).
 */
const recordNothing: Sampler = { shouldSample: () => ({ decision: SamplingDecision.NOT_RECORD }), toString: () => 'RecordNothing' };

/** The tracer of Nivesh's own spans; it does nothing until `initTelemetry` has run. */
export const tracer = trace.getTracer('nivesh');

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
 * (AsyncLocalStorage), and spans exported over OTLP/HTTP in batches when an endpoint is configured. Only the first
 * call of a process counts, so apps built one after another in a test process share one setup (the test's, if it
 * made one first).
 */
export const initTelemetry = (options: TelemetryOptions): void => {
  if (provider || options.disabled) return;
  const spanProcessors =
    options.spanProcessors ?? (options.otlpTracesUrl ? [new BatchSpanProcessor(new OTLPTraceExporter({ url: options.otlpTracesUrl }))] : []);
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    sampler: spanProcessors.length
      ? new ParentBasedSampler({ root: skipIdlePolls(new TraceIdRatioBasedSampler(options.sampleRatio ?? 1)) })
      : recordNothing,
    spanProcessors,
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
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

/** The context a carrier's `traceparent` (and `tracestate`) continue; the root context when it carries none or a malformed one. */
export const contextFrom = <C>(carrier: C, getter: TextMapGetter<C>): Context => propagation.extract(ROOT_CONTEXT, carrier, getter);

/** Runs `fn` with `span` active, so spans started and lines logged inside belong to it. */
export const withSpan = <R>(parent: Context, span: Span, fn: () => R): R => context.with(trace.setSpan(parent, span), fn);
