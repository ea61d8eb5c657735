// The second end-to-end stack, for e2e/daily.e2e.ts: the daily NSE pipeline on, against the local NSE stand-in, in a
// database and Redis prefix of its own (the first stack, scripts/e2e-stack.mjs, stays on the bundled dataset).
//
// Its database (DATABASE_URL's name + `_daily`) holds a few stocks of the shared dataset and NIFTY 50 up to D (4 Mar
// 2024); the stand-in publishes the days after it when told. The pipeline has no schedule: the test asks a control
// endpoint for each evening,
//
//   POST http://127.0.0.1:18082/evening  {"day": "2024-03-05", "at"?: ISO instant, "nse": "up" | "down"}
//
// which takes the stand-in up or down, publishes every trading day through `day`, queues the `market-daily` run at
// `at` (default 20:00 India time of `day`; the run sets the market service's clock to it), and answers the run's result.
// On SIGTERM it stops the stack and the stand-in and drops its database and Redis keys.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, ROOT, deleteRedisPrefix, dropDatabase, ensureDatabase, log, migrate, randomSecrets } from './lib/common.mjs';
import { startStack } from './lib/stack.mjs';

const { QueueProducer } = await import('../platform/dist/index.js');
const { QUEUES } = await import('../proto/dist/index.js');
const { REGISTERED_TEST_ENV } = await import('../platform/dist/testing/registered.js');
const { NseStandin } = await import('../services/market/dist/nse/standin/nse-standin.js');
const { cutDataset } = await import('../services/market/dist/nse/standin/dataset-cut.js');

/** The last day loaded (a Monday); the journey replays the trading days after it (the dataset's NIFTY 50 ends on 7 Mar 2024). */
const D = '2024-03-04';
const SYMBOLS = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK', 'ITC', 'SBIN', 'WIPRO'];
const HISTORY_FROM = '2019-01-01';
const DATA_DIR = process.env.MARKET_DATA_DIR || path.resolve(ROOT, '../shared/data/nse');
const RUN_TIMEOUT_MS = 60_000;

const port = Number(process.env.PORT || 18081);
const controlPort = Number(process.env.E2E_DAILY_CONTROL_PORT || 18082);
const database = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
database.pathname = `/${decodeURIComponent(database.pathname.slice(1))}_daily`;
const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
const prefix = `${process.env.REDIS_PREFIX || 'nivesh-e2e'}-daily`;
const env = { DATABASE_URL: database.toString(), REDIS_URL: redisUrl, REDIS_PREFIX: prefix };

const cleanUp = async () => {
  await dropDatabase(env.DATABASE_URL).catch((error) => log(`daily e2e stack: could not drop ${database.pathname.slice(1)}: ${error.message}`));
  await deleteRedisPrefix(redisUrl, prefix).catch(() => undefined);
};

// A fresh start, whatever an earlier run that was killed left behind.
await cleanUp();
await ensureDatabase(env.DATABASE_URL);
migrate(env);
// The shared dataset cut to SYMBOLS and the index, from HISTORY_FROM to D.
const dataset = cutDataset({ dataDir: DATA_DIR, from: HISTORY_FROM, through: D, symbols: SYMBOLS }).dir;
try {
  const loaded = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', dataset], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (loaded.status !== 0) {
    process.stderr.write(`daily e2e stack: loading the dataset failed: ${loaded.stderr || loaded.stdout}\n`);
    await cleanUp();
    process.exit(1);
  }
} finally {
  rmSync(dataset, { recursive: true, force: true });
}

const standin = await NseStandin.start({ dataDir: DATA_DIR, through: D });
const daily = new QueueProducer(QUEUES.marketDaily, { redisUrl, prefix });
const events = new QueueEvents(QUEUES.marketDaily.name, { connection: new Redis(redisUrl, { maxRetriesPerRequest: null }), prefix: `${prefix}:bull` });
await events.waitUntilReady();

/** One evening: NSE up or down, its files published through `day`, the pipeline's run at `at`; resolves with the run's result. */
const evening = async ({ day, at, nse }) => {
  if (nse === 'down') await standin.down();
  else await standin.up();
  standin.publishThrough(day);
  const job = await daily.add('run', { trigger: 'replay', at: new Date(at ?? `${day}T20:00:00+05:30`).toISOString() });
  return job.waitUntilFinished(events, RUN_TIMEOUT_MS);
};

const readJson = async (request) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
};

const control = createServer((request, response) => {
  const answer = (status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (request.method !== 'POST' || request.url !== '/evening') return answer(404, { detail: 'Only POST /evening is served here.' });
  readJson(request)
    .then(async (body) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(body.day ?? '') || !['up', 'down'].includes(body.nse)) {
        return answer(400, { detail: 'The body must be {"day": "YYYY-MM-DD", "at"?: ISO instant, "nse": "up" | "down"}.' });
      }
      answer(200, await evening(body));
    })
    .catch((error) => answer(500, { detail: `The evening could not be run: ${error.message}` }));
});
await new Promise((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

const stack = startStack({
  answeredTwiceFile: process.env.E2E_ANSWERED_TWICE_FILE,
  env: {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...randomSecrets(),
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    MARKET_WARM: 'false',
    PREDICTION_BACKTEST: 'false',
    // The other compliance profile than the first stack's: a registered research analyst's deployment (current forecasts).
    ...REGISTERED_TEST_ENV,
    MARKET_DAILY: 'true',
    MARKET_DAILY_CRON: 'manual',
    MARKET_UNIVERSE: 'dataset',
    MARKET_HISTORY_PER_RUN: '0',
    NSE_ARCHIVE_URL: standin.url,
    NSE_WEB_URL: standin.url,
    NSE_ARCHIVE_FROM: '2000-01-01',
    // NSE down is answered at once (connection refused): one retry, soon, so an evening of the outage takes a moment.
    NSE_RETRIES: '1',
    NSE_RETRY_MIN_MS: '20',
    NSE_TIMEOUT_MS: '5000',
    // The provider (Yahoo Finance) is not asked in these evenings; should anything ask it, fail fast, never wait for a slot.
    MARKET_PROVIDER_TIMEOUT_MS: '500',
    MARKET_PROVIDER_MAX_WAIT_SECONDS: '0',
  },
});

let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  control.close();
  await stack.stop();
  await Promise.allSettled([daily.close(), events.close(), standin.close()]);
  await cleanUp();
  process.exit(code);
};
process.once('SIGTERM', () => stop());
process.once('SIGINT', () => stop());
await stack.waitReady(`http://127.0.0.1:${port}`, 90_000).catch(async (error) => {
  process.stderr.write(`daily e2e stack: ${error.message}\n`);
  await stop(1);
});
console.log(`daily e2e stack ready on http://127.0.0.1:${port} (control on http://127.0.0.1:${controlPort}, NSE stand-in on ${standin.url}, prices through ${D})`);
