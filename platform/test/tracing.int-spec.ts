import { randomBytes } from 'node:crypto';
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import type { INestMicroservice } from '@nestjs/common';
import Redis from 'ioredis';
import { z } from 'zod';
import { defineQueue } from '@nivesh/proto';
import { initTelemetry, QueueProducer, QueueWorker, RpcClient, tracer } from '@nivesh/platform';
import { ECHO, startEchoService } from '../src/testing/echo-service';

// Before anything else traces: the in-memory exporter is this process's only span destination.
const exporter = new InMemorySpanExporter();
initTelemetry({ serviceName: 'nivesh-test', spanProcessors: [new SimpleSpanProcessor({ exporter })] });

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `${process.env.REDIS_PREFIX ?? 'obs'}-trace-${randomBytes(4).toString('hex')}`;

const finished = (kind: SpanKind, name: string): ReadableSpan | undefined =>
  exporter.getFinishedSpans().find((span) => span.kind === kind && span.name === name);

const waitFor = async <T>(find: () => T | undefined): Promise<T> => {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not found in time');
};

describe('traces across the RPC hop and BullMQ jobs (real Redis)', () => {
  let echo: INestMicroservice;
  const client = new RpcClient({ redisUrl: REDIS_URL, prefix });

  beforeAll(async () => {
    ({ app: echo } = await startEchoService({ redisUrl: REDIS_URL, prefix, instanceId: 'echo-trace', concurrency: 8 }));
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await echo.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  beforeEach(() => exporter.reset());

  it('a call made inside a span is handled in a SERVER span of the same trace, child of the CLIENT span', async () => {
    const traceId = await tracer.startActiveSpan('request', async (span) => {
      await client.call(ECHO.work, { n: 1 });
      span.end();
      return span.spanContext().traceId;
    });
    const server = await waitFor(() => finished(SpanKind.SERVER, 'rpc echo.work'));
    const callSpan = finished(SpanKind.CLIENT, 'rpc echo.work')!;
    expect(server.spanContext().traceId).toBe(traceId);
    expect(callSpan.spanContext().traceId).toBe(traceId);
    expect(server.parentSpanContext?.spanId).toBe(callSpan.spanContext().spanId);
  });

  it('a job queued inside a span is processed in a span of the same trace, its handler running in it', async () => {
    const queue = defineQueue(`traced-${randomBytes(3).toString('hex')}`, { work: z.object({ n: z.number() }) }, { attempts: 1 });
    const connection = { redisUrl: REDIS_URL, prefix };
    let resolveHandled!: (ids: { traceId: string; spanId: string } | undefined) => void;
    const handled = new Promise<{ traceId: string; spanId: string } | undefined>((resolve) => (resolveHandled = resolve));
    const worker = new QueueWorker(queue, { work: async () => resolveHandled(trace.getActiveSpan()?.spanContext()) }, connection);
    const producer = new QueueProducer(queue, connection);
    try {
      const traceId = await tracer.startActiveSpan('request', async (span) => {
        await producer.add('work', { n: 1 });
        span.end();
        return span.spanContext().traceId;
      });
      const inHandler = await handled;
      expect(inHandler?.traceId).toBe(traceId);
      const processed = await waitFor(() => exporter.getFinishedSpans().find((span) => span.name === `process ${queue.name}`));
      expect(processed.spanContext().traceId).toBe(traceId);
      expect(inHandler?.spanId).toBe(processed.spanContext().spanId);
    } finally {
      await worker.close();
      await producer.close();
    }
  });
});
