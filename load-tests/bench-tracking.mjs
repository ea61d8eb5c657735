// `npm run bench:tracking`: visitor heartbeats through the gateway onto the visitor-heartbeats queue, written to
// PostgreSQL in batches by the tracking service.
//   1. baseline: GET /api/system/ping?service=tracking at BENCH_CONNECTIONS connections for BENCH_DURATION_S;
//   2. flood: POST /api/visitor/track from BENCH_VISITORS simulated visitors (each its own session id and client
//      address), the same connections and duration; every 2xx is an acknowledged heartbeat;
//   3. drain: until the queue is empty; queue lag = when a row was stored − when the gateway queued it, p50/p99;
//   4. correctness: rows = acknowledged heartbeats (0 lost), one row per event (0 duplicated);
//   5. the storage ceiling in the same run: COPY of the same number of rows into the same table;
//   6. crash: a second flood during which the tracking process is killed with SIGKILL mid-batch and started again;
//      again rows = acknowledged, none twice.
// Goals (issue 14): accepted heartbeats/s ≥ 80 % of ping's; queue lag p99 < 5 s; 0 lost and 0 duplicated, with the
// kill as well. Production mode, a throwaway database and Redis prefix.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import { from as copyFrom } from 'pg-copy-streams';
import { log } from '../scripts/lib/common.mjs';
import { benchEnvironment, databaseAndQueue, loadFromManyClients, nextAddress, startProcess, waitForOk, withThrowawayStack } from './lib/bench.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const VISITORS = Number(process.env.BENCH_VISITORS || 2_000);
const CRASH_DURATION_S = Number(process.env.BENCH_CRASH_DURATION_S || 8);
const DRAIN_TIMEOUT_MS = 120_000;
const GOALS = { throughputOfPing: 0.8, lagP99Ms: 5_000 };
const PORT = 19060;
// The raw events table of services/tracking and its columns the bench reads.
const TABLE = 'tracking.visitor_events';

const { env, databaseName } = benchEnvironment('trk', PORT, { TRUST_PROXY: 'true', TRACKING_JOBS: 'false' });
const base = `http://127.0.0.1:${PORT}`;
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];
const PAGES = ['/', '/dashboard', '/technical-analysis', '/market-sentiment', '/ai-predictions', '/risk-detection', '/about'];

/** The i-th heartbeat of the flood: visitor i mod VISITORS, a page view first, then 30-second heartbeats. */
const heartbeat = (run) => (i) => {
  const visitor = i % VISITORS;
  const beat = Math.floor(i / VISITORS);
  const body = {
    session_id: `v_${run}_${visitor}`,
    page_url: `https://nivesh.example${PAGES[(visitor + beat) % PAGES.length]}`,
    user_agent: USER_AGENTS[visitor % USER_AGENTS.length],
    screen_resolution: visitor % 2 ? '1366x768' : '390x844',
    ...(beat === 0 ? { page_load_time: 300 + (visitor % 900) } : { session_duration: beat * 30_000 }),
  };
  return { method: 'POST', path: '/api/visitor/track', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
};

/** A flood for `durationS`; counts the acknowledged (202) heartbeats rather than throwing on failures. */
const flood = async (name, run, durationS) => {
  let next = 0;
  const make = heartbeat(run);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: durationS,
    requests: [{ setupRequest: (req) => { const { headers, ...rest } = make(next++); return { ...req, ...rest, headers: { ...req.headers, ...headers, 'x-forwarded-for': nextAddress() } }; } }],
  });
  const row = { name, rps: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99, accepted: result['2xx'], failed: result.errors + result.timeouts + result.non2xx };
  log(`${name.padEnd(44)} ${row.rps.toFixed(0).padStart(7)} accepted/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${row.failed} failed`);
  return row;
};

const queued = async (queue) => Object.values(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'paused')).reduce((sum, n) => sum + n, 0);

/** Waits until the queue is empty and the table holds `expected` rows of run `run`; the time it took, or null. */
const drain = async (db, queue, run, expected) => {
  const started = performance.now();
  const until = started + DRAIN_TIMEOUT_MS;
  let rows = 0;
  while (performance.now() < until) {
    rows = (await db.query(`SELECT count(*)::int AS n FROM ${TABLE} WHERE session_id LIKE $1`, [`v\\_${run}\\_%`])).rows[0].n;
    if ((await queued(queue)) === 0 && rows >= expected) return { ms: performance.now() - started, rows };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ms: null, rows };
};

/** Rows, distinct events and the queue lag (stored − received) percentiles of one run. */
const audit = async (db, run) =>
  (
    await db.query(
      `SELECT count(*)::int AS rows, count(DISTINCT event_id)::int AS events,
              count(*)::int - count(DISTINCT (session_id, coalesce(session_duration_ms, -1), coalesce(page_load_ms, -1)))::int AS same_heartbeat_twice,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM stored_at - received_at) * 1000) AS lag_p50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM stored_at - received_at) * 1000) AS lag_p99
       FROM ${TABLE} WHERE session_id LIKE $1`,
      [`v\\_${run}\\_%`],
    )
  ).rows[0];

