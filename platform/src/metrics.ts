import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JobType, Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The metrics of this process's RPC transport, queues and caches. One registry per process: a service serves it on
 * METRICS_PORT (`startMetricsServer`), the gateway beside its own on /metrics. Every series names its pattern, stream
 * group, queue or cache, so services sharing a test process do not mix.
 */
export const processMetrics = new Registry();

const rpcHandleDuration = new Histogram({
  name: 'rpc_handle_duration_seconds',
  help: 'Time a service took to handle an RPC request, by pattern and outcome (ok or the error code).',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processMetrics],
});

/** Each pattern's histogram per outcome, looked up once (prom-client hashes the labels on every call otherwise). */
const handleSeries = new Map<string, Map<string, { observe(value: number): void }>>();

/** Records one handled RPC request. */
export const observeRpcHandled = (pattern: string, outcome: string, seconds: number): void => {
  let byOutcome = handleSeries.get(pattern);
  if (!byOutcome) {
    byOutcome = new Map();
    handleSeries.set(pattern, byOutcome);
  }
  let series = byOutcome.get(outcome);
  if (!series) {
    series = rpcHandleDuration.labels(pattern, outcome);
    byOutcome.set(outcome, series);
  }
  series.observe(seconds);
};

/**
 * Something asked on scrape. A source that fails or has not answered within SOURCE_TIMEOUT_MS (Redis away: the
 * transport's connections wait for it rather than fail) is left out of that scrape instead of failing or holding it.
 */
type Source<T> = () => Promise<T>;

const SOURCE_TIMEOUT_MS = 2_000;

const settled = async <T>(sources: Iterable<Source<T>>): Promise<T[]> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics source timed out')), SOURCE_TIMEOUT_MS);
  });
  try {
    const results = await Promise.allSettled([...sources].map((source) => Promise.race([source(), timeout])));
    return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  } finally {
    clearTimeout(timer);
  }
};

const pendingSources = new Set<Source<{ group: string; pending: number }>>();

new Gauge({
  name: 'rpc_stream_pending',
  help: 'RPC requests read by an instance of the group and not yet answered (the consumer group’s pending entries).',
  labelNames: ['group'] as const,
  registers: [processMetrics],
  async collect() {
    this.reset();
    for (const { group, pending } of await settled(pendingSources)) this.set({ group }, pending);
  },
});

/** Reports a stream group's pending entries on every scrape, until the returned function is called. */
export const watchStreamPending = (source: Source<{ group: string; pending: number }>): (() => void) => {
  pendingSources.add(source);
  return () => pendingSources.delete(source);
};

/** The job states counted on scrape. */
export const QUEUE_STATES: readonly JobType[] = ['waiting', 'prioritized', 'active', 'delayed', 'waiting-children', 'paused', 'failed', 'completed'];

const watchedQueues = new Set<Queue>();

new Gauge({
  name: 'bullmq_queue_jobs',
  help: 'Jobs of the queues this process works, by queue and state.',
  labelNames: ['queue', 'state'] as const,
  registers: [processMetrics],
  async collect() {
    this.reset();
    const counted = await settled([...watchedQueues].map((queue) => async () => ({ queue: queue.name, counts: await queue.getJobCounts(...QUEUE_STATES) })));
    for (const { queue, counts } of counted) {
      for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
    }
  },
});

/** Counts a queue's jobs by state on every scrape, until the returned function is called. */
export const watchQueue = (queue: Queue): (() => void) => {
  watchedQueues.add(queue);
  return () => watchedQueues.delete(queue);
};

const jobFailures = new Counter({
  name: 'bullmq_job_failures_total',
  help: 'Job attempts that failed, by queue (a job retried three times and failing each time counts three).',
  labelNames: ['queue'] as const,
  registers: [processMetrics],
});

export const countJobFailure = (queue: string): void => jobFailures.labels(queue).inc();

const cacheRequests = new Counter({
  name: 'cache_requests_total',
  help: 'Lookups of a cache, by cache and result (hit or miss).',
  labelNames: ['cache', 'result'] as const,
  registers: [processMetrics],
});

export const countCacheLookup = (cache: string, hit: boolean): void => cacheRequests.labels(cache, hit ? 'hit' : 'miss').inc();

let withDefaults: Registry | undefined;

/** This process's metrics with Node's default ones (CPU, memory, event loop lag, GC), registered once per process. */
const serviceRegistry = (): Registry => {
  if (!withDefaults) {
    const defaults = new Registry();
    collectDefaultMetrics({ register: defaults });
    withDefaults = Registry.merge([defaults, processMetrics]);
  }
  return withDefaults;
};

export type MetricsServer = { readonly port: number; close: () => Promise<void> };

/**
 * Serves `GET /metrics` in Prometheus's text format on its own port (a service has no HTTP server otherwise). It does
 * not keep the process alive.
 */
export const startMetricsServer = async (options: { port: number; host: string }): Promise<MetricsServer> => {
  const registry = serviceRegistry();
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`Metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  server.unref();
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
