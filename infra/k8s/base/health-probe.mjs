// Health probes for Nivesh processes, run inside their container (Kubernetes exec probes, docker compose healthchecks).
//
//   node /probe/health-probe.mjs start [app]   booted: the instance beats in its service's live set
//   node /probe/health-probe.mjs live  [app]   not wedged; a dependency that is down never fails it
//   node /probe/health-probe.mjs ready [app]   booted, and its own PostgreSQL and Redis answer
//
// app: `gateway` or a service's name; by default the one the image runs (its APP, e.g. services/auth).
// Services answer RPC from a Redis stream and listen on no port, so nothing can ask them over HTTP; what shows a
// service instance is up is its heartbeat in `<prefix>:rpc:<service>:instances`, a member named
// `<service>-<hostname>-<pid>-…` (RedisStreamsServer). In a pod the hostname is the pod's name, so the probe finds
// its own process. For the gateway, `ready` asks its /healthz and its dependencies: not /readyz, which also fails
// when any one service has no live instance and would take every gateway out of the load balancer at once.
//
// Reads REDIS_URL, REDIS_PREFIX, DATABASE_URL and PORT as the apps do. Exits 0 when the check passes, 1 when it
// fails, 2 on bad arguments; prints one line saying which check failed.
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Each check has this long; the probes' timeoutSeconds leave room for node to start. */
export const CHECK_TIMEOUT_MS = 2_000;
/** An instance whose last beat is older than this is not alive (RPC_TIMING.deadAfterMs is 2 s; slack for a busy node). */
export const BEAT_MAX_AGE_MS = 5_000;
export const MODES = ['start', 'live', 'ready'];

/** The app an image runs, from its APP build argument (infra/Dockerfile): `gateway` or `services/<name>`. */
export const appOf = (env) => (env.APP ? path.basename(env.APP) : undefined);

/** The Redis key of a service's live instances (platform/src/rpc-keys.ts). */
export const instancesKey = (prefix, service) => `${prefix}:rpc:${service}:instances`;

/**
 * Whether this container's instance beat recently. `members` is ZRANGE … WITHSCORES as pairs; an instance is
 * `<service>-<host>-<pid>-<random>`, so the prefix up to the host names this container whatever its pid.
 */
export const hasFreshBeat = (members, { service, host, now, maxAgeMs = BEAT_MAX_AGE_MS }) =>
  members.some(([member, score]) => member.startsWith(`${service}-${host}-`) && now - Number(score) <= maxAgeMs);

/**
 * What a probe decides from what it saw. `redis` and `postgres` are 'ok', 'failed' or undefined (not asked);
 * `beat` is true, false, or undefined when Redis could not be asked; `http` is the gateway's /healthz.
 */
export const verdict = (mode, app, seen) => {
  const gateway = app === 'gateway';
  if (mode === 'live') {
    // A dependency that is down is not this process's fault: restarting it would not help.
    if (gateway) return seen.http === 'ok' ? { ok: true } : { ok: false, reason: 'the gateway does not answer /healthz' };
    if (seen.redis !== 'ok') return { ok: true };
    return seen.beat ? { ok: true } : { ok: false, reason: 'Redis answers but this instance no longer beats' };
  }
  if (gateway) {
    if (seen.http !== 'ok') return { ok: false, reason: 'the gateway does not answer /healthz' };
  } else if (seen.redis === 'ok' && !seen.beat) {
    return { ok: false, reason: 'this instance has not joined its service (no recent heartbeat)' };
  }
  if (seen.redis !== 'ok') return { ok: false, reason: 'Redis does not answer' };
  if (mode === 'ready' && seen.postgres !== 'ok') return { ok: false, reason: 'PostgreSQL does not answer' };
  return { ok: true };
};

const within = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms).unref())]);

const outcome = async (check) => {
  try {
    return await check();
  } catch {
    return 'failed';
  }
};

/** The app's own dependencies, resolved from its working directory (/app in the image), as the app resolves them. */
const appRequire = () => createRequire(path.join(process.cwd(), 'package.json'));

const askRedis = async (env, app) => {
  const Redis = appRequire()('ioredis');
  const redis = new Redis(env.REDIS_URL || 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    connectTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await within(redis.connect(), CHECK_TIMEOUT_MS, 'redis');
    await within(redis.ping(), CHECK_TIMEOUT_MS, 'redis');
    if (app === 'gateway') return { redis: 'ok' };
    const flat = await within(redis.zrange(instancesKey(env.REDIS_PREFIX || 'nivesh', app), 0, -1, 'WITHSCORES'), CHECK_TIMEOUT_MS, 'redis');
    const members = [];
    for (let i = 0; i < flat.length; i += 2) members.push([flat[i], flat[i + 1]]);
    return { redis: 'ok', beat: hasFreshBeat(members, { service: app, host: hostname(), now: Date.now() }) };
  } catch {
    return { redis: 'failed' };
  } finally {
    redis.disconnect();
  }
};

const askPostgres = async (env) => {
  const { Client } = appRequire()('pg');
  const client = new Client({ connectionString: env.DATABASE_URL, connectionTimeoutMillis: CHECK_TIMEOUT_MS, statement_timeout: CHECK_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await within(client.connect(), CHECK_TIMEOUT_MS, 'postgres');
    await within(client.query('SELECT 1'), CHECK_TIMEOUT_MS, 'postgres');
    return 'ok';
  } finally {
    await client.end().catch(() => undefined);
  }
};

const askHealthz = async (env) => {
  const response = await fetch(`http://127.0.0.1:${env.PORT || 8080}/healthz`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  return response.ok ? 'ok' : 'failed';
};

/** Runs one probe; resolves with the exit code. */
export const probe = async (mode, app, env = process.env) => {
  const gateway = app === 'gateway';
  const [http, redisSeen, postgres] = await Promise.all([
    gateway ? outcome(() => askHealthz(env)) : undefined,
    mode === 'live' && gateway ? {} : askRedis(env, app),
    mode === 'ready' ? outcome(() => askPostgres(env)) : undefined,
  ]);
  const result = verdict(mode, app, { http, postgres, ...redisSeen });
  if (!result.ok) process.stdout.write(`${app} ${mode}: ${result.reason}\n`);
  return result.ok ? 0 : 1;
};

const main = async () => {
  const [mode, app = appOf(process.env)] = process.argv.slice(2);
  if (!MODES.includes(mode) || !/^[a-z][a-z0-9-]*$/.test(app ?? '')) {
    process.stderr.write(`Usage: node health-probe.mjs ${MODES.join('|')} [gateway|service name; default: from APP]\n`);
    process.exit(2);
  }
  process.exit(await probe(mode, app));
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
