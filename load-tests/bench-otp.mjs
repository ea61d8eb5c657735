// `npm run bench:otp`: how fast one-time codes go out, through the whole chain
//   HTTP -> gateway -> auth service (Redis Streams) -> otp-email queue (BullMQ) -> mail worker -> SMTP.
// Phase 1 paces requests at 50 a second and measures, per code, the time from sending the request to the
// SMTP server accepting the mail (p50/p95). Phase 2 asks as fast as 64 clients can and reports codes/s.
// Forgot-password and login (which verifies an argon2id hash first) are measured separately.
// Every request comes from its own client address (X-Forwarded-For with TRUST_PROXY), as real users
// would, so per-IP limits do not cap the figures; the 30 s per-address cooldown is respected by using
// each account once per phase. A fresh database is created and dropped.
import argon2 from 'argon2';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { log } from '../scripts/lib/common.mjs';
import { benchEnvironment, startProcess, waitForOk, withThrowawayStack } from './lib/bench.mjs';

const RATE = Number(process.env.BENCH_RATE || 50);
const PACED_SECONDS = Number(process.env.BENCH_DURATION_S || 10);
const BURST_CLIENTS = 64;
const BURST_REQUESTS = Number(process.env.BENCH_BURST || 600);
const PORT = 19010;
const PASSWORD = 'BenchPassw0rd';

const { env, databaseName } = benchEnvironment('otp', PORT, { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '1000000' });

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** A real SMTP server that records when it accepted a mail for each recipient. */
const startSmtp = () =>
  new Promise((resolve) => {
    const accepted = new Map();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          const at = performance.now();
          for (const rcpt of session.envelope.rcptTo) accepted.set(rcpt.address.toLowerCase(), at);
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1', () => resolve({ server, accepted, port: server.server.address().port }));
  });

const start = (entry, extra = {}) => startProcess(entry, { ...env, ...extra });
const waitReady = () => waitForOk(`http://127.0.0.1:${PORT}/api/system/ping?service=auth`, 30_000);

let clientCounter = 0;
const clientAddress = () => {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
};

const ask = async (kind, user) => {
  const [url, body] =
    kind === 'forgot'
      ? ['/api/auth/forgot-password', { username: user.username, email: user.email }]
      : ['/login-request-otp', { username: user.username, password: PASSWORD }];
  const sent = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { email: user.email, sent, answered: performance.now(), status: response.status };
};

const collect = async (smtp, results, timeoutMs = 60_000) => {
  const ok = results.filter((result) => result.status === 200);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && ok.some((result) => !smtp.accepted.has(result.email))) await new Promise((resolve) => setTimeout(resolve, 100));
  const delivery = ok.filter((result) => smtp.accepted.has(result.email)).map((result) => smtp.accepted.get(result.email) - result.sent);
  return {
    requests: results.length,
    accepted: ok.length,
    failed: results.length - ok.length,
    delivered: delivery.length,
    httpP50: percentile(results.map((result) => result.answered - result.sent), 50),
    httpP95: percentile(results.map((result) => result.answered - result.sent), 95),
    mailP50: percentile(delivery, 50),
    mailP95: percentile(delivery, 95),
  };
};

/** RATE requests a second for PACED_SECONDS. */
const paced = async (kind, users) => {
  const pending = [];
  const t0 = performance.now();
  for (const [index, user] of users.entries()) {
    const due = t0 + (index * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(ask(kind, user));
  }
  return Promise.all(pending);
};

/** As fast as BURST_CLIENTS clients can ask. */
const burst = async (kind, users) => {
  const queue = [...users];
  const results = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: BURST_CLIENTS }, async () => {
      for (let user = queue.shift(); user; user = queue.shift()) results.push(await ask(kind, user));
    }),
  );
  return { results, seconds: (performance.now() - t0) / 1000 };
};

await withThrowawayStack({ env, databaseName, web: false }, async ({ processes, afterStop }) => {
  const smtp = await startSmtp();
  afterStop(() => smtp.server.close());
  const pacedCount = RATE * PACED_SECONDS;
  const total = 2 * (pacedCount + BURST_REQUESTS);
  log(`seeding ${total} accounts`);
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const users = Array.from({ length: total }, (_, index) => ({ username: `bench_${index}`, email: `bench_${index}@example.com` }));
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  await db.query(
    `INSERT INTO auth.users (username, email, password_hash) SELECT u, u || '@example.com', $1 FROM unnest($2::text[]) AS u`,
    [hash, users.map((user) => user.username)],
  );
  await db.end();

  processes.push(start('services/auth/dist/main.js', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }));
  processes.push(start('gateway/dist/main.js'));
  await waitReady();

  const pacedForgotUsers = users.slice(0, pacedCount);
  const pacedLoginUsers = users.slice(pacedCount, 2 * pacedCount);
  const burstForgotUsers = users.slice(2 * pacedCount, 2 * pacedCount + BURST_REQUESTS);
  const burstLoginUsers = users.slice(2 * pacedCount + BURST_REQUESTS);

  log(`phase 1: ${RATE} forgot-password requests a second for ${PACED_SECONDS} s`);
  const forgot = await collect(smtp, await paced('forgot', pacedForgotUsers));
  log(`phase 1: ${RATE} login requests a second for ${PACED_SECONDS} s`);
  const login = await collect(smtp, await paced('login', pacedLoginUsers));
  log(`phase 2: ${BURST_REQUESTS} forgot-password requests from ${BURST_CLIENTS} clients at once`);
  const forgotBurst = await burst('forgot', burstForgotUsers);
  const forgotBurstStats = await collect(smtp, forgotBurst.results);
  log(`phase 2: ${BURST_REQUESTS} login requests from ${BURST_CLIENTS} clients at once`);
  const loginBurst = await burst('login', burstLoginUsers);
  const loginBurstStats = await collect(smtp, loginBurst.results);

  const f = (n) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'n/a');
  console.log(`\nOne-time codes, ${new Date().toISOString()} (request -> SMTP server accepted the mail)`);
  console.log(`forgot-password at ${RATE}/s: ${forgot.accepted}/${forgot.requests} accepted, ${forgot.delivered} delivered; mail p50 ${f(forgot.mailP50)} p95 ${f(forgot.mailP95)}; HTTP p50 ${f(forgot.httpP50)} p95 ${f(forgot.httpP95)}`);
  console.log(`login        at ${RATE}/s: ${login.accepted}/${login.requests} accepted, ${login.delivered} delivered; mail p50 ${f(login.mailP50)} p95 ${f(login.mailP95)}; HTTP p50 ${f(login.httpP50)} p95 ${f(login.httpP95)}`);
  console.log(`forgot-password, ${BURST_CLIENTS} clients: ${(forgotBurstStats.accepted / forgotBurst.seconds).toFixed(0)} codes requested/s; ${forgotBurstStats.delivered}/${forgotBurstStats.accepted} delivered; mail p95 ${f(forgotBurstStats.mailP95)}`);
  console.log(`login,        ${BURST_CLIENTS} clients: ${(loginBurstStats.accepted / loginBurst.seconds).toFixed(0)} codes requested/s; ${loginBurstStats.delivered}/${loginBurstStats.accepted} delivered; mail p95 ${f(loginBurstStats.mailP95)}`);
});
