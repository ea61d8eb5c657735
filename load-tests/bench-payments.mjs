// `npm run bench:payments`: Razorpay's webhooks through the gateway onto the payment-events queue, applied by the
// premium service.
//   1. BENCH_SUBSCRIPTIONS subscriptions awaiting payment are written with SQL, as a checkout leaves them;
//   2. intake: for each, subscription.activated and subscription.charged (the same period, distinct event ids), each
//      delivered BENCH_DUPLICATES times with the same event id and the same bytes (Razorpay retries until it sees a
//      2xx), shuffled, from BENCH_CONNECTIONS connections; every body is built and signed before the run;
//   3. processing: from the first request until every subscription is active, every event is stored once and the
//      queue is empty;
//   4. correctness: each subscription was activated exactly once, and no event changed anything twice;
//   5. baseline in the same run: GET /api/system/ping?service=premium at the same connections.
// The goal is Razorpay's: a 2xx within a few hundred milliseconds (p99 under 300 ms), and no double activation.
// Production mode, a throwaway database and Redis prefix.
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { razorpayEventBody } from '../scripts/lib/razorpay-webhook.mjs';
import { ROOT, log } from '../scripts/lib/common.mjs';
import { benchEnvironment, databaseAndQueue, loadFromManyClients, nextAddress, startProcess, waitForOk, withThrowawayStack } from './lib/bench.mjs';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS || 300);
const DUPLICATES = Number(process.env.BENCH_DUPLICATES || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const PING_DURATION_S = Number(process.env.BENCH_DURATION_S || 5);
const DRAIN_TIMEOUT_MS = 60_000;
const GOAL_P99_MS = 300;
const PORT = 19050;
const EVENTS = ['subscription.activated', 'subscription.charged'];

// Webhooks need no payment provider: only the secret they are signed with, which the gateway and premium share.
const { env, databaseName } = benchEnvironment('pay', PORT, { TRUST_PROXY: 'true', PREMIUM_JOBS: 'false' });
const base = `http://127.0.0.1:${PORT}`;
const load = createRequire(import.meta.url);
const { PAYMENT_WEBHOOK_PATH } = load(path.join(ROOT, 'proto/dist/index.js'));
const { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhookBody } = load(path.join(ROOT, 'platform/dist/index.js'));

/** Fisher–Yates, in place. */
const shuffle = (items) => {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
};

/** N subscriptions awaiting payment, one user each, written as the checkout leaves them (the test suite does the same). */
const insertPendingSubscriptions = async (db) => {
  const rows = Array.from({ length: SUBSCRIPTIONS }, () => ({ id: randomUUID(), userId: randomUUID(), providerId: `sub_${randomBytes(7).toString('hex')}` }));
  await db.query(
    `INSERT INTO premium.subscriptions (id, user_id, plan_id, status, provider, provider_subscription_id, cancel_at_period_end, created_at, updated_at)
     SELECT id, user_id, 'premium_monthly', 'pending_payment', 'simulator', provider_id, false, now(), now()
     FROM unnest($1::uuid[], $2::text[], $3::text[]) AS t(id, user_id, provider_id)`,
    [rows.map((row) => row.id), rows.map((row) => row.userId), rows.map((row) => row.providerId)],
  );
  return rows;
};

/** Razorpay's body for one event of one subscription, signed. */
const signedWebhook = (payloads, providerId, event, period) => {
  const body = razorpayEventBody(payloads, { providerId, event, period, tag: 'bench' });
  return { body, signature: signWebhookBody(body, env.PAYMENT_WEBHOOK_SECRET), eventId: `evt_${randomBytes(7).toString('hex')}` };
};

/** Every delivery of the run, shuffled: each subscription's two events, each DUPLICATES times with the same id and bytes. */
const buildDeliveries = (subscriptions) => {
  const payloads = load(path.join(ROOT, 'services/premium/dist/payments/razorpay-payloads.js'));
  const start = Math.floor(Date.now() / 1000);
  const period = { start, end: start + 30 * 86_400 };
  const deliveries = [];
  for (const { providerId } of subscriptions) {
    for (const event of EVENTS) {
      const webhook = signedWebhook(payloads, providerId, event, period);
      for (let copy = 0; copy < DUPLICATES; copy += 1) deliveries.push(webhook);
    }
  }
  return shuffle(deliveries);
};

/** Sends every delivery once, from CONNECTIONS connections and a fresh client address each; counts rather than throws on failures. */
const deliverAll = async (deliveries) => {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: deliveries.length,
    requests: [
      {
        setupRequest: (req) => {
          const { body, signature, eventId } = deliveries[next++ % deliveries.length];
          return {
            ...req,
            method: 'POST',
            path: PAYMENT_WEBHOOK_PATH,
            headers: { ...req.headers, 'content-type': 'application/json', [SIGNATURE_HEADER]: signature, [EVENT_ID_HEADER]: eventId, 'x-forwarded-for': nextAddress() },
            body,
          };
        },
      },
    ],
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  // A fixed number of requests ends inside a second: the average of whole seconds would understate the rate.
  const row = { name: `webhooks, ${CONNECTIONS} connections`, rps: result.requests.total / result.duration, seconds: result.duration, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total, failed };
  log(`${row.name.padEnd(44)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${failed} failed`);
  return row;
};

/** Polls until every subscription is active, every distinct event is stored and the queue holds nothing; the time it was first so, or null. */
const waitForDrain = async (db, queue, startedAt) => {
  const until = performance.now() + DRAIN_TIMEOUT_MS;
  let last = { events: 0, active: 0, queued: 0 };
  while (performance.now() < until) {
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM premium.provider_events) AS events,
              (SELECT count(*)::int FROM premium.subscriptions WHERE status = 'active') AS active`,
    );
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
    last = { ...rows[0], queued: Object.values(counts).reduce((sum, n) => sum + n, 0) };
    if (last.events === SUBSCRIPTIONS * EVENTS.length && last.active === SUBSCRIPTIONS && last.queued === 0) return { ms: performance.now() - startedAt, ...last };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { ms: null, ...last };
};

/** What the audit trail says: subscriptions activated more than once, or not exactly once from pending_payment; events applied twice. */
const auditCounts = async (db) => {
  const { rows } = await db.query(
    `WITH per_subscription AS (
       SELECT s.id,
              count(e.id) FILTER (WHERE e.to_status = 'active' AND e.from_status IS DISTINCT FROM 'active') AS activations,
              count(e.id) FILTER (WHERE e.to_status = 'active' AND e.from_status = 'pending_payment') AS from_pending
       FROM premium.subscriptions s LEFT JOIN premium.subscription_events e ON e.subscription_id = s.id
       GROUP BY s.id)
     SELECT (SELECT count(*)::int FROM per_subscription WHERE activations > 1) AS double_activations,
            (SELECT count(*)::int FROM per_subscription WHERE from_pending <> 1) AS not_once_from_pending,
            (SELECT count(*)::int FROM (SELECT provider_event_id FROM premium.subscription_events
                                        WHERE provider_event_id IS NOT NULL GROUP BY provider_event_id HAVING count(*) > 1) AS twice) AS events_applied_twice,
            (SELECT count(*)::int FROM premium.provider_events WHERE outcome = 'applied') AS applied`,
  );
  return rows[0];
};

await withThrowawayStack({ env, databaseName, web: false }, async ({ processes, afterStop }) => {
  const { db, queue, close } = databaseAndQueue(env, 'payment-events');
  afterStop(close);
  await db.connect();
  for (const entry of ['services/premium/dist/main.js', 'gateway/dist/main.js']) processes.push(startProcess(entry, env));
  await waitForOk(`${base}/api/system/ping?service=premium`, 60_000);
  log(`stack ready on ${base} (database ${databaseName})`);

  const subscriptions = await insertPendingSubscriptions(db);
  const deliveries = buildDeliveries(subscriptions);
  log(`${subscriptions.length} subscriptions awaiting payment; ${deliveries.length} deliveries built and signed`);

  const startedAt = performance.now();
  const intake = await deliverAll(deliveries);
  const drain = await waitForDrain(db, queue, startedAt);
  const audit = await auditCounts(db);
  const ping = await loadFromManyClients({ url: base, name: `ping, ${CONNECTIONS} connections`, connections: CONNECTIONS, durationS: PING_DURATION_S, request: () => ({ method: 'GET', path: '/api/system/ping?service=premium', headers: {} }) });

  const distinct = SUBSCRIPTIONS * EVENTS.length;
  const drained = drain.ms !== null;
  const correct = audit.double_activations === 0 && audit.not_once_from_pending === 0 && audit.events_applied_twice === 0;
  const met = intake.p99 < GOAL_P99_MS && intake.failed === 0 && drained && correct;

  console.log(`\nPayment webhooks through the gateway and the payment-events queue, ${new Date().toISOString()} (${os.availableParallelism()} cores, load generator on the same machine)`);
  console.log(`  ${SUBSCRIPTIONS} subscriptions × ${EVENTS.length} events × ${DUPLICATES} copies = ${deliveries.length} deliveries, shuffled`);
  console.log(`  ${'scenario'.padEnd(44)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(8)} ${'non-2xx'.padStart(8)}`);
  for (const row of [intake, ping]) {
    console.log(`  ${row.name.padEnd(44)} ${`${row.p50} ms`.padStart(8)} ${`${row.p99} ms`.padStart(8)} ${row.rps.toFixed(0).padStart(8)} ${String(row.failed ?? 0).padStart(8)}`);
  }
  console.log(`  webhook intake p99 / ping p99: ${(intake.p99 / Math.max(ping.p99, 1)).toFixed(2)}; throughput ${(intake.rps / ping.rps).toFixed(2)} of ping's`);
  if (drained) {
    const lagMs = Math.max(0, drain.ms - intake.seconds * 1000);
    console.log(`  processing: ${distinct} distinct events done ${(drain.ms / 1000).toFixed(2)} s after the first request (${(distinct / (drain.ms / 1000)).toFixed(0)} events/s), ${Math.round(lagMs)} ms after the last answer; queue empty`);
  } else {
    console.log(`  processing: NOT drained within ${DRAIN_TIMEOUT_MS / 1000} s: ${drain.events}/${distinct} events stored, ${drain.active}/${SUBSCRIPTIONS} active, ${drain.queued} jobs queued`);
  }
  console.log(`  of the ${distinct} events, ${audit.applied} changed a subscription and ${distinct - audit.applied} changed nothing (already active for that period)`);
  console.log(`  double activations: ${audit.double_activations}`);
  console.log(`  subscriptions not activated exactly once from pending_payment: ${audit.not_once_from_pending}; events applied more than once: ${audit.events_applied_twice}`);
  console.log(`  goal p99 < ${GOAL_P99_MS} ms with every delivery answered 2xx, and no double activation: ${met ? 'met' : 'NOT met'} (${intake.p99} ms)`);
  if (!met) process.exitCode = 1;
});
