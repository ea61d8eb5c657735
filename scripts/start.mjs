// `npm start`: installs what is missing, builds, migrates, starts every process, prints where to open Nivesh.
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  devSecrets,
  ensureBuilt,
  SECRET_KEYS,
  ensureDatabase,
  ensureDependencies,
  ensureInfrastructure,
  loadMarketData,
  loadPosts,
  log,
  migrate,
} from './lib/common.mjs';
import { runOnPinnedNode } from './lib/node-runtime.mjs';

// On another Node.js than .node-version's, Nivesh starts on that one, fetched from the npm registry when missing.
await runOnPinnedNode();

ensureDependencies();
const { startStack } = await import('./lib/stack.mjs');

const port = Number(process.env.PORT || 8080);
const env = {
  NODE_ENV: process.env.NODE_ENV || 'development',
  DATABASE_URL: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL,
  PORT: String(port),
  SMTP_URL: process.env.SMTP_URL || `smtp://127.0.0.1:${process.env.SMTP_PORT || 1025}`,
  // Payment pages send the browser back here.
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
  ...devSecrets(),
  ...Object.fromEntries(SECRET_KEYS.filter((key) => process.env[key]).map((key) => [key, process.env[key]])),
};

await ensureInfrastructure(env);
ensureBuilt();
await ensureDatabase(env.DATABASE_URL);
log('applying migrations');
migrate(env);
await loadMarketData(env);
await loadPosts(env);

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
  await sayHowCurrent();
  // Outside production the gateway listens on this machine only unless HOST says otherwise (gateway/src/config.ts).
  if (env.NODE_ENV !== 'production') {
    log(
      process.env.HOST
        ? `listening on ${process.env.HOST}; the development mailbox and the payment simulator answer this machine only`
        : 'only this machine can open it (HOST=0.0.0.0 serves your network too)',
    );
  }
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  await stack.stop();
  process.exit(1);
}

/** Says plainly how current the prices are: offline, the bundled dataset ends on its last day and nothing newer comes. */
async function sayHowCurrent() {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/market/freshness`, { signal: AbortSignal.timeout(5_000) });
    const freshness = await response.json();
    if (freshness.sentence) log(`prices: ${freshness.sentence}`);
    else if (freshness.as_of) log(`prices: current to the last NSE session, ${freshness.as_of}`);
    if (!freshness.live) log('prices: MARKET_DAILY=true fetches NSE’s end-of-day files every trading evening (see "Operating the daily data" in the README)');
  } catch {
    // The app runs either way; the pages say how current the prices are.
  }
}
