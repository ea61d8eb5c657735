import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

export type HeartbeatOptions = {
  redisUrl: string;
  /** Sorted set of live instances, scored by their last beat (epoch milliseconds). */
  key: string;
  member: string;
  intervalMs: number;
  /** Members silent this long are removed from the set. */
  forgetAfterMs: number;
  onError: (error: Error) => void;
};

/** A running heartbeat: stop() ends it cleanly, kill() as if the process died. */
export type Heartbeat = { stop: () => Promise<void>; kill: () => void };

// Plain JavaScript, evaluated by the worker, so it runs the same from dist and from the TypeScript sources under Jest.
// Each beat is scheduled after the previous one ends, so beats do not pile up while Redis is unreachable.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Redis = require(workerData.ioredis);
const { redisUrl, key, member, intervalMs, forgetAfterMs } = workerData;
// reconnectOnError of redis-options.ts, written out: a function cannot be handed to a worker.
const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false) });
// A missed beat is retried on the next tick; the service's own clients report an outage.
redis.on('error', () => undefined);
let timer;
let stopped = false;
const beat = () => {
  const now = Date.now();
  return redis.multi().zadd(key, now, member).zremrangebyscore(key, '-inf', now - forgetAfterMs).exec();
};
const next = () => {
  if (!stopped) timer = setTimeout(() => beat().catch(() => undefined).then(next), intervalMs);
};
beat().then(() => {
  parentPort.postMessage('beating');
  next();
});
parentPort.once('message', () => {
  stopped = true;
  clearTimeout(timer);
  redis.quit().catch(() => redis.disconnect()).finally(() => parentPort.close());
});
`;

/**
 * Beats from a worker thread with its own Redis connection, so a handler that keeps the event loop busy does
 * not make its instance look dead to siblings and callers. Resolves once the first beat is stored. The worker
 * does not keep the process alive.
 */
export const startHeartbeat = async ({ onError, ...options }: HeartbeatOptions): Promise<Heartbeat> => {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...options, ioredis: require.resolve('ioredis') } });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  await once(worker, 'message');
  worker.on('error', onError);
  return {
    stop: async () => {
      worker.postMessage('stop');
      await exited;
    },
    kill: () => void worker.terminate(),
  };
};
