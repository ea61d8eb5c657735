// `npm run chaos`: fault injection under a steady mixed load (issue 18). The suite starts its own PostgreSQL cluster
// and Redis server on ports of their own (never the machine's), the whole stack against them, and a load of
// registrations, visitor heartbeats, payment webhooks and portfolio transactions on the loopback address. Then, one at a
// time: each service and the gateway killed with SIGKILL and started again a second later, the Redis server killed and
// started again on its append-only file, the PostgreSQL cluster restarted immediately (an unclean stop). Per fault it
// reports requests failed by status, the time to recover, and acknowledged writes lost or stored twice, counted from
// the database at the end against what clients were acknowledged. Goals: 0 lost, 0 doubled, recovery within 10 s of
// the process coming back, no request past its deadline; it exits non-zero when one is missed.
// `--short` is the form `npm test` runs (see scripts/chaos/args.mjs); the table goes to .test-results/chaos.md and
// the verdicts to .test-results/chaos.json.
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT, SERVICES, ensureBuilt, ensureDatabase, log, migrate, randomSecrets } from './lib/common.mjs';
import { logInNewAccount, startMailbox } from './lib/session.mjs';
import { USAGE, parseChaosArgs } from './chaos/args.mjs';
import { countStored } from './chaos/audit.mjs';
import { createPgCluster, createRedisServer, dropStaleClusters, freePort } from './chaos/infra.mjs';
import { CODE_WAIT_MS, createRecorder, startLoad } from './chaos/load.mjs';
import { createStack } from './chaos/processes.mjs';
import { GOALS, buildRows, markdownTable, recoveryOf } from './chaos/report.mjs';

const MARKET_DATA_DIR = process.env.MARKET_DATA_DIR || path.resolve(ROOT, '../shared/data/nse');
/** The stocks the transactions buy: two, imported with the market CLI (a fraction of a second, against ~4 s for all). */
const STOCKS = ['TCS', 'INFY'];
/** Subscriptions awaiting payment, written as a checkout leaves them, for the payment events to activate and charge. */
const SUBSCRIPTIONS = 5_000;
const TRANSACTION_USERS = 2;
/** After the load stops: how long queued writes (heartbeats, payment events) get to reach the database. */
const DRAIN_MS = 60_000;

let options;
try {
  options = parseChaosArgs(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error.message}\n${USAGE}\n`);
  process.exit(64);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const runStarted = Date.now();
const runId = randomBytes(3).toString('hex');
const results = path.join(ROOT, '.test-results');
const logDir = path.join(results, 'chaos-logs');
rmSync(logDir, { recursive: true, force: true });
mkdirSync(logDir, { recursive: true });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'nivesh-chaos-'));

// Everything the run starts is stopped on every way out: the end, a failure, Ctrl-C, SIGTERM. Each entry has an
// asynchronous stop and a synchronous one for the process's exit handler (when an error skipped the first).
const cleanups = [];
let cleaned = false;
const cleanUp = async () => {
  if (cleaned) return;
  cleaned = true;
  for (const { name, stop } of cleanups.reverse()) {
    try {
      await stop();
    } catch (error) {
      process.stderr.write(`could not stop ${name}: ${error.message}\n`);
    }
  }
  rmSync(tmp, { recursive: true, force: true });
};
process.on('exit', () => {
  if (cleaned) return;
  for (const { stopNow } of cleanups.reverse()) {
    try {
      stopNow?.();
    } catch {
      // best effort on the way out
    }
  }
  rmSync(tmp, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping the stack and removing the suite's PostgreSQL and Redis`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** A directory in the shared dataset's format holding only STOCKS (links to the dataset's files). */
const stockSubset = () => {
  const dir = path.join(tmp, 'market');
  mkdirSync(dir);
  const [header, ...lines] = readFileSync(path.join(MARKET_DATA_DIR, 'symbols.csv'), 'utf8').trim().split('\n');
  const chosen = lines.filter((line) => STOCKS.includes(line.split(',')[0]));
  writeFileSync(path.join(dir, 'symbols.csv'), `${[header, ...chosen].join('\n')}\n`);
  for (const line of chosen) {
    const file = line.split(',')[1];
    symlinkSync(path.join(MARKET_DATA_DIR, file), path.join(dir, file));
  }
  const last = readFileSync(path.join(MARKET_DATA_DIR, chosen[0].split(',')[1]), 'utf8').trim().split('\n').at(-1).split(',');
  return { dir, stock: { symbol: STOCKS[0], date: last[0], close: Number(last[4]) } };
};

