import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A spec's own keys in the real Redis, under a random prefix: what a test gives to `closeAfterTest` is closed when it
 * ends (or by `closeNow`), and every key of the prefix is deleted once the spec is done.
 */
export const scratchRedis = (name: string) => {
  const prefix = `${name}-${randomBytes(4).toString('hex')}`;
  const closers: (() => Promise<void>)[] = [];
  const closeNow = async (): Promise<void> => {
    await Promise.all(closers.splice(0).map((close) => close()));
  };
  afterEach(closeNow);
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  return {
    prefix,
    connection: { redisUrl: REDIS_URL, prefix },
    closeAfterTest: (close: () => Promise<void>): void => void closers.push(close),
    closeNow,
  };
};
