// `npm run bench:market`: market data speed, measured on this machine in one run, as ratios to baselines of the
// same run.
//  1. Import: the whole shared dataset (../shared/data/nse) into a fresh database through the importer CLI, then the
//     same import again (must add nothing), timed; then the market-warm job that computes every stock's common
//     answers for the new data version, timed.
//  2. Baseline: a plain Node http server (load-tests/servers/plain-bytes.cjs) sending the very bytes the gateway sends
//     for 5-year history and 5-year indicators, at the same connection count. It is up beside the gateway, and every
//     scenario of 2 and 3 is loaded for BENCH_DURATION_S (5 s), one after another, BENCH_ROUNDS times (4): a figure is
//     the median of its rounds and a ratio the median of each round's, as in bench:rpc, since this machine's speed
//     drifts by half within minutes.
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
import { benchEnvironment, median, startProcess, stopProcess, waitForOk, waitForWarm, withThrowawayStack } from './lib/bench.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 4);
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
const measure = async (name, url, pathOf, headersOf = () => ({}), expectStatus = 200, { quiet = false } = {}) => {
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
  if (!quiet) log(`${name.padEnd(34)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${row.mbps.toFixed(1)} MB/s`);
  return row;
};

/**
 * Loads every scenario for DURATION_S, one after another, ROUNDS times. This machine's speed drifts by half within
 * minutes, so a scenario is only compared with its baseline in the same round: a row is the median of its rounds, and
 * `roundRatio(row, baseline)` the median of the rounds' ratios.
 */
const inRounds = async (scenarios) => {
  const rounds = Object.fromEntries(Object.keys(scenarios).map((key) => [key, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [key, load] of Object.entries(scenarios)) rounds[key].push(await load());
    log(`round ${round} of ${ROUNDS}: ${Object.entries(rounds).map(([key, runs]) => `${key} ${runs.at(-1).rps.toFixed(0)}`).join(', ')} req/s`);
  }
  const rows = {};
  for (const [key, runs] of Object.entries(rounds)) {
    rows[key] = { name: runs[0].name, rps: median(runs.map((r) => r.rps)), p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)), runs };
  }
  return rows;
};

/** The median over the rounds of `row`'s throughput over `baseline`'s in the same round. */
const roundRatio = (row, baseline) => median(row.runs.map((run, index) => run.rps / baseline.runs[index].rps));

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

/** The plain server, up beside the gateway so that both are loaded in the same rounds. */
const startPlain = async (file) => {
  const child = spawn(process.execPath, [path.join(ROOT, 'load-tests/servers/plain-bytes.cjs')], { env: { ...process.env, PORT: String(PLAIN_PORT), BYTES_FILE: file }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${PLAIN_PORT}`, stop: () => stopProcess(child) };
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
      const plainServer = await startPlain(plain.file);
      try {
        /** One scenario of the rounds: a load that logs nothing (the rounds log each round's figures). */
        const scenario = (name, url, pathOf, headersOf = undefined, status = 200) => () => measure(name, url, pathOf, headersOf, status, { quiet: true });
        const rows = await inRounds({
          ping: scenario('ping (RPC round trip)', base, () => '/api/system/ping?service=market'),
          quote: scenario('quote', base, (s) => `/api/market/quote?symbol=${q(s)}`),
          history: scenario('history 5y, plain JSON', base, historyPath),
          indicators: scenario('indicators 5y, plain JSON', base, indicatorsPath),
          indicatorsBr: scenario('indicators 5y, brotli', base, indicatorsPath, () => BROTLI),
          revalidate: scenario('indicators 5y, 304 revalidation', base, indicatorsPath, (s) => ({ ...BROTLI, 'if-none-match': etags[s] }), 304),
          plainHistory: scenario('plain server: history 5y bytes', plainServer.url, historyPath),
          plainIndicators: scenario('plain server: indicators 5y bytes', plainServer.url, indicatorsPath),
          plainIndicatorsBr: scenario('plain server: indicators 5y brotli', plainServer.url, brotliPath),
        });
        return { warm, rows, sizes: plain.sizes };
      } finally {
        await plainServer.stop();
      }
    });
    const plain = { history: cached.rows.plainHistory, indicators: cached.rows.plainIndicators, indicatorsBr: cached.rows.plainIndicatorsBr };

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
    console.log(`\nsizes: history 5y ${(cached.sizes.history / 1024).toFixed(0)} kB, indicators 5y ${(cached.sizes.indicators / 1024).toFixed(0)} kB, as brotli ${(cached.sizes.indicatorsBr / 1024).toFixed(0)} kB`);
    console.log(`\n${ROUNDS} rounds of ${DURATION_S} s per scenario: medians of the rounds, and of each round's ratio`);
    console.log('\n| scenario (16 connections) | req/s | p50 / p99 | vs baseline |');
    console.log('|---|---|---|---|');
    // The uncached load runs on a stack of its own, outside the rounds: it is compared with the plain server's median.
    const ratioOf = (row, baseline) => (row.runs && baseline.runs ? roundRatio(row, baseline) : row.rps / baseline.rps);
    const line = (label, row, baseline, baselineName) =>
      console.log(`| ${label} | ${row.rps.toFixed(0)} | ${row.p50} / ${row.p99} ms | ${baseline ? `${ratioOf(row, baseline).toFixed(2)} of ${baselineName}` : '—'} |`);
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
