import { context, trace } from '@opentelemetry/api';
import { initTelemetry, traceIdsOf, tracer } from './telemetry';

// Its own file: a process sets telemetry up once, and here it is set up with nowhere to send spans, as in production
// without a collector.
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
    expect(child.isRecording()).toBe(false);
  });
});
