import { Logger } from '@nestjs/common';
import { z } from 'zod';
import { defineQueue } from '@nivesh/proto';
import type { JobHandlers } from './queues';
import { QueueProcessor, type QueueProcessorOptions } from './queue-processor';

const queue = defineQueue('unit-work', { work: z.object({}), other: z.object({}) });
type UnitQueue = typeof queue;
// Nothing listens here: a processor that touched Redis would hang or fail, not pass.
const config = { REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: 'unit' };

class Processor extends QueueProcessor<UnitQueue> {
  override readonly logger = Object.assign(new Logger('test'), { warn: jest.fn(), error: jest.fn() });
  readonly steps: string[] = [];

  constructor(
    options: Partial<QueueProcessorOptions<UnitQueue>>,
    private readonly jobs: Partial<JobHandlers<UnitQueue>>,
  ) {
    super({ queue, config, words: 'unit work', ...options });
  }

  protected handlers(): JobHandlers<UnitQueue> {
    this.steps.push('handlers');
    return this.jobs as JobHandlers<UnitQueue>;
  }

  protected override async started(): Promise<void> {
    this.steps.push('started');
  }

  protected override async stopping(): Promise<void> {
    this.steps.push(this.shuttingDown ? 'stopping (shutting down)' : 'stopping');
  }
}

const handlers: JobHandlers<UnitQueue> = { work: async () => undefined, other: async () => undefined };

describe('QueueProcessor', () => {
  it('disabled, boots without a worker or a connection, and still runs its stopping hook at shutdown', async () => {
    const processor = new Processor({ enabled: false, schedules: [{ id: 'nightly', repeat: { every: 60_000 }, name: 'work', data: {} }] }, handlers);
    await processor.onApplicationBootstrap();
    await processor.beforeApplicationShutdown();
    expect(processor.steps).toEqual(['stopping (shutting down)']);
  });

  it('fails at bootstrap when a job of its queue has no handler, before connecting to anything', async () => {
    const processor = new Processor({}, { work: async () => undefined });
    await expect(processor.onApplicationBootstrap()).rejects.toThrow('Queue unit-work: handlers do not match its jobs. Missing: other.');
    expect(processor.steps).toEqual(['handlers']);
  });
});
