import Redis, { type RedisOptions } from 'ioredis';
import { createLogger, type Logger } from './logger';

/**
 * After a failover the old primary comes back as a replica and refuses writes with READONLY for as long as a
 * client stays connected to it. 2 tells ioredis to reconnect (the address then leads to the new primary) and to
 * send the failed command again; any other error is the caller's to handle.
 */
export const reconnectOnError = (error: Error): 2 | false => (error.message.startsWith('READONLY') ? 2 : false);

/** The options of every ioredis client of Nivesh; `options` says what differs per use (offline queue, retries, pipelining). */
export const redisOptions = (options: RedisOptions = {}): RedisOptions => ({ reconnectOnError, ...options });

let outageLogger: Logger | undefined;

/**
 * An ioredis client with Nivesh's options and an error listener. Without one, ioredis prints "Unhandled error event"
 * with a stack for every failed reconnect while Redis is away; the commands fail on their own and callers handle that,
 * so one warning per outage is all the log needs (`role` names the client in it).
 */
export function createRedis(url: string, options: RedisOptions, role: string): Redis {
  const redis = new Redis(url, redisOptions(options));
  let reported = false;
  redis.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    outageLogger ??= createLogger('redis', process.env.LOG_LEVEL ?? 'info');
    outageLogger.warn({ client: role, error: error.message }, 'Redis unreachable; reconnecting');
  });
  redis.on('ready', () => (reported = false));
  return redis;
}
