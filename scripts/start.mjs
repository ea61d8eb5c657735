// `npm start`: installs what is missing, builds, migrates, starts every process, prints where to open Nivesh.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  devSecrets,
  ensureBuilt,
  ensureDatabase,
  ensureDependencies,
  ensureInfrastructure,
  log,
  migrate,
  ROOT,
} from './lib/common.mjs';

/** Loads the shared NSE dataset into an empty market.daily_bars (the first start); later starts skip it. */
const loadMarketData = async (env) => {
  const dir = process.env.MARKET_DATA_DIR || path.resolve(ROOT, '../shared/data/nse');
  if (!existsSync(dir)) return log(`market data: ${dir} not found, skipping the import`);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query('SELECT EXISTS (SELECT 1 FROM market.daily_bars) AS loaded').finally(() => client.end());
  if (rows[0].loaded) return;
  log(`market data: importing ${dir}`);
  const result = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', dir], { env: { ...process.env, ...env }, stdio: 'inherit' });
  if (result.status !== 0) log('market data: import failed (the app starts without prices)');
};

ensureDependencies();
const { startStack } = await import('./lib/stack.mjs');

const port = Number(process.env.PORT || 8080);
const env = {
  NODE_ENV: process.env.NODE_ENV || 'development',
  DATABASE_URL: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL,
  PORT: String(port),
  SMTP_URL: process.env.SMTP_URL || `smtp://127.0.0.1:${process.env.SMTP_PORT || 1025}`,
  ...devSecrets(),
  ...Object.fromEntries(['JWT_SECRET', 'OTP_SECRET'].filter((key) => process.env[key]).map((key) => [key, process.env[key]])),
};

await ensureInfrastructure(env);
ensureBuilt();
await ensureDatabase(env.DATABASE_URL);
log('applying migrations');
migrate(env);
await loadMarketData(env);

// The local SMTP sink stands in for a mail server unless SMTP_URL points elsewhere.
const stack = startStack({ env, smtp: !process.env.SMTP_URL });
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

try {
  await stack.waitReady(`http://127.0.0.1:${port}`);
  log(`\x1b[1mNivesh is running at http://localhost:${port}\x1b[0m  (API docs: http://localhost:${port}/api/docs, Ctrl-C stops)`);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  await stack.stop();
  process.exit(1);
}
