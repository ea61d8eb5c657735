import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { type Job, UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { defineQueue } from '@nivesh/proto';
import { type JobHandlers, QueueProcessor, type QueueProcessorOptions, QueueProducer } from '@nivesh/platform';
import { REDIS_URL, scratchRedis } from './scratch-redis';

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> => {
  for (const end = Date.now() + ms; !(await check()); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('QueueProcessor: a Nest provider working one declared queue (real Redis)', () => {
  const { prefix, connection, closeAfterTest, closeNow } = scratchRedis('qp');
  const config = { REDIS_URL, REDIS_PREFIX: prefix };
  const newQueue = () => defineQueue(`work-${randomBytes(3).toString('hex')}`, { work: z.object({ n: z.number(), why: z.string().default('asked') }) }, { attempts: 2, backoffMs: 20 });
  type TestQueue = ReturnType<typeof newQueue>;
  type Work = (data: { n: number; why: string }, job: Job) => Promise<unknown>;

  /** What the test sees of a processor: each step it took, in order, and its log lines. */
  class Worked extends QueueProcessor<TestQueue> {
    override readonly logger = Object.assign(new Logger('test'), { warn: jest.fn<void, [string]>(), error: jest.fn<void, [string]>() });
    readonly steps: string[] = [];

    constructor(
      options: Omit<QueueProcessorOptions<TestQueue>, 'config' | 'words'>,
      private readonly work: Work = async () => undefined,
      private readonly onStopping: () => Promise<void> = async () => undefined,
    ) {
      super({ config, words: 'test work', ...options });
    }

    protected handlers(): JobHandlers<TestQueue> {
      this.steps.push('handlers');
      return { work: (data, job) => this.work(data, job) };
    }

    protected override async started(): Promise<void> {
      this.steps.push('started');
    }

    protected override async stopping(): Promise<void> {
      this.steps.push('stopping');
      await this.onStopping();
    }
  }

  const boot = async (processor: Worked): Promise<Worked> => {
    await processor.onApplicationBootstrap();
    closeAfterTest(() => processor.beforeApplicationShutdown());
    return processor;
  };

  const producerOf = (queue: TestQueue) => {
    const producer = new QueueProducer(queue, connection);
    closeAfterTest(() => producer.close());
    return producer;
  };

  it('starts its worker at bootstrap, then the started hook; a queued job reaches its handler with the parsed payload', async () => {
    const queue = newQueue();
    const seen: unknown[] = [];
    const processor = await boot(new Worked({ queue, concurrency: 1 }, async (data) => seen.push(data)));
    expect(processor.steps).toEqual(['handlers', 'started']);

    await producerOf(queue).add('work', { n: 7 });
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ n: 7, why: 'asked' }]);
  });

  it('disabled: no worker takes the job and no schedule is written, but a schedule that must not exist is removed', async () => {
    const queue = newQueue();
    const producer = producerOf(queue);
    await producer.raw.upsertJobScheduler('stale', { every: 3_600_000 }, { name: 'work', data: { n: 0 } });
    const work = jest.fn<ReturnType<Work>, Parameters<Work>>(async () => undefined);
    const processor = await boot(
      new Worked(
        {
          queue,
          enabled: false,
          schedules: [
            { id: 'nightly', repeat: { pattern: '0 3 * * *', tz: 'Asia/Kolkata' }, name: 'work', data: { n: 1 } },
            { id: 'stale', repeat: null, name: 'work', data: { n: 0 } },
          ],
        },
        work,
      ),
    );
    expect(processor.steps).toEqual([]);

    await producer.add('work', { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(work).not.toHaveBeenCalled();
    expect(await producer.raw.getWaitingCount()).toBeGreaterThanOrEqual(1);
    expect(await producer.raw.getJobSchedulers()).toEqual([]);
  });

  it('writes each schedule once however many instances boot: a cron pattern in its time zone, an interval, and removes a null one', async () => {
    const queue = newQueue();
    const producer = producerOf(queue);
    await producer.raw.upsertJobScheduler('manual', { pattern: '0 18 * * *', tz: 'Asia/Kolkata' }, { name: 'work', data: { n: 0 } });
    const schedules = [
      { id: 'nightly', repeat: { pattern: '0 3 1 1 *', tz: 'Asia/Kolkata' }, name: 'work', data: { n: 1 } },
      { id: 'hourly', repeat: { every: 3_600_000 }, name: 'work', data: { n: 2, why: 'schedule' } },
      { id: 'manual', repeat: null, name: 'work', data: { n: 3 } },
    ] as const;
    await boot(new Worked({ queue, schedules }));
    await boot(new Worked({ queue, schedules }));

    const written = await producer.raw.getJobSchedulers(0, -1, true);
    expect(written.map(({ key, pattern, tz, every, template }) => ({ key, pattern, tz, every, data: template?.data })).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'hourly', pattern: undefined, tz: undefined, every: 3_600_000, data: { n: 2, why: 'schedule' } },
      // Defaults are filled in as a producer's add would.
      { key: 'nightly', pattern: '0 3 1 1 *', tz: 'Asia/Kolkata', every: undefined, data: { n: 1, why: 'asked' } },
    ]);
  });

  it('at shutdown stops taking jobs, runs the stopping hook while the job in hand finishes, and returns once it has', async () => {
    const queue = newQueue();
    const events: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const processor = new Worked(
      { queue, concurrency: 1 },
      async ({ n }) => {
        events.push(`job ${n} started`);
        // Like a batcher's row: the job completes only once the hook lets it.
        await released;
        events.push(`job ${n} done`);
      },
      async () => {
        events.push('stopping');
        release();
      },
    );
    // Not left to afterEach: the test itself shuts it down.
    await processor.onApplicationBootstrap();
    const producer = producerOf(queue);
    await producer.add('work', { n: 1 });
    await until(() => events.length === 1);
    await producer.add('work', { n: 2 });

    await processor.beforeApplicationShutdown();
    events.push('closed');
    expect(events).toEqual(['job 1 started', 'stopping', 'job 1 done', 'closed']);
    expect(await producer.raw.getJobCounts('completed', 'waiting')).toMatchObject({ completed: 1, waiting: 1 });
  });

  it("logs the worker's failures: every failed try as a warning, or only a job given up for good as an error", async () => {
    const queue = newQueue();
    const failing: Work = async ({ n }) => {
      if (n === 2) throw new UnrecoverableError('cannot be read');
      throw new Error('SMTP down');
    };
    const every = await boot(new Worked({ queue, concurrency: 1 }, failing));
    const one = await producerOf(queue).add('work', { n: 1 });
    await until(() => every.logger.warn.mock.calls.length === 2);
    expect(every.logger.error).not.toHaveBeenCalled();
    expect(every.logger.warn.mock.calls).toEqual([[`test work failed (work job ${one.id}, attempt 1 of 2): SMTP down`], [`test work failed (work job ${one.id}, attempt 2 of 2): SMTP down`]]);
    await closeNow();

    const givenUp = await boot(new Worked({ queue, concurrency: 1, failures: 'given-up' }, failing));
    const producer = producerOf(queue);
    const three = await producer.add('work', { n: 3 });
    const two = await producer.add('work', { n: 2 });
    await until(() => givenUp.logger.error.mock.calls.length === 2);
    expect(await producer.raw.getFailedCount()).toBe(3);
    expect(givenUp.logger.warn).not.toHaveBeenCalled();
    expect(givenUp.logger.error.mock.calls.sort()).toEqual(
      [[`test work given up (work job ${three.id}, attempt 2 of 2): SMTP down`], [`test work given up (work job ${two.id}, attempt 1 of 2): cannot be read`]].sort(),
    );
  });
});
