// `npm run bench:predict`: TrendVision's POST /predict through the gateway, on the shared dataset.
//   1. cold: the first forecast of each symbol, when its walk-forward back-test has to be computed (in the
//      prediction service's worker thread) before the answer, one request at a time;
//   2. stored: the same symbols again, answered from the stored back-test (a forecast fit per request), one at a
//      time and then at BENCH_CONNECTIONS connections for BENCH_DURATION_S;
//   3. baseline in the same run: GET /api/system/ping at the same connections (a round trip through gateway and RPC).
// Requests carry X-Forwarded-For (TRUST_PROXY=true), one address per request, as many visitors would: /predict's
// per-client limit (30 a minute) stays in force. Production mode, a throwaway database and Redis prefix.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, log } from '../scripts/lib/common.mjs';
import { benchEnvironment, loadFromManyClients, nextAddress, startProcess, waitForOk, withThrowawayStack } from './lib/bench.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const PORT = 19030;
const DATA_DIR = process.env.MARKET_DATA_DIR || path.resolve(ROOT, '../shared/data/nse');
const SYMBOLS = ['INFY', 'RELIANCE', 'TCS', 'HDFCBANK', 'NIFTY 50', 'ITC'];

const { env, databaseName } = benchEnvironment('pred', PORT, {
  MARKET_DATA_DIR: DATA_DIR,
  TRUST_PROXY: 'true',
  // Only what the bench asks is computed: no warm job, no back-tests ahead of the first request.
  MARKET_WARM: 'false',
  PREDICTION_BACKTEST: 'false',
});
const base = `http://127.0.0.1:${PORT}`;

const predict = async (ticker) => {
  const started = performance.now();
  const response = await fetch(`${base}/predict`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ ticker }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`/predict ${ticker} answered ${response.status}: ${body.detail}`);
  return { ms: performance.now() - started, body };
};

const percentiles = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { n: sorted.length, p50: at(0.5), p99: at(0.99) };
};

const sequential = async (name, tickers) => {
  const times = [];
  for (const ticker of tickers) times.push((await predict(ticker)).ms);
  const row = { name, ...percentiles(times) };
  log(`${name.padEnd(40)} ${String(row.n).padStart(3)} requests one at a time  p50 ${row.p50.toFixed(0).padStart(5)} ms  p99 ${row.p99.toFixed(0).padStart(5)} ms`);
  return row;
};

const concurrent = (name, request) => loadFromManyClients({ url: base, name, connections: CONNECTIONS, durationS: DURATION_S, request });

await withThrowawayStack({ env, databaseName }, async ({ processes }) => {
  const imported = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', DATA_DIR], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr}`);
  for (const entry of ['services/market/dist/main.js', 'services/prediction/dist/main.js', 'gateway/dist/main.js']) processes.push(startProcess(entry, env));
  // Only market, prediction and the gateway run: /readyz would wait for all six services.
  await waitForOk(`${base}/api/market/status`, 90_000);
  await waitForOk(`${base}/api/system/ping?service=prediction`, 60_000);
  log(`stack ready on ${base} (database ${databaseName})`);

  const cold = await sequential('cold: back-test, then forecast', SYMBOLS);
  const stored = await sequential('stored back-test: forecast only', Array.from({ length: 30 }, (_, i) => SYMBOLS[i % SYMBOLS.length]));
  const body = (i) => JSON.stringify({ ticker: SYMBOLS[i % SYMBOLS.length] });
  const storedLoad = await concurrent(`stored, ${CONNECTIONS} connections`, (i) => ({ method: 'POST', path: '/predict', headers: { 'content-type': 'application/json' }, body: body(i) }));
  const ping = await concurrent(`ping, ${CONNECTIONS} connections`, () => ({ method: 'GET', path: '/api/system/ping?service=prediction', headers: {} }));
  const sample = (await predict('INFY')).body;

  console.log(`\nTrendVision /predict through the gateway, ${new Date().toISOString()} (2 cores, load generator on the same machine)`);
  console.log(`  ${'scenario'.padEnd(40)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(8)}`);
  for (const row of [cold, stored]) console.log(`  ${row.name.padEnd(40)} ${`${row.p50.toFixed(0)} ms`.padStart(8)} ${`${row.p99.toFixed(0)} ms`.padStart(8)} ${'-'.padStart(8)}`);
  for (const row of [storedLoad, ping]) console.log(`  ${row.name.padEnd(40)} ${`${row.p50} ms`.padStart(8)} ${`${row.p99} ms`.padStart(8)} ${row.rps.toFixed(0).padStart(8)}`);
  console.log(`  stored forecasts at ${(storedLoad.rps / ping.rps).toFixed(2)} of ping's throughput; a cold answer costs ${(cold.p50 / stored.p50).toFixed(0)}× a stored one (p50)`);
  console.log(`  INFY: model ${sample.model} (${sample.model_name}), relative MAE h1/h5/h10 ${sample.accuracy.relative_mae.h1}/${sample.accuracy.relative_mae.h5}/${sample.accuracy.relative_mae.h10}, MASE h1/h5/h10 ${sample.accuracy.mase.h1}/${sample.accuracy.mase.h5}/${sample.accuracy.mase.h10}, coverage 80 % ${(sample.accuracy.coverage80 * 100).toFixed(1)} %, 95 % ${(sample.accuracy.coverage95 * 100).toFixed(1)} %`);
});
