// `npm run bench:market`: market data speed, measured on this machine in one run, as ratios to baselines of the
// same run.
//  1. Import: the whole shared dataset (../shared/data/nse) into a fresh database through the importer CLI, then the
//     same import again (must add nothing), timed; then the market-warm job that computes every stock's common
//     answers for the new data version, timed.
//  2. Baseline: a plain Node http server (load-tests/servers/plain-bytes.cjs) sending the very bytes the gateway sends
//     for 5-year history and 5-year indicators, at the same connection count.
//  3. Through the gateway (HTTP -> gateway -> stored answer bytes; a miss goes on through Redis Streams to the market
//     service): quote, 5-year history, 5-year indicators as plain JSON (as the baseline sends them) and brotli (as a
//     browser asks), a 304 revalidation, and GET /api/system/ping?service=market (an RPC round trip, no data).
//  4. Cold: what the first visitor after an import waits for. A fresh gateway (nothing in its memory) asks once for
//     each stock's 5-year indicators, one request at a time; then the same with the market cache off, so every
//     request reads PostgreSQL and computes (what a user would wait for without the warm job).
// Requests rotate over ten symbols. A fresh database and Redis prefix are created and removed.
import { spawn, spawnSync } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { ROOT, log } from '../scripts/lib/common.mjs';
import { benchEnvironment, startProcess, stopProcess, waitForOk, waitForWarm, withThrowawayStack } from './lib/bench.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const PORT = 19020;
const PLAIN_PORT = 19021;
const DATA_DIR = process.env.MARKET_DATA_DIR || path.resolve(ROOT, '../shared/data/nse');
const SYMBOLS = ['RELIANCE', 'INFY', 'TCS', 'HDFCBANK', 'ICICIBANK', 'SBIN', 'ITC', 'LT', 'M&M', 'TATASTEEL'];

const { env, databaseName } = benchEnvironment('mkt', PORT, { RATE_LIMIT_PER_MINUTE: '1000000', MARKET_DATA_DIR: DATA_DIR });
const base = `http://127.0.0.1:${PORT}`;
const BROTLI = { 'accept-encoding': 'br' };

const start = (entry, extra = {}) => startProcess(entry, { ...env, ...extra });
const waitReady = () => waitForOk(`${base}/api/market/status`);
const q = (symbol) => encodeURIComponent(symbol);
const historyPath = (symbol) => `/api/market/history?symbol=${q(symbol)}&range=5y`;
const indicatorsPath = (symbol) => `/api/market/indicators?symbol=${q(symbol)}&range=5y`;
/** Where the plain server keeps the brotli bytes of a symbol's 5-year indicators. */
const brotliPath = (symbol) => `/br/indicators/${q(symbol)}`;

const importOnce = () => {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', DATA_DIR], { env: { ...process.env, ...env }, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`import failed (${result.status}): ${result.stderr}`);
  return { seconds, summary: result.stdout.trim().split('\n').pop() };
};

/** autocannon at CONNECTIONS connections for DURATION_S; `paths` rotate over the symbols. */
const measure = async (name, url, pathOf, headersOf = () => ({}), expectStatus = 200) => {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (request) => {
          const symbol = SYMBOLS[next++ % SYMBOLS.length];
          return { ...request, path: pathOf(symbol), headers: { ...request.headers, ...headersOf(symbol) } };
        },
      },
    ],
  });
  const failed = result.errors + result.timeouts + (expectStatus === 200 ? result.non2xx : result['2xx']);
  if (failed) throw new Error(`${name}: ${failed} failed requests`);
  const row = { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, mbps: result.throughput.average / 1e6 };
  log(`${name.padEnd(34)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${row.mbps.toFixed(1)} MB/s`);
  return row;
};

/** One request at a time for each of `symbols`: latency of each, p50 and p99. */
const sequential = async (name, symbols, pathOf) => {
  const times = [];
  for (const symbol of symbols) {
    const started = performance.now();
    const response = await fetch(`${base}${pathOf(symbol)}`, { headers: BROTLI });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${name}: ${symbol} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  const row = { name, n: times.length, p50: at(0.5), p99: at(0.99) };
  log(`${name.padEnd(34)} ${row.n} requests one at a time  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms`);
  return row;
};

const bodyOf = async (url, headers = {}) => Buffer.from(await (await fetch(url, { headers })).arrayBuffer());

/** The bytes as sent, not decoded (fetch would decompress them). */
const rawBodyOf = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }));
    }).on('error', reject);
  });

