// `npm run bench:rpc`: requests per second and p50/p99 latency at 64 connections, in one run on this machine:
//   (a)     a bare Fastify hello-world server (the baseline)
//   (b)     the same cheap call through the real gateway -> Redis Streams -> tracking service -> back
//   (b0)    the same with tracing off: what tracing costs when no collector is configured
//   (f)     a bare Fastify server making the same call on the same transport: the most a gateway on it could reach
//   (c)     the same gateway with its RPC seam on NestJS's built-in Redis transport instead
//   (b-min) a minimal NestJS app (no guards, headers, metrics) -> Redis Streams: the transport alone
//   (c-min) the same minimal app -> NestJS's built-in Redis transport
// (a), (b), (b0) and (f) run BENCH_ROUNDS times (3), interleaved, and the ratios are the medians of each round's: one
// run of any of them swings by a fifth on this shared machine, and a ratio of two runs far apart swings twice that.
// Targets: (b) >= 30% of (a), (b0) >= (c), p99 of (b) < 20 ms, (b) >= 95% of (b0).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  ROOT,
  deleteRedisPrefix,
  ensureBuilt,
  ensureDatabase,
  ensureInfrastructure,
  log,
  migrate,
} from '../scripts/lib/common.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 64);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const WARMUP_S = 2;
const prefix = `bench${randomBytes(3).toString('hex')}`;
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL,
  REDIS_PREFIX: prefix,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  JWT_SECRET: randomBytes(32).toString('hex'),
  OTP_SECRET: randomBytes(32).toString('hex'),
  DEVICE_ID_SECRET: randomBytes(32).toString('hex'),
  PAYMENT_PROVIDER: 'none',
  // The rate limiter stays on (its Redis round trip is part of the cost); the limit is raised above the load.
  RATE_LIMIT_PER_MINUTE: '1000000',
};

/**
 * Starts a process; resolves when it prints the marker, or at once without one (the URL poll decides).
 * BENCH_PROFILE_DIR=dir writes each process's V8 CPU profile there when it stops, as in lib/bench.mjs.
 */
const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
const startProcess = (entry, extraEnv = {}, readyMarker = 'READY') =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...profile, path.join(ROOT, entry)], { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    if (!readyMarker) {
      child.stdout.resume();
      child.stderr.on('data', (chunk) => process.stderr.write(chunk));
      return resolve(child);
    }
    const timer = setTimeout(() => reject(new Error(`${entry} did not start`)), 30_000);
    const onData = (chunk) => {
      if (chunk.toString().includes(readyMarker)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });

const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });

