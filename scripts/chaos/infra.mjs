// The chaos suite's own PostgreSQL cluster and Redis server, on ports of their own: the machine's PostgreSQL (cluster
// 15/main, port 5432) and Redis (port 6379) are never touched.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

const PG_VERSION = '15';
const CLUSTER_PREFIX = 'nivesh-chaos-';
const MACHINE_PORTS = new Set([5432, 6379]);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const portIsFree = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The first free port from `from` on (never the machine's own PostgreSQL or Redis port). */
export const freePort = async (from) => {
  for (let port = from; port < from + 100; port += 1) if (!MACHINE_PORTS.has(port) && (await portIsFree(port))) return port;
  throw new Error(`no free port in ${from}–${from + 99}`);
};

const pgTool = (tool, args) => {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.error?.code === 'ENOENT') {
    throw new Error(`${tool} is not installed: the fault-injection suite makes its own PostgreSQL ${PG_VERSION} cluster with Debian's postgresql-common (apt-get install postgresql-${PG_VERSION} redis-server).`);
  }
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${(result.stderr || result.stdout || String(result.error)).trim()}`);
  return result.stdout;
};

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Drops clusters an earlier run left behind when it was killed outright (named after a process that no longer runs). */
export const dropStaleClusters = () => {
  const listed = spawnSync('pg_lsclusters', ['-h'], { encoding: 'utf8' }).stdout ?? '';
  const dropped = [];
  for (const line of listed.split('\n')) {
    const [version, name] = line.trim().split(/\s+/);
    const pid = name?.startsWith(CLUSTER_PREFIX) ? Number(name.slice(CLUSTER_PREFIX.length)) : NaN;
    if (version !== PG_VERSION || !Number.isInteger(pid) || alive(pid)) continue;
    spawnSync('pg_dropcluster', ['--stop', PG_VERSION, name]);
    dropped.push(name);
  }
  return dropped;
};

/**
 * A PostgreSQL 15 cluster of this run (`nivesh-chaos-<pid>`, trust authentication, data in a temporary directory), started
 * on `port`.
 * `restart()` is an immediate (unclean) stop and a start, resolved once the server accepts connections again; `drop()`
 * stops and removes it.
 */
export const createPgCluster = ({ port }) => {
  const name = `${CLUSTER_PREFIX}${process.pid}`;
  // The cluster runs as the postgres user: its data lives in a temporary directory of that user's own.
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const { uid, gid } = postgresIds();
  chownSync(dir, uid, gid);
  pgTool('pg_createcluster', [PG_VERSION, name, '-p', String(port), '-d', path.join(dir, 'data'), '--start', '--', '--auth=trust']);
  return {
    name,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    // A child process rather than spawnSync, so the load keeps running while PostgreSQL restarts.
    restart: () =>
      new Promise((resolve, reject) => {
        const child = spawn('pg_ctlcluster', ['--skip-systemctl-redirect', PG_VERSION, name, 'restart', '-m', 'immediate'], { stdio: ['ignore', 'ignore', 'pipe'] });
        let errors = '';
        child.stderr.on('data', (chunk) => (errors += chunk));
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctlcluster restart failed (${code}): ${errors.trim()}`))));
      }),
    drop: () => {
      spawnSync('pg_dropcluster', ['--stop', PG_VERSION, name]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

const postgresIds = () => {
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim()));
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('there is no postgres user on this machine');
  return { uid, gid };
};

/**
 * A Redis server of this run on `port`, persisting every write to its append-only file in `dir` before answering, and
 * refusing writes rather than evicting keys when full (production's settings). `kill()` is SIGKILL; `start()` starts it
 * again on the same directory, so it replays its AOF, and resolves once it answers.
 */
export const createRedisServer = ({ dir, port, logFile }) => {
  mkdirSync(dir, { recursive: true });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir, '--maxmemory-policy', 'noeviction', '--save', ''];
  let child;
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    const log = openSync(logFile, 'a');
    child = spawn('redis-server', args, { stdio: ['ignore', log, log] });
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode} (see ${logFile})`);
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => undefined);
      try {
        await client.connect();
        // Until its AOF is loaded Redis answers LOADING.
        if ((await client.ping()) === 'PONG') return;
      } catch {
        // not listening, or still loading
      } finally {
        client.disconnect();
      }
      await sleep(50);
    }
    throw new Error(`redis-server on port ${port} did not answer within 30 s`);
  };
  const kill = () =>
    new Promise((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return { url, start, kill, killNow: () => child?.kill('SIGKILL') };
};
