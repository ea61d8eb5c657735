// `npm run bench:rpc`: requests per second and p50/p99 latency at 64 connections, in one run on this machine:
//   (a)     a bare Fastify hello-world server (the baseline)
//   (b)     the same cheap call through the real gateway -> Redis Streams -> tracking service -> back
//   (b0)    the same with tracing off: what tracing costs when no collector is configured
//   (f)     a bare Fastify server making the same call on the same transport: the most a gateway on it could reach
//   (g)     a bare Fastify server answering after one Redis GET: what one hop to Redis costs, without a second process
//   (c)     the same gateway with its RPC seam on NestJS's built-in Redis transport instead
//   (b-min) a minimal NestJS app (no guards, headers, metrics) -> Redis Streams: the transport alone
//   (c-min) the same minimal app -> NestJS's built-in Redis transport
// (a), (b), (b0), (f) and (g) are started together and stay up; each round loads them one after another for
// BENCH_DURATION_S (5 s), BENCH_ROUNDS times (8), and a ratio is the median of each round's. This machine's speed
// drifts by half within minutes: servers restarted for every run, loaded 10 s apart, gave ratios that swung by a third
// from run to run; adjacent 5 s loads of servers already warm give medians that agree from run to run within 0.02.
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
import { median } from './lib/bench.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 64);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 8);
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

const warm = (url) => autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });

const load = async (url, durationS = DURATION_S) => {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: durationS });
  const failed = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, failed };
};

// BENCH_ONLY=a,b,b0,f,g,bmin,c,cmin runs a subset while iterating; the printed ratios need all of them.
const only = process.env.BENCH_ONLY?.split(',');
const NOT_RUN = { rps: NaN, p50: NaN, p99: NaN, requests: 0, failed: 0 };
const keyOf = (name) => /^\((\w+)(?:-(\w+))?\)/.exec(name).slice(1).filter(Boolean).join('');
const startAll = async (processes) => {
  const children = [];
  for (const [entry, extra, marker] of processes) children.push(await startProcess(entry, extra, marker));
  return children;
};
const stopAll = async (children) => {
  for (const child of children.reverse()) await stopProcess(child);
};

/** A scenario started for itself, warmed, loaded once and stopped. */
const scenario = async (name, processes, url) => {
  if (only && !only.includes(keyOf(name))) return NOT_RUN;
  log(`bench ${name}: ${url}`);
  const children = [];
  try {
    children.push(...(await startAll(processes)));
    await waitFor(url);
    await warm(url);
    return await load(url, 2 * DURATION_S);
  } finally {
    await stopAll(children);
  }
};

await ensureInfrastructure(env);
ensureBuilt({ web: false });
await ensureDatabase(env.DATABASE_URL);
migrate(env);

const tracking = ['services/tracking/dist/main.js', {}, null];
/** The scenarios loaded in rounds, all up at once: each on a Redis prefix of its own. */
const interleaved = [
  ['a', '(a) bare Fastify', [['load-tests/servers/fastify-hello.cjs', { PORT: '19001' }]], 'http://127.0.0.1:19001/ping'],
  [
    'b',
    '(b) gateway -> Redis Streams -> service',
    [['services/tracking/dist/main.js', { REDIS_PREFIX: `${prefix}b` }, null], ['gateway/dist/main.js', { REDIS_PREFIX: `${prefix}b`, PORT: '19002', HOST: '127.0.0.1' }, null]],
    'http://127.0.0.1:19002/api/system/ping?service=tracking',
  ],
  // The same chain with OpenTelemetry switched off: what tracing (a span per request, RPC call and handling) costs.
  [
    'bUntraced',
    '(b0) the same, tracing off (OTEL_SDK_DISABLED)',
    [
      ['services/tracking/dist/main.js', { REDIS_PREFIX: `${prefix}u`, OTEL_SDK_DISABLED: 'true' }, null],
      ['gateway/dist/main.js', { REDIS_PREFIX: `${prefix}u`, PORT: '19006', HOST: '127.0.0.1', OTEL_SDK_DISABLED: 'true' }, null],
    ],
    'http://127.0.0.1:19006/api/system/ping?service=tracking',
  ],
  [
    'f',
    '(f) bare Fastify -> Redis Streams -> service',
    [['services/tracking/dist/main.js', { REDIS_PREFIX: `${prefix}f` }, null], ['load-tests/servers/fastify-rpc.cjs', { REDIS_PREFIX: `${prefix}f`, PORT: '19007' }]],
    'http://127.0.0.1:19007/ping',
  ],
  ['g', '(g) bare Fastify -> one Redis GET', [['load-tests/servers/fastify-redis-get.cjs', { REDIS_PREFIX: `${prefix}g`, PORT: '19008' }]], 'http://127.0.0.1:19008/ping'],
].filter(([, name]) => !only || only.includes(keyOf(name)));
/** Each round's result of the scenarios run in rounds, by key. */
const rounds = { a: [], b: [], bUntraced: [], f: [], g: [] };
const results = {};
const running = [];
try {
  for (const [, name, processes, url] of interleaved) {
    log(`bench ${name}: ${url}`);
    running.push(...(await startAll(processes)));
    await waitFor(url);
  }
  for (const [, , , url] of interleaved) await warm(url);
  for (let round = 1; round <= ROUNDS; round += 1) {
    const line = [];
    for (const [key, , , url] of interleaved) {
      const result = await load(url);
      rounds[key].push(result);
      line.push(`${key} ${result.rps.toFixed(0)}`);
    }
    log(`bench round ${round} of ${ROUNDS}: ${line.join(', ')} req/s`);
  }
  await stopAll(running.splice(0));
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
  await stopAll(running);
  for (const suffix of ['', 'b', 'u', 'f', 'g']) await deleteRedisPrefix(env.REDIS_URL, `${prefix}${suffix}`);
}

