import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { EVENTS } from '@nivesh/proto';
import { EventPublisher } from '@nivesh/platform';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('events declared in proto/, published to the real Redis', () => {
  const prefix = `ev-${randomBytes(4).toString('hex')}`;
  const redis = new Redis(REDIS_URL);
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const publisher = new EventPublisher({ redisUrl: REDIS_URL, prefix });
  const queues = Object.values(EVENTS.marketDataChanged.subscribers).map(({ queue }) => new Queue(queue.name, { connection, prefix: `${prefix}:bull` }));

  afterAll(async () => {
    await publisher.close();
    await Promise.all(queues.map((queue) => queue.close()));
    connection.disconnect();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  /** Each queue's waiting jobs as [id, name, data], by id. */
  const waiting = async (): Promise<Record<string, unknown[][]>> =>
    Object.fromEntries(
      await Promise.all(
        queues.map(async (queue) => [queue.name, (await queue.getJobs(['waiting'])).map((job) => [job.id, job.name, job.data]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))]),
      ),
    );

  it('one publish gives each subscriber’s queue its job under the declared id; publishing it again queues nothing more', async () => {
    await publisher.publish(EVENTS.marketDataChanged, { version: '5' });
    await publisher.publish(EVENTS.marketDataChanged, { version: '5' });
    await publisher.deliver(EVENTS.marketDataChanged, 'marketWarm', { version: '5' });
    expect(await waiting()).toEqual({
      'portfolio-alerts': [['alerts-5', 'evaluate', { version: '5' }]],
      'prediction-backtest': [['backtest-5', 'backtest', { version: '5' }]],
      'market-warm': [['warm-5', 'warm', { version: '5' }]],
    });
  });

  it('a new version is a new job in each queue but the excepted ones', async () => {
    await publisher.publish(EVENTS.marketDataChanged, { version: '6' }, { except: ['marketWarm'] });
    const ids = Object.fromEntries(Object.entries(await waiting()).map(([queue, jobs]) => [queue, jobs.map(([id]) => id)]));
    expect(ids).toEqual({ 'portfolio-alerts': ['alerts-5', 'alerts-6'], 'prediction-backtest': ['backtest-5', 'backtest-6'], 'market-warm': ['warm-5'] });
  });
});
