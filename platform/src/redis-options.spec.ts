import { createRedis, reconnectOnError, redisOptions } from './redis-options';

/** Redis error replies reach ioredis as errors whose message starts with the error code. */
const reply = (message: string): Error => Object.assign(new Error(message), { name: 'ReplyError' });

describe('reconnectOnError', () => {
  it('reconnects and resends the command when Redis answers READONLY (a primary turned replica after a failover)', () => {
    expect(reconnectOnError(reply("READONLY You can't write against a read only replica."))).toBe(2);
  });

  it('leaves every other error to the caller', () => {
    expect(reconnectOnError(reply('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(false);
    expect(reconnectOnError(reply("ERR unknown command 'READONLY'"))).toBe(false);
    expect(reconnectOnError(new Error('Connection is closed.'))).toBe(false);
  });

  it('is part of every client’s options, beside what each use sets', () => {
    expect(redisOptions({ maxRetriesPerRequest: 1 })).toEqual({ reconnectOnError, maxRetriesPerRequest: 1 });
  });
});

describe('createRedis', () => {
  it('keeps reconnecting to an unreachable Redis without an "Unhandled error event" per attempt', async () => {
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Port 1 on loopback: nothing listens, so every connection attempt fails at once.
    const redis = createRedis('redis://127.0.0.1:1', { retryStrategy: () => 20, maxRetriesPerRequest: 0 }, 'test');
    let failures = 0;
    await new Promise<void>((resolve) => redis.on('error', () => ++failures === 3 && resolve()));
    redis.disconnect();
    expect(printed).not.toHaveBeenCalled();
    printed.mockRestore();
  });
});