const runNode = (args, env) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} failed (${code}): ${output.trim()}`))));
  });

const insertSubscriptions = async (pool) => {
  const ids = Array.from({ length: SUBSCRIPTIONS }, () => ({ id: randomUUID(), user: randomUUID(), provider: `sub_${randomBytes(7).toString('hex')}` }));
  await pool.query(
    `INSERT INTO premium.subscriptions (id, user_id, plan_id, status, provider, provider_subscription_id, cancel_at_period_end, created_at, updated_at)
     SELECT id, user_id, 'premium_monthly', 'pending_payment', 'simulator', provider_id, false, now(), now()
     FROM unnest($1::uuid[], $2::text[], $3::text[]) AS t(id, user_id, provider_id)`,
    [ids.map((row) => row.id), ids.map((row) => row.user), ids.map((row) => row.provider)],
  );
  return ids.map((row) => row.provider);
};

const setup = {};
const timed = async (name, action) => {
  const started = Date.now();
  const value = await action();
  setup[name] = Date.now() - started;
  log(`${name}: ${seconds(setup[name])}`);
  return value;
};

let exitCode = 1;
try {
  for (const name of dropStaleClusters()) log(`dropped ${name}, left behind by an earlier run`);
  await timed('build (tsc -b)', () => ensureBuilt({ web: false }));

  const [pgPort, redisPort, port] = [await freePort(55433), await freePort(16399), await freePort(18300)];
  const cluster = await timed(`PostgreSQL cluster on port ${pgPort}`, () => createPgCluster({ port: pgPort }));
  cleanups.push({ name: `PostgreSQL cluster ${cluster.name}`, stop: cluster.drop, stopNow: cluster.drop });
  const redis = createRedisServer({ dir: path.join(tmp, 'redis'), port: redisPort, logFile: path.join(logDir, 'redis.log') });
  cleanups.push({ name: 'Redis', stop: redis.kill, stopNow: redis.killNow });
  await timed(`Redis on port ${redisPort}`, () => redis.start());
  const mailbox = await startMailbox();
  cleanups.push({ name: 'mailbox', stop: mailbox.close });

  const base = `http://127.0.0.1:${port}`;
  const { dir: marketDir, stock } = stockSubset();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: cluster.url('nivesh_chaos'),
    REDIS_URL: redis.url,
    REDIS_PREFIX: `chaos${runId}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    SMTP_URL: mailbox.url,
    TRUST_PROXY: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000',
    // Webhooks need no payment provider, only the secret they are signed with.
    PAYMENT_PROVIDER: 'none',
    MARKET_DATA_DIR: marketDir,
    MARKET_WARM: 'false',
    PREDICTION_BACKTEST: 'false',
    NEWS_JOBS: 'false',
    PREMIUM_JOBS: 'false',
    TRACKING_JOBS: 'false',
    CHAT_RETENTION_JOB: 'false',
    ...randomSecrets(),
  };
  await ensureDatabase(env.DATABASE_URL);
  await timed('migrations', () => migrate(env));
  await timed(`market data (${STOCKS.join(', ')}, market CLI)`, () => runNode([path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', marketDir], env));
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  // A restart of PostgreSQL ends the pool's idle connections; the pool replaces them.
  pool.on('error', () => undefined);
  cleanups.push({ name: 'database pool', stop: () => pool.end() });
  const subscriptions = await insertSubscriptions(pool);

  const stack = createStack({ env, logDir });
  cleanups.push({ name: 'the stack', stop: () => stack.stop(), stopNow: stack.killAllNow });
  await timed('stack start', async () => {
    for (const name of [...SERVICES, 'gateway']) stack.start(name);
    await stack.waitReady(base);
  });
  const users = await timed(`${TRANSACTION_USERS} users logged in`, async () => {
    const tokens = [];
    for (let index = 0; index < TRANSACTION_USERS; index += 1) {
      const account = { username: `chaos_pf_${runId}_${index}`, email: `chaos_pf_${runId}_${index}@example.com`, password: 'ChaosPassw0rd1' };
      tokens.push(await logInNewAccount({ base, env, mailbox, account }));
    }
    return tokens;
  });

  const recorder = createRecorder();
  const probe = { target: null };
  const load = startLoad({ base, runId, recorder, mailbox, users, subscriptions, webhookSecret: env.PAYMENT_WEBHOOK_SECRET, stock, probe });
  cleanups.push({ name: 'the load', stop: () => load.stop() });
  const { windows: phase } = options;
  const windows = [];
  const openWindow = (fault) => {
    const window = { fault, start: Date.now(), end: Infinity };
    if (windows.length) windows.at(-1).end = window.start;
    windows.push(window);
    return window;
  };
  const alwaysAffected = (fault) => (SERVICES.includes(fault) ? [`ping:${fault}`] : []);
  const crashes = [];

  log(`${options.form} form: steady load for ${phase.baseline} s, then ${options.faults.join(', ')}`);
  openWindow('none');
  await sleep(phase.baseline * 1000);
  for (const fault of options.faults) {
    const window = openWindow(fault);
    probe.target = SERVICES.includes(fault) ? fault : null;
    await sleep(phase.before * 1000);
    window.killAt = Date.now();
    if (fault === 'postgres') {
      await cluster.restart();
    } else {
      await (fault === 'redis' ? redis.kill() : stack.kill(fault));
      await sleep(phase.down * 1000);
      if (fault === 'redis') await redis.start();
      else stack.start(fault);
    }
    window.backAt = Date.now();
    // The window lasts at least `after` seconds past the restart, and until every affected kind of request has
    // succeeded again (at most `recover` seconds), so a slow recovery is measured rather than cut short.
    while (Date.now() - window.backAt < phase.recover * 1000) {
      await sleep(250);
      if (Date.now() - window.backAt < phase.after * 1000) continue;
      const now = recoveryOf(recorder.records, { ...window, end: Infinity }, alwaysAffected(fault));
      if (now.unrecovered.length === 0) break;
    }
    log(`${fault}: killed at +${seconds(window.killAt - window.start)}, back ${seconds(window.backAt - window.killAt)} later`);
    // A process that ended by itself is a finding; it is started again so the faults after it still mean something.
    for (const exit of stack.unexpectedExits.splice(0)) {
      crashes.push(exit);
      log(`${exit.name} exited by itself (${exit.signal ?? `code ${exit.code}`}); starting it again`);
      stack.start(exit.name);
    }
  }
  windows.at(-1).end = Date.now();
  probe.target = null;
  await load.stop();
  log(`load stopped: ${recorder.records.length} requests, ${recorder.acks.length} acknowledged writes`);

  // Queued writes reach the database shortly after their acknowledgement: wait for them, then count.
  const drainStarted = Date.now();
  let stored = await countStored(pool, recorder.acks);
  while (stored.missing > 0 && Date.now() - drainStarted < DRAIN_MS) {
    await sleep(500);
    stored = await countStored(pool, recorder.acks);
  }
  setup['drain after the load'] = Date.now() - drainStarted;
  crashes.push(...stack.unexpectedExits.splice(0));

  const rows = buildRows({ windows, records: recorder.records, acks: recorder.acks, copies: stored.copies, alwaysAffected });
  for (const crash of crashes) {
    const row = rows[Math.max(0, windows.findIndex((window) => crash.at >= window.start && crash.at < window.end))] ?? rows.at(-1);
    row.problems.push(`${crash.name} exited by itself (${crash.signal ?? `code ${crash.code}`})`);
    row.verdict = 'fail';
  }
  const passed = rows.filter((row) => row.verdict === 'pass').length;
  const totalSeconds = (Date.now() - runStarted) / 1000;
  const table = markdownTable(rows);
  const heading =
    `Chaos, ${options.form} form, ${new Date().toISOString()} (${os.availableParallelism()} cores): ${recorder.records.length} requests, ` +
    `${new Set(recorder.acks.map((ack) => `${ack.kind}\n${ack.key}`)).size} distinct acknowledged writes, ${totalSeconds.toFixed(0)} s in all`;
  const perKind = [...new Set(recorder.records.map((record) => record.kind))].map((kind) => {
    const sent = recorder.records.filter((record) => record.kind === kind).length;
    const acknowledged = new Set(recorder.acks.filter((ack) => ack.kind === kind).map((ack) => ack.key)).size;
    return kind === 'ping' ? `${sent} pings` : `${kind}s ${sent} requests, ${acknowledged} writes acknowledged`;
  });
  const setupLine = `Setup and drain: ${Object.entries(setup)
    .map(([name, ms]) => `${name} ${seconds(ms)}`)
    .join('; ')}. Process logs: .test-results/chaos-logs/.`;
  const late = recorder.lateCodes.length
    ? ` Codes mailed after the ${CODE_WAIT_MS / 1000} s a registration waits: ${recorder.lateCodes.map((after) => `${after.toFixed(0)} s`).join(', ')} after the request.`
    : '';
  const loadLine = `Load: ${perKind.join('; ')}.${late}`;
  console.log(`\n${heading}\n\n${table}\n\n${loadLine}\n${setupLine}\n`);
  console.log(`${passed} of ${rows.length} rows met every goal (0 lost, 0 doubled, recovery ≤ ${GOALS.recoverySeconds} s after the restart, no request past its deadline)`);
  mkdirSync(results, { recursive: true });
  writeFileSync(path.join(results, 'chaos.md'), `${heading}\n\n${table}\n\n${loadLine}\n${setupLine}\n`);
  writeFileSync(
    path.join(results, 'chaos.json'),
    `${JSON.stringify({ form: options.form, seconds: totalSeconds, goals: GOALS, setup_ms: setup, late_codes_s: recorder.lateCodes, passed, failed: rows.length - passed, faults: rows }, null, 2)}\n`,
  );
  exitCode = passed === rows.length ? 0 : 1;
} catch (error) {
  process.stderr.write(`\nchaos: ${error.stack ?? error.message}\n`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