/** A scenario's median round: the median of each figure over the rounds. */
const medianOf = (runs) => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  requests: runs.reduce((sum, r) => sum + r.requests, 0),
  failed: runs.reduce((sum, r) => sum + r.failed, 0),
});
for (const [key, runs] of Object.entries(rounds)) results[key] = runs.length ? medianOf(runs) : NOT_RUN;
/** The median over the rounds of x's throughput over y's in the same round. */
const ratio = (x, y) => (rounds[x].length && rounds[y].length ? median(rounds[x].map((run, index) => run.rps / rounds[y][index].rps)) : NaN);

const row = (label, r) =>
  `${label.padEnd(62)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ${r.failed ? `${r.failed} failed` : ''}`;
console.log(
  `\nRPC round trip, ${CONNECTIONS} connections: (a), (b), (b0), (f), (g) up together, ${ROUNDS} rounds of ${DURATION_S} s each (medians); ` +
    `(c), (b-min), (c-min) ${2 * DURATION_S} s each; ${WARMUP_S} s warm-up; ${new Date().toISOString()}`,
);
console.log(row('(a) bare Fastify hello world', results.a));
console.log(row('(b) gateway -> Redis Streams -> tracking.ping', results.b));
console.log(row('(b0) the same, tracing off (OTEL_SDK_DISABLED=true)', results.bUntraced));
console.log(row('(f) bare Fastify -> Redis Streams -> tracking.ping', results.f));
console.log(row('(g) bare Fastify -> one Redis GET', results.g));
console.log(row('(c) gateway -> NestJS Redis transport -> tracking.ping', results.c));
console.log(row('(b-min) minimal NestJS app -> Redis Streams -> tracking.ping', results.bmin));
console.log(row('(c-min) minimal NestJS app -> NestJS Redis transport -> ping', results.cmin));
for (const [label, runs] of [['(a)', rounds.a], ['(b)', rounds.b], ['(b0)', rounds.bUntraced], ['(f)', rounds.f], ['(g)', rounds.g]]) {
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
  [`(f)/(a)     = ${ratio('f', 'a').toFixed(2)}  (the transport's ceiling${ratio('f', 'a') < 0.3 ? ': below the 0.30 target, which no gateway on this transport can then reach' : ''})`, true],
  [`(g)/(a)     = ${ratio('g', 'a').toFixed(2)}  (one hop to Redis, for scale)`, true],
  [`p99 of (b)  = ${results.b.p99} ms  (target < 20 ms)`, results.b.p99 < 20],
];
for (const [text, ok] of checks) console.log(`${ok ? 'ok  ' : 'MISS'} ${text}`);
mkdirSync(path.join(ROOT, '.nivesh'), { recursive: true });
writeFileSync(path.join(ROOT, '.nivesh/bench-rpc.json'), JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, rounds, results }, null, 2));
