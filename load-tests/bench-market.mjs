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
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  ROOT,
  deleteRedisPrefix,
  dropDatabase,
  ensureBuilt,
  ensureDatabase,
  ensureInfrastructure,
  log,
  migrate,
} from '../scripts/lib/common.mjs';
import { benchEnvironment, startProcess, stopProcess, waitForOk } from './lib/bench.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const PORT = 19020;
const DATA_DIR = process.env.MARKET_DATA_DIR || path.resolve(ROOT, '../shared/data/nse');
const SYMBOLS = ['RELIANCE', 'INFY', 'TCS', 'HDFCBANK', 'ICICIBANK', 'SBIN', 'ITC', 'LT', 'M&M', 'TATASTEEL'];

const { env } = benchEnvironment('mkt', PORT, { RATE_LIMIT_PER_MINUTE: '1000000', MARKET_DATA_DIR: DATA_DIR });
const base = `http://127.0.0.1:${PORT}`;

const start = (entry, extra = {}) => startProcess(entry, { ...env, ...extra });
const waitReady = () => waitForOk(`${base}/api/market/status`);

const importOnce = () => {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', DATA_DIR], { env: { ...process.env, ...env }, encoding: 'utf8' });
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
    await stopProcess(gateway);
    await stopProcess(market);
  }
};

const main = async () => {
  await ensureInfrastructure(env);
  ensureBuilt({ web: false });
  await ensureDatabase(env.DATABASE_URL);
  try {
    migrate({ ...process.env, ...env });
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
