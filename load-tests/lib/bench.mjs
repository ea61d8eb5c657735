// Shared by the bench scripts: a throwaway database and Redis prefix with fresh secrets, and single
// processes of the stack started and stopped around a measurement.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  ROOT,
  deleteRedisPrefix,
  dropDatabase,
  ensureBuilt,
  ensureDatabase,
  ensureInfrastructure,
  log,
  migrate,
} from '../../scripts/lib/common.mjs';

/**
 * The environment of one bench run, production mode: database `nivesh_bench_<tag>_<id>` and Redis prefix
 * `b<tag><id>` (the bench creates and drops both), fresh JWT/OTP secrets, and the gateway on 127.0.0.1:`port`.
 * `extra` adds or overrides variables. Returns the env and the database name.
 */
export const benchEnvironment = (tag, port, extra = {}) => {
  const runId = randomBytes(3).toString('hex');
  const database = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  database.pathname = `/nivesh_bench_${tag}_${runId}`;
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.toString(),
    REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL,
    REDIS_PREFIX: `b${tag}${runId}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    OTP_SECRET: randomBytes(32).toString('hex'),
    PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
    DEVICE_ID_SECRET: randomBytes(32).toString('hex'),
    // Production mode refuses the payment simulator; a bench that buys premium names its provider.
    PAYMENT_PROVIDER: 'none',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...extra,
  };
  return { env, databaseName: database.pathname.slice(1) };
};

/**
 * Starts one built process of the stack (e.g. 'gateway/dist/main.js') with `env` over this process's environment.
 * BENCH_PROFILE_DIR=dir writes each process's V8 CPU profile there when it stops (open it in Chrome's DevTools).
 */
export const startProcess = (entry, env) => {
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
  return spawn(process.execPath, [...profile, path.join(ROOT, entry)], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
};

/**
 * The throwaway stack a bench measures, set up and removed around `measure`: PostgreSQL and Redis checked, the code
 * compiled (`web: false` skips the web app), `env`'s database created and every service migrated into it. Then
 * `measure({ processes, afterStop })` runs: what it starts goes into `processes`; `afterStop(close)` adds a clean-up
 * (a client, a mailbox, a folder) run after they have stopped. However it ends, the processes are stopped, the
 * clean-ups run in the order they were added, the database is dropped and the Redis prefix deleted. Returns what
 * `measure` returns; its error is rethrown once all is removed.
 */
export const withThrowawayStack = async ({ env, databaseName, web = true }, measure) => {
  await ensureInfrastructure(env);
  ensureBuilt({ web });
  await ensureDatabase(env.DATABASE_URL);
  const processes = [];
  const cleanUps = [];
  try {
    migrate({ ...process.env, ...env });
    return await measure({ processes, afterStop: (close) => cleanUps.push(close) });
  } finally {
    await Promise.all(processes.map(stopProcess));
    for (const close of cleanUps) await close();
    await dropDatabase(env.DATABASE_URL).catch((error) => console.error(`could not drop ${databaseName}: ${error.message}`));
    await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
  }
};

/** SIGTERM, resolved when the process has exited. */
export const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export const waitForOk = async (url, timeoutMs = 60_000) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
};

/**
 * Waits for the market service's warm job (market-warm) of the current data version to finish, so a measurement
 * sees the steady state users see rather than competing with 774 computations; returns the job's result.
 */
export const waitForWarm = async (env, timeoutMs = 300_000) => {
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue('market-warm', { connection: redis, prefix: `${env.REDIS_PREFIX}:bull` });
  const until = Date.now() + timeoutMs;
  try {
    while (Date.now() < until) {
      const version = (await redis.get(`${env.REDIS_PREFIX}:answers:market:version`)) ?? '0';
      const job = await queue.getJob(`warm-${version}`);
      const state = job ? await job.getState() : 'missing';
      if (state === 'completed') return job.returnvalue;
      if (state === 'failed') throw new Error(`warm job failed: ${job.failedReason}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the market warm job did not finish within ${timeoutMs / 1000} s`);
  } finally {
    await queue.close();
    redis.disconnect();
  }
};

/**
 * What a bench reads the stack's work back through: a PostgreSQL client of `env`'s database (`db`, not yet connected)
 * and the BullMQ queue `name` under `env`'s Redis prefix (`queue`). `close()` closes the queue and ends both connections.
 */
export const databaseAndQueue = (env, name) => {
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection: redis, prefix: `${env.REDIS_PREFIX}:bull` });
  const close = async () => {
    await queue.close().catch(() => undefined);
    redis.disconnect();
    await db.end().catch(() => undefined);
  };
  return { db, queue, close };
};

let address = 0;
/** A fresh client address (for X-Forwarded-For with TRUST_PROXY): each request counts against its own visitor's limits. */
export const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/**
 * autocannon against `url` at `connections` for `durationS`; `request(i)` gives the i-th request's method, path, headers
 * and body, and each is sent from a fresh client address. Throws on any failed request; logs and returns throughput,
 * p50 and p99 (ms) and the number of requests answered.
 */
export const loadFromManyClients = async ({ url, name, connections, durationS, request }) => {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationS,
    requests: [
      {
        setupRequest: (req) => {
          const { headers, ...rest } = request(next++);
          return { ...req, ...rest, headers: { ...req.headers, ...headers, 'x-forwarded-for': nextAddress() } };
        },
      },
    ],
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed) throw new Error(`${name}: ${failed} failed requests`);
  const row = { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
  log(`${name.padEnd(44)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms`);
  return row;
};

/** The median of the numbers given, NaN ones left out (a scenario not run); NaN when none is left. */
export const median = (values) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((x, y) => x - y);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
