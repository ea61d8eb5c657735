// The steady mixed load of the chaos suite: a few bounded loops, each sending one request at a time to the gateway on
// the loopback address, every request with a deadline. Each loop records every request and each write it was
// acknowledged (2xx) under a key the database is later searched for.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { razorpayEventBody } from '../lib/razorpay-webhook.mjs';
import { ROOT, SERVICES } from '../lib/common.mjs';
import { NO_CODE } from './report.mjs';

/**
 * The client's deadline for one request, above the longest RPC deadline of the routes used (auth's 10 s): a stack that
 * keeps its own deadlines answers 503 or 504 first, and a request still open at this point hangs.
 */
export const CLIENT_DEADLINE_MS = 15_000;
/** How long a registration waits for its mailed code. */
export const CODE_WAIT_MS = 30_000;

const PAUSE_MS = { registration: 100, heartbeat: 50, payment: 100, transaction: 100, probe: 200 };
/** After a failure a loop waits this long, so a process that is down is asked a few times a second, not thousands. */
const FAILURE_PAUSE_MS = 200;
/** Every so many payment deliveries, one re-sends an event already acknowledged (the same id and bytes). */
const RESEND_EVERY = 5;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every request and every acknowledged write of the run, with epoch-millisecond times. */
export const createRecorder = () => {
  const records = [];
  const acks = [];
  /** Mailed codes that came after CODE_WAIT_MS: seconds from the acknowledged request. */
  const lateCodes = [];
  return {
    records,
    acks,
    lateCodes,
    record: (entry) => records.push(entry),
    ack: (kind, key, at = Date.now()) => acks.push({ kind, key, at }),
  };
};

let address = 0;
/** A client address of its own for each request (X-Forwarded-For, with TRUST_PROXY), so per-address limits stay out of the way. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/**
 * Sends one request and records it: its status (0 when the connection failed, 'timeout' when the deadline passed), its
 * start and end. Answers { ok, status, body } with the body parsed as JSON when it is.
 */
const send = async (recorder, { kind, target, method = 'POST', url, json, raw, headers = {} }) => {
  const start = Date.now();
  let status;
  let body;
  try {
    const response = await fetch(url, {
      method,
      headers: { 'x-forwarded-for': nextAddress(), ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: raw ?? (json === undefined ? undefined : JSON.stringify(json)),
      signal: AbortSignal.timeout(CLIENT_DEADLINE_MS),
    });
    const text = await response.text();
    status = response.status;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  } catch (error) {
    status = error?.name === 'TimeoutError' ? 'timeout' : 0;
  }
  const ok = typeof status === 'number' && status >= 200 && status < 300;
  recorder.record({ kind, target, start, end: Date.now(), status, ok });
  return { ok, status, body };
};

/** Razorpay's signed body for one event of one subscription (as services/premium's payloads build it). */
const webhookFactory = (secret) => {
  const load = createRequire(import.meta.url);
  const { PAYMENT_WEBHOOK_PATH } = load(path.join(ROOT, 'proto/dist/index.js'));
  const { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhookBody } = load(path.join(ROOT, 'platform/dist/index.js'));
  const payloads = load(path.join(ROOT, 'services/premium/dist/payments/razorpay-payloads.js'));
  const start = Math.floor(Date.now() / 1000);
  const period = { start, end: start + 30 * 86_400 };
  const build = (providerId, event) => {
    const body = razorpayEventBody(payloads, { providerId, event, period, tag: 'chaos' });
    const eventId = `evt_${randomBytes(8).toString('hex')}`;
    return { eventId, body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhookBody(body, secret), [EVENT_ID_HEADER]: eventId } };
  };
  return { path: PAYMENT_WEBHOOK_PATH, build };
};

/**
 * Starts the loops. `mailbox.codes` holds the last code mailed to each address; `users` are access tokens for the
 * transaction loops; `subscriptions` are provider ids of subscriptions awaiting payment; `probe.target` is the service
 * the probe pings (the one a fault is on), or null to go round them all. `stop()` resolves once every loop has ended.
 */
