// `npm run bench:hub`: the Intelligence Hub's report on one stock through the gateway, as a logged-in user, with the
// built-in engine (templates, no language model), on the shared NSE data and filings. Goal: a report completes in
// under 2 s, cold and kept.
//   1. cold: BENCH_STOCKS stocks, one at a time, each streamed once from GET /api/hub/stream: no report kept and no
//      market answer stored (MARKET_WARM=false), so the market computes every input. TrendVision's back-tests of those
//      stocks are run first (POST /predict, as the prediction-backtest job does after an import), so the forecast agent
//      reads a stored forecast as in production; a stock not back-tested yet makes that agent run out of time instead;
//   2. kept: the same stocks streamed BENCH_ROUNDS times more (the report of the data version is kept), and the same
//      through the JSON route GET /api/hub/report;
//   3. baselines in the same run: the agents' inputs read straight through the gateway, side by side, for one stock
//      (what the report adds to reading its data), cold for a stock not reported on and stored for one that was, and
//      GET /api/system/ping?service=chat (one RPC round trip).
// Each request carries its own X-Forwarded-For (TRUST_PROXY=true), so the Hub's limit of 20 a minute per client holds.
// Production mode, a throwaway database and Redis prefix; the login code is read from a local SMTP server.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, log } from '../scripts/lib/common.mjs';
import { benchEnvironment, nextAddress, startProcess, waitForOk, withThrowawayStack } from './lib/bench.mjs';
import { NSE_DATA_DIR } from './lib/nse-data.mjs';
import { logInNewAccount, startMailbox } from '../scripts/lib/session.mjs';

const STOCKS = ['RELIANCE', 'INFY', 'HDFCBANK', 'TCS', 'ITC', 'SBIN', 'LT', 'MARUTI'].slice(0, Number(process.env.BENCH_STOCKS || 6));
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
/** The stock whose inputs the cold baseline reads: none of the measured ones, so nothing of it is stored. */
const BASELINE_STOCK = 'WIPRO';
const GOAL_MS = 2_000;
const PORT = 19090;
const FILINGS_DIR = process.env.FUNDAMENTALS_DATA_DIR || path.resolve(ROOT, '../shared/data/fundamentals/xbrl');
const ACCOUNT = { username: 'bench_hub', email: 'bench_hub@example.com', password: 'BenchPassw0rd1' };

const mailbox = await startMailbox();
const { env, databaseName } = benchEnvironment('hub', PORT, {
  MARKET_DATA_DIR: NSE_DATA_DIR,
  MARKET_WARM: 'false',
  PREDICTION_BACKTEST: 'false',
  CHAT_RETENTION_JOB: 'false',
  SMTP_URL: mailbox.url,
  TRUST_PROXY: 'true',
  RATE_LIMIT_PER_MINUTE: '1000000',
});
const base = `http://127.0.0.1:${PORT}`;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${Math.round(value).toLocaleString('en-IN')} ms`;

/** One streamed report: the time to the first agent event and to the report event, and the agents' statuses. */
const streamReport = async (token, symbol) => {
  const started = performance.now();
  const response = await fetch(`${base}/api/hub/stream?symbol=${encodeURIComponent(symbol)}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'accept-encoding': 'gzip, br', 'x-forwarded-for': nextAddress() },
  });
  if (!response.ok) throw new Error(`stream of ${symbol} answered ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  let firstAgent = null;
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    if (firstAgent === null && text.includes('event: agent')) firstAgent = performance.now() - started;
    const at = text.indexOf('event: report\ndata: ');
    if (at !== -1 && text.indexOf('\n\n', at) !== -1) {
      const report = JSON.parse(text.slice(at + 'event: report\ndata: '.length, text.indexOf('\n\n', at)));
      return { firstAgent, total: performance.now() - started, report };
    }
    if (text.includes('event: error')) throw new Error(`stream of ${symbol} ended with an error: ${text.slice(text.indexOf('event: error'))}`);
  }
  throw new Error(`stream of ${symbol} ended without a report`);
};

const getJson = async (url, token) => {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextAddress() } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.detail}`);
  return { ms: performance.now() - started, body };
};

/** What the agents read for one stock, through the gateway, side by side: the floor under a report. */
const readInputs = async (token, symbol) => {
  const started = performance.now();
  await Promise.all([
    getJson(`/api/market/summary?symbol=${symbol}`, token),
    getJson(`/api/market/indicators?symbol=${symbol}&range=1y`, token),
    getJson(`/api/market/risk?symbol=${symbol}&range=1y`, token),
    getJson('/api/market/sentiment?range=1y', token),
    getJson('/api/market/overview', token),
    getJson('/api/market/symbols', token),
    getJson(`/api/fundamentals/stock?symbol=${symbol}`, token),
    fetch(`${base}/predict`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: JSON.stringify({ ticker: symbol }) }).then((response) => response.json()),
  ]);
  return performance.now() - started;
};

const statuses = (reports) => {
  const counts = new Map();
  for (const report of reports) for (const agent of report.agents) if (agent.status !== 'ok') counts.set(`${agent.agent} ${agent.status}`, (counts.get(`${agent.agent} ${agent.status}`) ?? 0) + 1);
  return counts.size ? [...counts].map(([what, count]) => `${what} ×${count}`).join(', ') : 'none';
};

