// `node load-tests/lib/throwaway-stack.mjs [--port 19090] [--no-build]`: the whole stack on 127.0.0.1 for trying the operators'
// load scenarios here (`npm run load -- <scenario> --target http://127.0.0.1:19090`), until Ctrl-C.
// It runs with NODE_ENV=test, which differs from production only in serving GET /dev/mailbox (the login burst reads
// its codes there; the development SMTP sink fills it), TRUST_PROXY=true (each virtual user's X-Forwarded-For counts
// as its own visitor), a throwaway database with the shared NSE prices and a fresh Redis prefix, both removed on exit.
// It waits for the market warm job and the prediction back-tests, so a run measures the steady state users see.
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ROOT, SERVICES, deleteRedisPrefix, dropDatabase, ensureBuilt, ensureDatabase, ensureInfrastructure, log, run } from '../../scripts/lib/common.mjs';
import { benchEnvironment, startProcess, stopProcess, waitForOk, waitForWarm } from './bench.mjs';
import { NSE_DATA_DIR } from './nse-data.mjs';

const { values: args } = parseArgs({ options: { port: { type: 'string', default: '19090' }, 'no-build': { type: 'boolean', default: false } } });
const port = Number(args.port);

const sparePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });

/** Resolves once `queue` has nothing waiting, delayed or running (the boot back-test job is queued at start). */
const waitForEmptyQueue = async (env, name, timeoutMs = 600_000) => {
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection: redis, prefix: `${env.REDIS_PREFIX}:bull` });
  const until = Date.now() + timeoutMs;
  try {
    while (Date.now() < until) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed');
      if (counts.completed > 0 && counts.waiting + counts.active + counts.delayed + counts.prioritized === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`${name} did not drain within ${timeoutMs / 1000} s`);
  } finally {
    await queue.close();
    redis.disconnect();
  }
};

const smtpPort = await sparePort();
const { env, databaseName } = benchEnvironment('load', port, {
  NODE_ENV: 'test',
  TRUST_PROXY: 'true',
  MARKET_DATA_DIR: NSE_DATA_DIR,
  SMTP_PORT: String(smtpPort),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
});
const base = `http://127.0.0.1:${port}`;

await ensureInfrastructure(env);
// --no-build: run the compiled dist/ as it is (e.g. while a half-finished change elsewhere does not compile).
if (!args['no-build']) ensureBuilt({ web: false });
await ensureDatabase(env.DATABASE_URL);
// Only services that are built: a service being added elsewhere may not have its dist/ yet.
const services = SERVICES.filter((service) => ['main.js', 'migrate.js'].every((file) => existsSync(path.join(ROOT, `services/${service}/dist/${file}`))));
const skipped = SERVICES.filter((service) => !services.includes(service));
if (skipped.length) log(`not built, not started: ${skipped.join(', ')}`);
const processes = [];
let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await Promise.all(processes.map(stopProcess));
  await dropDatabase(env.DATABASE_URL).catch((error) => console.error(`could not drop ${databaseName}: ${error.message}`));
  await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
  process.exit(code);
};
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
try {
  for (const service of services) run(process.execPath, [path.join(ROOT, `services/${service}/dist/migrate.js`)], { env: { ...process.env, ...env } });
  const imported = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', NSE_DATA_DIR], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`price import failed: ${imported.stderr}`);
  for (const entry of ['scripts/dev-smtp.mjs', ...services.map((service) => `services/${service}/dist/main.js`), 'gateway/dist/main.js']) {
    const child = startProcess(entry, env);
    // A process that dies under load is part of what a run found: say so where the runs are watched.
    child.on('exit', (code, signal) => stopping || log(`\x1b[31m${entry} exited (${code ?? signal})\x1b[0m`));
    processes.push(child);
  }
  await waitForOk(`${base}/api/market/status`, 90_000);
  for (const service of services) await waitForOk(`${base}/api/system/ping?service=${service}`, 60_000);
  log(`stack starting on ${base} (NODE_ENV=test, database ${databaseName}); waiting for the warm job and the back-tests`);
  const warm = await waitForWarm(env);
  await waitForEmptyQueue(env, 'prediction-backtest');
  log(`market answers warmed (${warm.computed} computed), back-tests done`);
  log(`\x1b[1mready: npm run load -- <scenario> --target ${base}\x1b[0m  (Ctrl-C stops and removes the database)`);
} catch (error) {
  console.error(error.message);
  await stop(1);
}