/** COPY of `count` rows shaped like the flood's into the same table: how fast PostgreSQL alone stores them. */
const copyCeiling = async (db, count) => {
  const now = new Date().toISOString();
  const day = now.slice(0, 10);
  const lines = function* () {
    for (let i = 0; i < count; i += 1) yield `${randomUUID()}\tpageview\tv_copy_${i % VISITORS}\t${'0'.repeat(32)}\t${now}\t${day}\t/dashboard\tChrome\tAndroid\tmobile\n`;
  };
  const started = performance.now();
  await pipeline(Readable.from(lines()), db.query(copyFrom(`COPY ${TABLE} (event_id, kind, session_id, visitor_id, received_at, day, path, browser, os, device) FROM STDIN`)));
  const seconds = (performance.now() - started) / 1000;
  return { rows: count, seconds, rps: count / seconds };
};

await withThrowawayStack({ env, databaseName, web: false }, async ({ processes, afterStop }) => {
  const { db, queue, close } = databaseAndQueue(env, 'visitor-heartbeats');
  afterStop(close);
  await db.connect();
  let tracking = startProcess('services/tracking/dist/main.js', env);
  processes.push(startProcess('gateway/dist/main.js', env));
  await waitForOk(`${base}/api/system/ping?service=tracking`, 60_000);
  log(`stack ready on ${base} (database ${databaseName})`);

  const ping = await loadFromManyClients({ url: base, name: `ping, ${CONNECTIONS} connections`, connections: CONNECTIONS, durationS: DURATION_S, request: () => ({ method: 'GET', path: '/api/system/ping?service=tracking', headers: {} }) });
  const intake = await flood(`heartbeats, ${CONNECTIONS} connections`, 'a', DURATION_S);
  const drained = await drain(db, queue, 'a', intake.accepted);
  const first = await audit(db, 'a');
  const copy = await copyCeiling(db, intake.accepted);

  // The crash run: kill -9 the tracking process a few seconds in, while batches are in flight, then start it again.
  const crashFlood = flood(`heartbeats during a kill -9, ${CONNECTIONS} conn.`, 'b', CRASH_DURATION_S);
  await new Promise((resolve) => setTimeout(resolve, (CRASH_DURATION_S * 1000) / 2));
  tracking.kill('SIGKILL');
  await new Promise((resolve) => tracking.once('exit', resolve));
  log('tracking killed with SIGKILL; starting it again');
  tracking = startProcess('services/tracking/dist/main.js', env);
  const crash = await crashFlood;
  const crashDrained = await drain(db, queue, 'b', crash.accepted);
  const second = await audit(db, 'b');
  processes.push(tracking);

  // Each request of a run is a distinct heartbeat (visitor and beat), so a heartbeat stored twice shows as two rows of
  // one (session, duration); rows beyond the acknowledged ones are requests still in flight when the flood stopped,
  // queued but not yet answered (at most one per connection).
  const lost = Math.max(0, intake.accepted - first.rows) + Math.max(0, crash.accepted - second.rows);
  const duplicated = first.rows - first.events + (second.rows - second.events) + first.same_heartbeat_twice + second.same_heartbeat_twice;
  const unanswered = Math.max(0, first.rows - intake.accepted) + Math.max(0, second.rows - crash.accepted);
  const ratio = intake.rps / ping.rps;
  const met = ratio >= GOALS.throughputOfPing && first.lag_p99 < GOALS.lagP99Ms && lost === 0 && duplicated === 0 && drained.ms !== null && crashDrained.ms !== null && intake.failed === 0;

  console.log(`\nVisitor heartbeats through the gateway and the visitor-heartbeats queue, ${new Date().toISOString()} (${os.availableParallelism()} cores, load generator on the same machine)`);
  console.log(`  ${'scenario'.padEnd(46)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'per s'.padStart(8)} ${'failed'.padStart(7)}`);
  console.log(`  ${ping.name.padEnd(46)} ${`${ping.p50} ms`.padStart(8)} ${`${ping.p99} ms`.padStart(8)} ${ping.rps.toFixed(0).padStart(8)} ${'0'.padStart(7)}`);
  for (const row of [intake, crash]) console.log(`  ${row.name.padEnd(46)} ${`${row.p50} ms`.padStart(8)} ${`${row.p99} ms`.padStart(8)} ${row.rps.toFixed(0).padStart(8)} ${String(row.failed).padStart(7)}`);
  console.log(`  accepted heartbeats/s: ${ratio.toFixed(2)} of ping's (goal ≥ ${GOALS.throughputOfPing})`);
  console.log(`  storage: ${intake.accepted.toLocaleString('en-IN')} heartbeats stored ${drained.ms === null ? 'NOT within the timeout' : `${(drained.ms / 1000).toFixed(2)} s after the flood ended`}; queue lag p50 ${Math.round(first.lag_p50)} ms, p99 ${Math.round(first.lag_p99)} ms (goal p99 < ${GOALS.lagP99Ms} ms)`);
  console.log(`  ceiling: COPY of ${copy.rows.toLocaleString('en-IN')} rows into the same table in ${copy.seconds.toFixed(2)} s (${copy.rps.toFixed(0)} rows/s); the flood stored ${(intake.accepted / DURATION_S).toFixed(0)} rows/s, ${(intake.accepted / DURATION_S / copy.rps).toFixed(2)} of it`);
  console.log(`  kill -9 mid-batch: ${crash.accepted.toLocaleString('en-IN')} acknowledged, ${second.rows.toLocaleString('en-IN')} stored${crashDrained.ms === null ? ' (NOT drained in time)' : ''}`);
  console.log(`  lost: ${lost}; duplicated: ${duplicated} (both runs); stored but still unanswered when a flood stopped: ${unanswered}`);
  console.log(`  goals: ${met ? 'met' : 'NOT met'}`);
  if (!met) process.exitCode = 1;
});