await withThrowawayStack({ env, databaseName, web: false }, async ({ processes, afterStop }) => {
  afterStop(() => mailbox.close());
  for (const [what, args] of [
    ['prices', ['csv', NSE_DATA_DIR]],
    ['filings', ['xbrl', FILINGS_DIR]],
  ]) {
    const imported = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
    if (imported.status !== 0) throw new Error(`${what} import failed: ${imported.stderr}`);
  }
  for (const entry of ['services/market/dist/main.js', 'services/prediction/dist/main.js', 'services/chat/dist/main.js', 'services/auth/dist/main.js', 'gateway/dist/main.js']) {
    processes.push(startProcess(entry, env));
  }
  await waitForOk(`${base}/api/market/status`, 90_000);
  for (const service of ['chat', 'prediction', 'auth']) await waitForOk(`${base}/api/system/ping?service=${service}`, 60_000);
  const token = await logInNewAccount({ base, env, mailbox, account: ACCOUNT });
  log(`stack ready on ${base} (database ${databaseName}); back-testing ${[...STOCKS, BASELINE_STOCK].join(', ')} for TrendVision`);
  for (const symbol of [...STOCKS, BASELINE_STOCK]) {
    const response = await fetch(`${base}/predict`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: JSON.stringify({ ticker: symbol }) });
    if (!response.ok) throw new Error(`back-test of ${symbol} answered ${response.status}`);
  }

  const cold = [];
  for (const symbol of STOCKS) {
    const run = await streamReport(token, symbol);
    if (run.report.cached) throw new Error(`the first report of ${symbol} was a kept one`);
    cold.push(run);
    log(`cold ${symbol.padEnd(10)} first agent ${ms(run.firstAgent)}, report ${ms(run.total)}`);
  }
  // After the first report the market-wide answers (mood, overview) are stored, as for every later cold report: the
  // baseline reads another stock's inputs with its own answers computed afresh, the same state.
  const coldInputs = await readInputs(token, BASELINE_STOCK);
  const kept = [];
  for (let round = 0; round < ROUNDS; round += 1) for (const symbol of STOCKS) kept.push(await streamReport(token, symbol));
  if (kept.some((run) => !run.report.cached)) log('note: some reports were not kept (an agent failed or ran late), so they ran again');
  const keptJson = [];
  for (let round = 0; round < ROUNDS; round += 1) for (const symbol of STOCKS) keptJson.push((await getJson(`/api/hub/report?symbol=${symbol}`, token)).ms);
  const warmInputs = [];
  for (let round = 0; round < ROUNDS; round += 1) warmInputs.push(await readInputs(token, STOCKS[0]));
  const ping = [];
  for (let i = 0; i < ROUNDS * STOCKS.length; i += 1) ping.push((await getJson('/api/system/ping?service=chat', token)).ms);

  const coldTotals = cold.map((run) => run.total);
  const keptTotals = kept.map((run) => run.total);
  const rows = [
    [`cold report, streamed (${cold.length} stocks, one at a time)`, percentile(coldTotals, 50), Math.max(...coldTotals)],
    ['  of which, to the first agent event', percentile(cold.map((run) => run.firstAgent), 50), Math.max(...cold.map((run) => run.firstAgent))],
    [`kept report, streamed (${kept.length})`, percentile(keptTotals, 50), percentile(keptTotals, 99)],
    [`kept report, JSON route (${keptJson.length})`, percentile(keptJson, 50), percentile(keptJson, 99)],
    [`baseline: the agents’ inputs read side by side, cold (${BASELINE_STOCK})`, coldInputs, coldInputs],
    [`baseline: the same, stored (${warmInputs.length})`, percentile(warmInputs, 50), percentile(warmInputs, 99)],
    [`baseline: ping through chat (${ping.length})`, percentile(ping, 50), percentile(ping, 99)],
  ];
  console.log(`\nIntelligence Hub through the gateway (built-in engine), ${new Date().toISOString()} (2 cores, load generator on the same machine)`);
  console.log(`  ${'scenario'.padEnd(64)} ${'p50'.padStart(9)} ${'max/p99'.padStart(9)}`);
  for (const [name, p50, top] of rows) console.log(`  ${name.padEnd(64)} ${ms(p50).padStart(9)} ${ms(top).padStart(9)}`);
  console.log(`  cold report at ${(percentile(coldTotals, 50) / coldInputs).toFixed(2)}× the cold inputs read alone; kept report at ${(percentile(keptTotals, 50) / percentile(ping, 50)).toFixed(2)}× ping`);
  console.log(`  agents that did not answer: cold ${statuses(cold.map((run) => run.report))}; kept ${statuses(kept.map((run) => run.report))}`);
  const met = Math.max(...coldTotals) < GOAL_MS && percentile(keptTotals, 99) < GOAL_MS;
  console.log(`  goal: every report under ${ms(GOAL_MS)}, cold and kept: ${met ? 'met' : 'NOT met'}`);
  if (!met) process.exitCode = 1;
});