const withStack = async (marketEnv, work) => {
  const market = start('services/market/dist/main.js', marketEnv);
  const gateway = start('gateway/dist/main.js');
  try {
    await waitReady();
    return await work();
  } finally {
    await stopProcess(gateway);
    await stopProcess(market);
  }
};

const plainBaseline = async () => {
  // The exact bytes the gateway sends, per path: plain JSON, and brotli under brotliPath.
  const bodies = {};
  for (const symbol of SYMBOLS) {
    for (const pathOf of [historyPath, indicatorsPath]) {
      const { body } = await rawBodyOf(`${base}${pathOf(symbol)}`);
      bodies[pathOf(symbol)] = { body: body.toString('base64') };
    }
    const { body, encoding } = await rawBodyOf(`${base}${indicatorsPath(symbol)}`, BROTLI);
    if (encoding !== 'br') throw new Error(`indicators of ${symbol} were not sent as brotli`);
    bodies[brotliPath(symbol)] = { body: body.toString('base64'), encoding };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bytes-'));
  const file = path.join(dir, 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const size = (pathOf) => Buffer.from(bodies[pathOf('INFY')].body, 'base64').length;
  return { dir, file, sizes: { history: size(historyPath), indicators: size(indicatorsPath), indicatorsBr: size(brotliPath) } };
};

const runPlain = async (file) => {
  const child = spawn(process.execPath, [path.join(ROOT, 'load-tests/servers/plain-bytes.cjs')], { env: { ...process.env, PORT: String(PLAIN_PORT), BYTES_FILE: file }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const url = `http://127.0.0.1:${PLAIN_PORT}`;
  try {
    return {
      history: await measure('plain server: history 5y bytes', url, historyPath),
      indicators: await measure('plain server: indicators 5y bytes', url, indicatorsPath),
      indicatorsBr: await measure('plain server: indicators 5y brotli', url, brotliPath),
    };
  } finally {
    await stopProcess(child);
  }
};

const main = () =>
  withThrowawayStack({ env, databaseName, web: false }, async ({ afterStop }) => {
    let bytesDir;
    afterStop(() => {
      if (bytesDir) rmSync(bytesDir, { recursive: true, force: true });
    });
    log(`importing ${DATA_DIR} into a fresh database...`);
    const first = importOnce();
    log(`import: ${first.seconds.toFixed(1)} s — ${first.summary}`);
    const again = importOnce();
    log(`re-import (adds nothing): ${again.seconds.toFixed(1)} s — ${again.summary}`);

    log(`${CONNECTIONS} connections, ${DURATION_S} s per scenario, rotating over ${SYMBOLS.length} symbols`);
    const stocks = spawnSync('psql', [env.DATABASE_URL, '-Atc', `SELECT symbol FROM market.symbols WHERE symbol <> 'NIFTY 50' ORDER BY symbol`], { encoding: 'utf8' }).stdout.trim().split('\n');

    // Cached: the market service warms the new version's answers, then users come.
    const cached = await withStack({}, async () => {
      const started = performance.now();
      const warm = await waitForWarm(env);
      log(`warm job: ${warm.computed} answers computed (${warm.already} already stored) in ${(warm.ms / 1000).toFixed(1)} s (${((performance.now() - started) / 1000).toFixed(1)} s after the service started)`);
      const plain = await plainBaseline();
      bytesDir = plain.dir;
      const etags = {};
      for (const symbol of SYMBOLS) etags[symbol] = (await fetch(`${base}${indicatorsPath(symbol)}`, { method: 'GET', headers: BROTLI })).headers.get('etag');
      // Warm the gateway's memory and connections before measuring.
      for (const symbol of SYMBOLS) for (const pathOf of [historyPath, indicatorsPath]) await bodyOf(`${base}${pathOf(symbol)}`, BROTLI);
      const rows = {
        ping: await measure('ping (RPC round trip)', base, () => '/api/system/ping?service=market'),
        quote: await measure('quote', base, (s) => `/api/market/quote?symbol=${q(s)}`),
        history: await measure('history 5y, plain JSON', base, historyPath),
        indicators: await measure('indicators 5y, plain JSON', base, indicatorsPath),
        indicatorsBr: await measure('indicators 5y, brotli', base, indicatorsPath, () => BROTLI),
        revalidate: await measure('indicators 5y, 304 revalidation', base, indicatorsPath, (s) => ({ ...BROTLI, 'if-none-match': etags[s] }), 304),
      };
      return { warm, rows, sizes: plain.sizes, file: plain.file };
    });
    const plain = await runPlain(cached.file);

    // Cold: a fresh gateway; the market service has the warm job's answers stored.
    const firstVisit = await withStack({}, () => sequential('cold: first request after an import', stocks, indicatorsPath));
    // Nothing stored: a new data version (announced as an import would), and the market cache off, so every request
    // reads PostgreSQL and computes.
    const redis = new Redis(env.REDIS_URL);
    const versionKey = `${env.REDIS_PREFIX}:answers:market:version`;
    await redis.publish(versionKey, String(await redis.incr(versionKey)));
    redis.disconnect();
    const uncached = await withStack({ MARKET_CACHE_TTL_SECONDS: '0' }, async () => {
      await sequential('(warm-up)', SYMBOLS.slice(0, 3), indicatorsPath);
      return {
        one: await sequential('uncached, one at a time', stocks, indicatorsPath),
        loaded: await measure('uncached, 16 connections', base, indicatorsPath, () => BROTLI),
      };
    });

    const { rows } = cached;
    const ratio = (a, b) => (a / b).toFixed(2);
    console.log(`\nsizes: history 5y ${(cached.sizes.history / 1024).toFixed(0)} kB, indicators 5y ${(cached.sizes.indicators / 1024).toFixed(0)} kB, as brotli ${(cached.sizes.indicatorsBr / 1024).toFixed(0)} kB`);
    console.log('\n| scenario (16 connections) | req/s | p50 / p99 | vs baseline |');
    console.log('|---|---|---|---|');
    const line = (label, row, baseline, baselineName) => console.log(`| ${label} | ${row.rps.toFixed(0)} | ${row.p50} / ${row.p99} ms | ${baseline ? `${ratio(row.rps, baseline.rps)} of ${baselineName}` : '—'} |`);
    line('plain server, history 5y bytes (baseline)', plain.history);
    line('plain server, indicators 5y bytes (baseline)', plain.indicators);
    line('ping, RPC round trip (baseline)', rows.ping);
    line('quote', rows.quote, rows.ping, 'ping');
    line('history 5y, cached, plain JSON', rows.history, plain.history, 'plain server');
    line('indicators 5y, cached, plain JSON', rows.indicators, plain.indicators, 'plain server');
    line('plain server, indicators 5y brotli bytes (baseline)', plain.indicatorsBr);
    line('indicators 5y, cached, brotli', rows.indicatorsBr, plain.indicatorsBr, 'plain server (brotli)');
    line('indicators 5y, 304 revalidation', rows.revalidate, rows.ping, 'ping');
    line('indicators 5y, uncached (compute every time)', uncached.loaded, plain.indicators, 'plain server');
    console.log('\n| cold 5y indicators, one request at a time | requests | p50 | p99 |');
    console.log('|---|---|---|---|');
    console.log(`| first request after an import (answers warmed, fresh gateway) | ${firstVisit.n} | ${firstVisit.p50.toFixed(1)} ms | ${firstVisit.p99.toFixed(1)} ms |`);
    console.log(`| nothing stored (cache off: PostgreSQL and computation) | ${uncached.one.n} | ${uncached.one.p50.toFixed(1)} ms | ${uncached.one.p99.toFixed(1)} ms |`);
    console.log(`\nimport of the whole dataset: ${first.seconds.toFixed(1)} s; re-import: ${again.seconds.toFixed(1)} s; warm job: ${cached.warm.computed} answers in ${(cached.warm.ms / 1000).toFixed(1)} s`);
  });

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