export const startLoad = ({ base, runId, recorder, mailbox, users, subscriptions, webhookSecret, stock, probe, loops = { heartbeat: 2, transaction: 2 } }) => {
  let stopped = false;
  const running = [];
  const loop = (name, step) => {
    running.push(
      (async () => {
        while (!stopped) {
          const ok = await step();
          await sleep(ok ? PAUSE_MS[name] : FAILURE_PAUSE_MS);
        }
      })(),
    );
  };

  // Registrations: the signup flow of the web app (request a code, read it from the mail, verify); acknowledged when
  // the verification answers 2xx, and then the account must exist once.
  let registrations = 0;
  loop('registration', async () => {
    registrations += 1;
    const email = `chaos_${runId}_${registrations}@example.com`;
    const account = { username: `chaos_${runId}_${registrations}`, email, password: 'ChaosPassw0rd1' };
    mailbox.codes.delete(email);
    const asked = await send(recorder, { kind: 'registration', url: `${base}/register-request-otp`, json: account });
    if (!asked.ok) return false;
    const askedAt = Date.now();
    while (!mailbox.codes.has(email) && Date.now() - askedAt < CODE_WAIT_MS && !stopped) await sleep(50);
    const otp = mailbox.codes.get(email);
    if (!otp) {
      // Acknowledged, yet no code came in time. Whether it was lost or only late: watched until the run stops.
      if (stopped) return false;
      recorder.record({ kind: 'registration', start: askedAt, end: Date.now(), status: NO_CODE, ok: false });
      void (async () => {
        while (!mailbox.codes.has(email) && !stopped) await sleep(100);
        if (mailbox.codes.has(email)) recorder.lateCodes.push((Date.now() - askedAt) / 1000);
      })();
      return false;
    }
    const verified = await send(recorder, { kind: 'registration', url: `${base}/register-verify-otp`, json: { email, otp } });
    if (verified.ok) recorder.ack('registration', email);
    return verified.ok;
  });

  // Visitor heartbeats: each loop is one browser session whose heartbeats carry a growing duration, the key.
  for (let index = 0; index < loops.heartbeat; index += 1) {
    const session = `chaos-${runId}-${index}`;
    let beat = 0;
    loop('heartbeat', async () => {
      beat += 1;
      const duration = beat * 1_000;
      const sent = await send(recorder, {
        kind: 'heartbeat',
        url: `${base}/api/visitor/track`,
        json: { session_id: session, page_url: `${base}/dashboard`, user_agent: 'nivesh-chaos', screen_resolution: '1366x768', session_duration: duration },
      });
      if (sent.ok) recorder.ack('heartbeat', `${session}|${duration}`);
      return sent.ok;
    });
  }

  // Payment events: Razorpay's webhooks for subscriptions awaiting payment, activated then charged, each event under
  // its own id. A delivery that failed is sent again later with the same id and bytes, as Razorpay retries, and every
  // few deliveries one already acknowledged is sent again on purpose: neither may change anything twice.
  const webhooks = webhookFactory(webhookSecret);
  const failed = [];
  const acknowledged = [];
  let delivery = 0;
  let nextSubscription = 0;
  let nextEvent = 'subscription.activated';
  loop('payment', async () => {
    delivery += 1;
    let webhook;
    if (delivery % RESEND_EVERY === 0 && acknowledged.length) webhook = acknowledged[Math.floor(Math.random() * acknowledged.length)];
    else if (failed.length) webhook = failed.shift();
    else {
      webhook = webhooks.build(subscriptions[nextSubscription % subscriptions.length], nextEvent);
      if (nextEvent === 'subscription.charged') nextSubscription += 1;
      nextEvent = nextEvent === 'subscription.activated' ? 'subscription.charged' : 'subscription.activated';
    }
    const sent = await send(recorder, { kind: 'payment', url: `${base}${webhooks.path}`, raw: webhook.body, headers: webhook.headers });
    if (sent.ok) {
      recorder.ack('payment', webhook.eventId);
      if (!acknowledged.includes(webhook)) acknowledged.push(webhook);
    } else if (!acknowledged.includes(webhook)) failed.push(webhook);
    return sent.ok;
  });

  // Portfolio transactions: logged-in users adding a buy by hand, each with a note of its own, the key.
  for (let index = 0; index < loops.transaction; index += 1) {
    const token = users[index % users.length];
    let count = 0;
    loop('transaction', async () => {
      count += 1;
      const note = `chaos ${runId} ${index} ${count}`;
      const sent = await send(recorder, {
        kind: 'transaction',
        url: `${base}/api/portfolio/transactions`,
        headers: { authorization: `Bearer ${token}` },
        json: { symbol: stock.symbol, date: stock.date, kind: 'buy', quantity: 1, price: stock.close, note },
      });
      if (sent.ok) recorder.ack('transaction', note);
      return sent.ok;
    });
  }

  // The probe: a ping through the gateway to the service under fault (round all of them otherwise), which tells when a
  // service that owns no write path of the load is back.
  let round = 0;
  loop('probe', async () => {
    const target = probe.target ?? SERVICES[round++ % SERVICES.length];
    const sent = await send(recorder, { kind: 'ping', target, method: 'GET', url: `${base}/api/system/ping?service=${target}` });
    return sent.ok;
  });

  return {
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
};