const waitFor = async (url) => {
  for (let i = 0; i < 200; i += 1) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered 200`);
};

const load = async (url) => {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  const failed = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, failed };
};

// BENCH_ONLY=a,b,bmin,c runs a subset while iterating; the printed ratios need all four.
const only = process.env.BENCH_ONLY?.split(',');
const scenario = async (name, processes, url) => {
  const key = /^\((\w+)(?:-(\w+))?\)/.exec(name).slice(1).filter(Boolean).join('');
  if (only && !only.includes(key)) return { rps: NaN, p50: NaN, p99: NaN, requests: 0, failed: 0 };
  log(`bench ${name}: ${url}`);
  const children = [];
  try {
    for (const [entry, extra, marker] of processes) children.push(await startProcess(entry, extra, marker));
    await waitFor(url);
    return await load(url);
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
  }
};

await ensureInfrastructure(env);
ensureBuilt({ web: false });
await ensureDatabase(env.DATABASE_URL);
migrate(env);

const tracking = ['services/tracking/dist/main.js', {}, null];
/** Each round's result of the scenarios run in rounds, by key. */
const rounds = { a: [], b: [], bUntraced: [], f: [] };
const results = {};
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(`bench round ${round} of ${ROUNDS}`);
    rounds.a.push(await scenario('(a) bare Fastify', [['load-tests/servers/fastify-hello.cjs', { PORT: '19001' }]], 'http://127.0.0.1:19001/ping'));
    rounds.b.push(
      await scenario(
        '(b) gateway -> Redis Streams -> service',
        [tracking, ['gateway/dist/main.js', { PORT: '19002', HOST: '127.0.0.1' }, null]],
        'http://127.0.0.1:19002/api/system/ping?service=tracking',
      ),
    );
    // The same chain with OpenTelemetry switched off: what tracing (a span per request, RPC call and handling) costs.
    rounds.bUntraced.push(
      await scenario(
        '(b0) the same, tracing off (OTEL_SDK_DISABLED)',
        [['services/tracking/dist/main.js', { OTEL_SDK_DISABLED: 'true' }, null], ['gateway/dist/main.js', { PORT: '19006', HOST: '127.0.0.1', OTEL_SDK_DISABLED: 'true' }, null]],
        'http://127.0.0.1:19006/api/system/ping?service=tracking',
      ),
    );
    rounds.f.push(await scenario('(f) bare Fastify -> Redis Streams -> service', [tracking, ['load-tests/servers/fastify-rpc.cjs', { PORT: '19007' }]], 'http://127.0.0.1:19007/ping'));
  }
  results.c = await scenario(
    '(c) gateway -> NestJS Redis transport -> service',
    [['load-tests/servers/nest-redis-service.cjs', {}], ['load-tests/servers/gateway-nest-redis.cjs', { PORT: '19005', HOST: '127.0.0.1' }]],
    'http://127.0.0.1:19005/api/system/ping?service=tracking',
  );
  results.bmin = await scenario(
    '(b-min) minimal NestJS gateway -> Redis Streams -> service',
    [tracking, ['load-tests/servers/nest-rpc-gateway.cjs', { PORT: '19003', TRANSPORT: 'streams' }]],
    'http://127.0.0.1:19003/ping',
  );
  results.cmin = await scenario(
    '(c-min) minimal NestJS gateway -> NestJS Redis transport -> service',
    [['load-tests/servers/nest-redis-service.cjs', {}], ['load-tests/servers/nest-rpc-gateway.cjs', { PORT: '19004', TRANSPORT: 'nest-redis' }]],
    'http://127.0.0.1:19004/ping',
  );
} finally {
  await deleteRedisPrefix(env.REDIS_URL, prefix);
}

const median = (values) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((x, y) => x - y);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** A scenario's median round: the median of each figure over the rounds. */
const medianOf = (runs) => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  requests: runs.reduce((sum, r) => sum + r.requests, 0),
  failed: runs.reduce((sum, r) => sum + r.failed, 0),
});
for (const [key, runs] of Object.entries(rounds)) results[key] = medianOf(runs);
/** The median over the rounds of x's throughput over y's in the same round. */
const ratio = (x, y) => median(rounds[x].map((run, index) => run.rps / rounds[y][index].rps));

const row = (label, r) =>
  `${label.padEnd(62)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ${r.failed ? `${r.failed} failed` : ''}`;
console.log(`\nRPC round trip, ${CONNECTIONS} connections, ${DURATION_S} s each (after ${WARMUP_S} s warm-up), ${ROUNDS} rounds of (a), (b), (b0), (f) (medians), ${new Date().toISOString()}`);
console.log(row('(a) bare Fastify hello world', results.a));
console.log(row('(b) gateway -> Redis Streams -> tracking.ping', results.b));
console.log(row('(b0) the same, tracing off (OTEL_SDK_DISABLED=true)', results.bUntraced));
console.log(row('(f) bare Fastify -> Redis Streams -> tracking.ping', results.f));
console.log(row('(c) gateway -> NestJS Redis transport -> tracking.ping', results.c));
console.log(row('(b-min) minimal NestJS app -> Redis Streams -> tracking.ping', results.bmin));
console.log(row('(c-min) minimal NestJS app -> NestJS Redis transport -> ping', results.cmin));
for (const [label, runs] of [['(a)', rounds.a], ['(b)', rounds.b], ['(b0)', rounds.bUntraced], ['(f)', rounds.f]]) {
  console.log(`  rounds of ${label.padEnd(5)} ${runs.map((r) => `${r.rps.toFixed(0)} req/s p99 ${r.p99} ms`).join(' | ')}`);
}
const checks = [
  [`(b)/(a)     = ${ratio('b', 'a').toFixed(2)}  (target >= 0.30)`, ratio('b', 'a') >= 0.3],
  // (c) has no tracing, so the transports are compared with tracing off on both sides.
  [`(b0)/(c)    = ${(results.bUntraced.rps / results.c.rps).toFixed(2)}  (target >= 1.00)`, results.bUntraced.rps / results.c.rps >= 1],
  [`(b-min)/(c-min) = ${(results.bmin.rps / results.cmin.rps).toFixed(2)}  (transport alone)`, true],
  // The lightest call there is, so the largest share tracing can take (mostly AsyncLocalStorage).
  [`(b)/(b0)    = ${ratio('b', 'bUntraced').toFixed(2)}  (what tracing costs without a collector; target >= 0.95)`, ratio('b', 'bUntraced') >= 0.95],
  // Reported, not judged: how much of what the transport allows the gateway's own work leaves.
  [`(b)/(f)     = ${ratio('b', 'f').toFixed(2)}  (the gateway's share of the transport's ceiling)`, true],
  [`(f)/(a)     = ${ratio('f', 'a').toFixed(2)}  (the transport's ceiling)`, true],
  [`p99 of (b)  = ${results.b.p99} ms  (target < 20 ms)`, results.b.p99 < 20],
];
for (const [text, ok] of checks) console.log(`${ok ? 'ok  ' : 'MISS'} ${text}`);
mkdirSync(path.join(ROOT, '.nivesh'), { recursive: true });
writeFileSync(path.join(ROOT, '.nivesh/bench-rpc.json'), JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, rounds, results }, null, 2));
