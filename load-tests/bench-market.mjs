// `npm run bench:market`: market data speed, measured on this machine in one run.
//  1. Import: the whole shared dataset (../shared/data/nse) into a fresh database through the importer CLI,
//     then the same import again (must add nothing), timed.
//  2. Through the gateway (HTTP -> gateway -> Redis Streams -> market service -> PostgreSQL), for a quote, a
//     5-year history and 5-year indicators (SMA 20/50, EMA 20, RSI 14, MACD, Bollinger, ATR, ADX,
//     stochastic, OBV and VWAP in one answer): p50/p99 latency and throughput, first with the answer cache
//     off (every request reads PostgreSQL and computes: "cold") and then with it on after one warming
//     request per symbol ("cached"). Requests rotate over ten symbols. The baseline of the same run is
//     GET /api/system/ping?service=market: the same HTTP -> gateway -> Redis Streams -> market round trip with
//     no database work, so "x baseline" shows what reading and computing costs on top of the transport.
//     The status route is measured too (it counts every stored bar).
// A fresh database and Redis prefix are created and removed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
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
} from '../scripts/lib/common.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const PORT = 19020;
const DATA_DIR = process.env.MARKET_DATA_DIR || path.resolve(ROOT, '../shared/data/nse');
const SYMBOLS = ['RELIANCE', 'INFY', 'TCS', 'HDFCBANK', 'ICICIBANK', 'SBIN', 'ITC', 'LT', 'M&M', 'TATASTEEL'];

const runId = randomBytes(3).toString('hex');
const database = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
database.pathname = `/nivesh_bench_${runId}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: database.toString(),
  REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL,
  REDIS_PREFIX: `bmkt${runId}`,
  JWT_SECRET: randomBytes(32).toString('hex'),
  OTP_SECRET: randomBytes(32).toString('hex'),
  RATE_LIMIT_PER_MINUTE: '1000000',
  MARKET_DATA_DIR: DATA_DIR,
  PORT: String(PORT),
  HOST: '127.0.0.1',
};
const base = `http://127.0.0.1:${PORT}`;

const start = (entry, extra = {}) => spawn(process.execPath, [path.join(ROOT, entry)], { env: { ...env, ...extra }, stdio: ['ignore', 'ignore', 'inherit'] });
const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

const waitReady = async () => {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/market/status`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the gateway and market service did not come up');
};

const importOnce = () => {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', DATA_DIR], { env, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`import failed (${result.status}): ${result.stderr}`);
  return { seconds, summary: result.stdout.trim().split('\n').pop() };
};

const SCENARIOS = [
  { name: 'ping (baseline)', path: () => '/api/system/ping?service=market' },
  { name: 'status', path: () => '/api/market/status' },
  { name: 'quote', path: (symbol) => `/api/market/quote?symbol=${encodeURIComponent(symbol)}` },
  { name: 'history 5y', path: (symbol) => `/api/market/history?symbol=${encodeURIComponent(symbol)}&range=5y` },
  { name: 'indicators 5y', path: (symbol) => `/api/market/indicators?symbol=${encodeURIComponent(symbol)}&range=5y` },
];

const measure = async (scenario) => {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: scenario.path(SYMBOLS[next++ % SYMBOLS.length]) }),
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${scenario.name}: ${failed} failed requests`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bytes: result.throughput.average };
};

const phase = async (label, cacheTtl) => {
  const market = start('services/market/dist/main.js', { MARKET_CACHE_TTL_SECONDS: String(cacheTtl) });
  const gateway = start('gateway/dist/main.js');
  try {
    await waitReady();
    // One request per symbol and scenario first: warms PostgreSQL's buffers (both phases) and fills the cache (cached phase).
    for (const scenario of SCENARIOS) for (const symbol of SYMBOLS) await (await fetch(`${base}${scenario.path(symbol)}`)).arrayBuffer();
    const rows = [];
    for (const scenario of SCENARIOS) {
      const figures = await measure(scenario);
      rows.push({ phase: label, scenario: scenario.name, ...figures });
      log(`${label.padEnd(6)} ${scenario.name.padEnd(18)} ${figures.rps.toFixed(0).padStart(7)} req/s  p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(4)} ms  ${(figures.bytes / 1e6).toFixed(1)} MB/s`);
    }
    return rows;
  } finally {
    await stop(gateway);
    await stop(market);
  }
};

const main = async () => {
  await ensureInfrastructure(env);
  ensureBuilt({ web: false });
  await ensureDatabase(env.DATABASE_URL);
  try {
    migrate(env);
    log(`importing ${DATA_DIR} into a fresh database...`);
    const first = importOnce();
    log(`import: ${first.seconds.toFixed(1)} s — ${first.summary}`);
    const again = importOnce();
    log(`re-import (adds nothing): ${again.seconds.toFixed(1)} s — ${again.summary}`);

    log(`${CONNECTIONS} connections, ${DURATION_S} s per scenario, rotating over ${SYMBOLS.length} symbols`);
    const rows = [...(await phase('cold', 0)), ...(await phase('cached', 21_600))];
    const find = (p, s) => rows.find((row) => row.phase === p && row.scenario === s);
    console.log('\n| scenario | cold req/s | cold p50 / p99 | cached req/s | cached p50 / p99 | cached / cold | cold / baseline | cached / baseline |');
    console.log('|---|---|---|---|---|---|---|---|');
    const baseline = find('cold', SCENARIOS[0].name);
    const cachedBaseline = find('cached', SCENARIOS[0].name);
    for (const { name } of SCENARIOS) {
      const cold = find('cold', name);
      const cached = find('cached', name);
      console.log(
        `| ${name} | ${cold.rps.toFixed(0)} | ${cold.p50} / ${cold.p99} ms | ${cached.rps.toFixed(0)} | ${cached.p50} / ${cached.p99} ms | ` +
          `${(cached.rps / cold.rps).toFixed(2)} | ${(cold.rps / baseline.rps).toFixed(2)} | ${(cached.rps / cachedBaseline.rps).toFixed(2)} |`,
      );
    }
    console.log(`\nimport of the whole dataset: ${first.seconds.toFixed(1)} s; re-import: ${again.seconds.toFixed(1)} s`);
  } finally {
    await dropDatabase(env.DATABASE_URL);
    await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX);
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
