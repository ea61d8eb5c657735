import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineQueue, QUEUES } from '@nivesh/proto';
import { QueueProducer, QueueWorker } from '@nivesh/platform';
import { scratchRedis } from './scratch-redis';

describe('BullMQ queues declared in proto/', () => {
  const { connection, closeAfterTest } = scratchRedis('qt');

  it('a worker without a handler for every job name fails at construction, so its service does not boot', () => {
    expect(() => new QueueWorker(QUEUES.visitorHeartbeats, { heartbeat: async () => undefined } as never, connection)).toThrow(
      /visitor-heartbeats: handlers do not match its jobs\. Missing: session-end/,
    );
  });

  it('a producer refuses a payload that breaks the job schema before it reaches Redis', async () => {
    const producer = new QueueProducer(QUEUES.otpEmail, connection);
    closeAfterTest(() => producer.close());
    await expect(producer.add('send-otp', { email: 'not-an-email' } as never)).rejects.toThrow();
    expect(await producer.raw.count()).toBe(0);
  });

  it('a producer that cannot reach Redis answers 503 with a sentence; any other failure stays a fault', async () => {
    const producer = new QueueProducer(QUEUES.otpEmail, connection);
    closeAfterTest(() => producer.close());
    const job = { email: 'asha@example.com', username: 'asha', purpose: 'login', sealed_code: 'x'.repeat(32), expires_at: new Date().toISOString() } as const;
    jest.spyOn(producer.raw, 'add').mockRejectedValueOnce(new Error("Stream isn't writeable and enableOfflineQueue options is false"));
    await expect(producer.add('send-otp', job)).rejects.toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/try again in a moment/) });
    jest.spyOn(producer.raw, 'add').mockRejectedValueOnce(new TypeError('job options are wrong'));
    await expect(producer.add('send-otp', job)).rejects.toBeInstanceOf(TypeError);
  });

  it('retries a failing job with backoff until it succeeds, then keeps it as completed; the worker closes cleanly', async () => {
    const flaky = defineQueue(`flaky-${randomBytes(3).toString('hex')}`, { work: z.object({ n: z.number() }) }, { attempts: 4, backoffMs: 50 });
    const attempts: number[] = [];
    const done = new Promise<number>((resolve) => {
      const worker = new QueueWorker(
        flaky,
        {
          work: async ({ n }) => {
            attempts.push(Date.now());
            if (attempts.length < 3) throw new Error('SMTP down');
            resolve(n);
          },
        },
        connection,
      );
      closeAfterTest(() => worker.close());
    });
    const producer = new QueueProducer(flaky, connection);
    closeAfterTest(() => producer.close());
    await producer.add('work', { n: 42 });

    expect(await done).toBe(42);
    expect(attempts).toHaveLength(3);
    // Exponential backoff from 50 ms: the waits are at least 50 and 100 ms (lower bounds: a busy machine only adds to
    // them, so comparing the two waits with each other would be flaky).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(45);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(95);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await producer.raw.getJobCounts('completed', 'failed', 'waiting', 'delayed')).toEqual(expect.objectContaining({ completed: 1, failed: 0, waiting: 0, delayed: 0 }));
  });

  it('a job that keeps failing ends in the failed set after its attempts, kept for inspection', async () => {
    const broken = defineQueue(`broken-${randomBytes(3).toString('hex')}`, { work: z.object({}) }, { attempts: 2, backoffMs: 20 });
    let calls = 0;
    const worker = new QueueWorker(broken, { work: async () => { calls += 1; throw new Error('always'); } }, connection);
    closeAfterTest(() => worker.close());
    const producer = new QueueProducer(broken, connection);
    closeAfterTest(() => producer.close());
    await producer.add('work', {});
    for (let i = 0; i < 50 && (await producer.raw.getFailedCount()) === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(2);
    expect(await producer.raw.getFailedCount()).toBe(1);
  });
});
