import { randomBytes } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import Redis from 'ioredis';
import { z } from 'zod';
import { defineQueue } from '@nivesh/proto';
import { QueueProducer, QueueWorker, RpcClient, startMetricsServer, type MetricsServer } from '@nivesh/platform';
import { ECHO, startEchoService } from '../src/testing/echo-service';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `${process.env.REDIS_PREFIX ?? 'obs'}-metrics-${randomBytes(4).toString('hex')}`;

describe("a service's Prometheus metrics (real Redis)", () => {
  let echo: INestMicroservice;
  let metrics: MetricsServer;
  const client = new RpcClient({ redisUrl: REDIS_URL, prefix });
  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  beforeAll(async () => {
    ({ app: echo } = await startEchoService({ redisUrl: REDIS_URL, prefix, instanceId: 'echo-metrics', concurrency: 8 }));
    metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await echo.close();
    await metrics.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('serves RPC latency by pattern and outcome after a call, with its stream group and the process metrics', async () => {
    await client.call(ECHO.work, { n: 1 });
    await expect(client.call(ECHO.fail, { kind: 'domain' })).rejects.toMatchObject({ code: 'conflict' });
    const text = await scrape();
    expect(text).toContain('rpc_handle_duration_seconds_count{pattern="echo.work",outcome="ok"} 1');
    expect(text).toContain('rpc_handle_duration_seconds_count{pattern="echo.fail",outcome="conflict"} 1');
    // Both answered: nothing read and left unanswered.
    expect(text).toContain('rpc_stream_pending{group="echo"} 0');
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
  });

  it('counts the jobs of the queues the process works by state, and failed attempts', async () => {
    const queue = defineQueue(`metered-${randomBytes(3).toString('hex')}`, { work: z.object({ fail: z.boolean() }) }, { attempts: 1 });
    const connection = { redisUrl: REDIS_URL, prefix };
    const worker = new QueueWorker(
      queue,
      {
        work: async ({ fail }) => {
          if (fail) throw new Error('SMTP down');
        },
      },
      connection,
    );
    const producer = new QueueProducer(queue, connection);
    try {
      await producer.add('work', { fail: true });
      await producer.add('work', { fail: false });
      for (let tries = 0; tries < 100 && (await producer.raw.getJobCountByTypes('completed', 'failed')) < 2; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const text = await scrape();
      expect(text).toContain(`bullmq_queue_jobs{queue="${queue.name}",state="completed"} 1`);
      expect(text).toContain(`bullmq_queue_jobs{queue="${queue.name}",state="failed"} 1`);
      expect(text).toContain(`bullmq_queue_jobs{queue="${queue.name}",state="waiting"} 0`);
      expect(text).toContain(`bullmq_job_failures_total{queue="${queue.name}"} 1`);
    } finally {
      await worker.close();
      await producer.close();
    }
    // A closed worker's queue leaves the scrape.
    expect(await scrape()).not.toContain(`queue="${queue.name}",state=`);
  });
});
