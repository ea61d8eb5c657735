// `npm run bench:portfolio`: the portfolio service through the gateway, as a logged-in user, on the shared NSE data.
//   1. import: a Zerodha Console tradebook CSV of BENCH_TRADES trades (10,000 by default, ~1.3 MB) over the dataset's
//      48 stocks, 2019-04 to 2024-03, at the real close of each trade's day, buys before sells so nothing is oversold;
//      POST /api/portfolio/import once, then the same book again (which must add nothing). Baseline in the same run:
//      the same book with its last row malformed, which crosses the gateway, the transport and the parser and is
//      refused naming the line, storing nothing;
//   2. holdings and XIRR: GET /api/portfolio (every holding valued, realised gains, XIRR against NIFTY 50, risk,
//      the value series) for that 48-stock portfolio at BENCH_CONNECTIONS connections for BENCH_DURATION_S; baseline
//      in the same run: GET /api/portfolio/watchlists, a logged-in route of the same service that reads one table;
//   3. alert evaluation for 100,000 alerts after one bhavcopy day imported through the market CLI (goal < 10 s), against
//      the import itself: see measureAlertEvaluation.
// Production mode, a throwaway database and Redis prefix; the login code is read from a local SMTP server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { ROOT, log } from '../scripts/lib/common.mjs';
import { benchEnvironment, loadFromManyClients, startProcess, waitForOk, withThrowawayStack } from './lib/bench.mjs';
import { NSE_DATA_DIR, readNseStocks } from './lib/nse-data.mjs';
import { logInNewAccount, startMailbox } from '../scripts/lib/session.mjs';

const TRADES = Number(process.env.BENCH_TRADES || 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 4);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ALERTS = Number(process.env.BENCH_ALERTS || 100_000);
const GOALS = { alertsMs: 10_000 };
const PORT = 19080;
const { Client } = pg;
const BOOK = { from: '2019-04-01', to: '2024-03-28', seed: 16 };
const ACCOUNT = { username: 'bench_portfolio', email: 'bench_portfolio@example.com', password: 'BenchPassw0rd1' };
const ZERODHA_HEADER = 'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date';

/** mulberry32: the same book on every run, so runs compare. */
const random = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

const clock = (seconds) => [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');

/**
 * A Zerodha Console tradebook (the columns of services/portfolio/src/import/fixtures/zerodha-tradebook.csv) of `count`
 * equity trades: orders on a random trading day and stock, at that day's close, for ₹5,000 to ₹50,000, during market
 * hours, each filled in one to three trades (one order id, a trade id each), as the exchange fills larger orders.
 * Walked in time order, a stock not held is bought; one held is sold a third of the time, at most half of what is held
 * (splits and bonus issues only add shares, so counting shares as traded never oversells). Answers the CSV, the
 * (symbol, day, side) groups the import stores as transactions, and the number of stocks held at the end.
 */
const zerodhaTradebook = (stocks, count) => {
  const next = random(BOOK.seed);
  const days = new Map(stocks.map((stock) => [stock, [...stock.closes.keys()]]));
  const orders = [];
  for (let trades = 0; trades < count; ) {
    const stock = stocks[Math.floor(next() * stocks.length)];
    const open = days.get(stock);
    const fills = Math.min(1 + Math.floor(next() * 3), count - trades);
    orders.push({ stock, fills, day: open[Math.floor(next() * open.length)], at: 9 * 3600 + 15 * 60 + Math.floor(next() * (6 * 3600 + 15 * 60)) });
    trades += fills;
  }
  orders.sort((a, b) => a.day.localeCompare(b.day) || a.at - b.at);
  const held = new Map();
  const groups = new Set();
  const rows = [];
  for (const [index, order] of orders.entries()) {
    const close = order.stock.closes.get(order.day);
    const holding = held.get(order.stock.symbol) ?? 0;
    const sell = holding >= 2 * order.fills && next() < 1 / 3;
    const quantity = sell ? Math.max(order.fills, Math.floor(holding * (0.1 + next() * 0.4))) : Math.max(order.fills, Math.floor((5_000 + next() * 45_000) / close));
    held.set(order.stock.symbol, holding + (sell ? -quantity : quantity));
    const side = sell ? 'sell' : 'buy';
    groups.add(`${order.stock.symbol}|${order.day}|${side}`);
    const orderId = String(1_300_000_000_000_000n + BigInt(index));
    for (let fill = 0, left = quantity; fill < order.fills; fill += 1) {
      const shares = fill === order.fills - 1 ? left : Math.max(1, Math.floor(left / (order.fills - fill)));
      left -= shares;
      const tradeId = String(50_000_000 + rows.length);
      rows.push(`${order.stock.symbol},${order.stock.isin},${order.day},NSE,EQ,EQ,${side},false,${shares.toFixed(6)},${close.toFixed(6)},${tradeId},${orderId},${order.day}T${clock(order.at)},`);
    }
  }
  return { csv: [ZERODHA_HEADER, ...rows].join('\n'), trades: rows.length, orders: orders.length, transactions: groups.size, stocksHeld: [...held.values()].filter((quantity) => quantity > 0).length };
};

/** One request through the gateway as the bench's user; its status, parsed body and wall time. */
const timed = async (base, token, method, url, body) => {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  return { status: response.status, answer, ms: performance.now() - started };
};

const expectStatus = (what, result, status) => {
  if (result.status !== status) throw new Error(`${what} answered ${result.status}, not ${status}: ${JSON.stringify(result.answer).slice(0, 300)}`);
  log(`${what.padEnd(44)} ${result.ms.toFixed(0).padStart(6)} ms`);
  return result;
};

/** The trading day the alert stage imports: the first after the dataset, in NSE's legacy bhavcopy layout. */
const ALERT_DAY = { iso: '2024-04-01', file: 'cm01APR2024bhav.csv', stamp: '01-APR-2024' };
const LEGACY_HEADER = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';
const ALERTS_PER_USER = 50;

/**
 * 3. Alert evaluation after one import: ALERTS alerts over every stock (written with SQL in the alert store's layout,
 * as if set on the dataset's last close: price levels within ±5 % of it, moves of 2 % and more, 52-week highs and lows,
 * RSI crossings), ALERTS_PER_USER to a user, each with e-mail on. Then one bhavcopy day for every stock (closes moved
 * by up to ±4 %) is imported through the market CLI, as an operator would; the clock runs from the import's end until
 * every alert has been evaluated on the new day (the portfolio service's job, queued by the import). Baseline in the
 * same run: the import itself. Answers { alerts, ms, importMs, fired, mails }.
 */
const measureAlertEvaluation = async ({ env, stocks }) => {
  const next = random(BOOK.seed + 1);
  const pg = new Client({ connectionString: env.DATABASE_URL });
  await pg.connect();
  try {
    const last = stocks.map((stock) => ({ ...stock, close: stock.closes.get(BOOK.to) })).filter((stock) => stock.close);
    const rows = Array.from({ length: ALERTS }, (_, i) => {
      const stock = last[i % last.length];
      const kind = ['price_above', 'price_below', 'move_pct', 'high_52w', 'low_52w', 'rsi_cross'][Math.floor(next() * 6)];
      const params =
        kind === 'price_above' || kind === 'price_below'
          ? { level: Math.round(stock.close * (0.95 + next() * 0.1) * 100) / 100 }
          : kind === 'move_pct'
            ? { threshold_pct: 2 + Math.floor(next() * 3), direction: ['up', 'down', 'either'][Math.floor(next() * 3)] }
            : kind === 'rsi_cross'
              ? next() < 0.5 ? { level: 70, direction: 'above' } : { level: 30, direction: 'below' }
              : {};
      return { user: `bench-user-${Math.floor(i / ALERTS_PER_USER)}`, symbol: stock.symbol, kind, params: JSON.stringify(params), armed: kind === 'move_pct' };
    });
    for (let from = 0; from < rows.length; from += 10_000) {
      const part = rows.slice(from, from + 10_000);
      await pg.query(
        `INSERT INTO portfolio.alerts (user_id, symbol, kind, params, email, armed, last_evaluated_date)
         SELECT u, s, k, p::jsonb, true, a, $5 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $6::boolean[]) AS x(u, s, k, p, a)`,
        [part.map((row) => row.user), part.map((row) => row.symbol), part.map((row) => row.kind), part.map((row) => row.params), BOOK.to, part.map((row) => row.armed)],
      );
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-alerts-'));
    const file = path.join(dir, ALERT_DAY.file);
    const lines = last.map((stock) => {
      const close = Math.round(stock.close * (0.96 + next() * 0.08) * 20) / 20;
      const cells = [stock.symbol, 'EQ', close, close, close, close, close, stock.close, 100_000, Math.round(close * 100_000), ALERT_DAY.stamp, 1_000, stock.isin];
      return `${cells.join(',')},`;
    });
    writeFileSync(file, `${LEGACY_HEADER}\n${lines.join('\n')}\n`);
    const importStarted = performance.now();
    const imported = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'bhavcopy', file], { env: { ...process.env, ...env }, encoding: 'utf8' });
    const importEnded = performance.now();
    rmSync(dir, { recursive: true, force: true });
    if (imported.status !== 0) throw new Error(`bhavcopy import failed: ${imported.stderr || imported.stdout}`);
    const evaluated = async () =>
      (await pg.query(`SELECT count(*)::int AS n FROM portfolio.alerts WHERE last_evaluated_date = $1`, [ALERT_DAY.iso])).rows[0].n;
    const unmailed = async () =>
      (await pg.query(`SELECT count(*)::int AS n FROM portfolio.notifications WHERE email AND emailed_at IS NULL`)).rows[0].n;
    const deadline = importEnded + 120_000;
    while ((await evaluated()) < rows.length && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const ms = performance.now() - importEnded;
    const done = await evaluated();
    // Then every notification's e-mail on the mail queue (auth's worker sends them; these bench users have no address).
    while ((await unmailed()) > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const mailMs = performance.now() - importEnded;
    const { fired, mailed } = (
      await pg.query(`SELECT count(*)::int AS fired, count(emailed_at)::int AS mailed FROM portfolio.notifications WHERE date = $1`, [ALERT_DAY.iso])
    ).rows[0];
    return { alerts: rows.length, evaluated: done, ms, mailMs, importMs: importEnded - importStarted, fired, mailed };
  } finally {
    await pg.end();
  }
};


const mailbox = await startMailbox();
const { env, databaseName } = benchEnvironment('pf', PORT, { MARKET_DATA_DIR: NSE_DATA_DIR, MARKET_WARM: 'false', SMTP_URL: mailbox.url, RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY: 'true' });
const base = `http://127.0.0.1:${PORT}`;

await withThrowawayStack({ env, databaseName, web: false }, async ({ processes, afterStop }) => {
  afterStop(() => mailbox.close());
  const prices = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', NSE_DATA_DIR], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (prices.status !== 0) throw new Error(`price import failed: ${prices.stderr}`);
  for (const entry of ['services/market/dist/main.js', 'services/auth/dist/main.js', 'services/portfolio/dist/main.js', 'gateway/dist/main.js']) processes.push(startProcess(entry, env));
  await waitForOk(`${base}/api/market/status`, 90_000);
  await waitForOk(`${base}/api/system/ping?service=auth`, 60_000);
  await waitForOk(`${base}/api/system/ping?service=portfolio`, 60_000);
  log(`stack ready on ${base} (database ${databaseName})`);
  const token = await logInNewAccount({ base, env, mailbox, account: ACCOUNT });

  const stocks = readNseStocks({ from: BOOK.from, to: BOOK.to });
  const book = zerodhaTradebook(stocks, TRADES);
  const bytes = Buffer.byteLength(JSON.stringify({ csv: book.csv }));
  log(`trade book: ${book.trades.toLocaleString('en-IN')} trades over ${stocks.length} stocks, ${(bytes / 1e6).toFixed(2)} MB as JSON`);

  // 1. The import, against the same bytes refused by the parser at the last line.
  const lines = book.csv.split('\n');
  const malformed = [...lines.slice(0, -1), lines.at(-1).replace(/,(\d+\.\d+),(\d+),/, ',not-a-price,$2,')].join('\n');
  const refused = expectStatus('malformed last row (baseline)', await timed(base, token, 'POST', '/api/portfolio/import', { csv: malformed }), 400);
  if (!refused.answer.detail?.includes(`line ${lines.length}`)) throw new Error(`the refusal does not name line ${lines.length}: ${refused.answer.detail}`);
  const first = expectStatus('import', await timed(base, token, 'POST', '/api/portfolio/import', { csv: book.csv }), 200);
  const again = expectStatus('the same book again', await timed(base, token, 'POST', '/api/portfolio/import', { csv: book.csv }), 200);
  const stored = expectStatus('the transactions stored', await timed(base, token, 'GET', '/api/portfolio/transactions'), 200);
  const storedTrades = stored.answer.transactions.reduce((sum, tx) => sum + tx.trade_ids.length, 0);
  const importProblems = [
    first.answer.trades !== book.trades && `the import read ${first.answer.trades} trades, not ${book.trades}`,
    first.answer.added !== book.transactions && `the import stored ${first.answer.added} transactions, not ${book.transactions}`,
    first.answer.skipped.length > 0 && `the import skipped ${first.answer.skipped.length} rows`,
    (again.answer.added !== 0 || again.answer.already_imported !== book.trades) && `the second import added ${again.answer.added} and knew ${again.answer.already_imported}`,
    (stored.answer.transactions.length !== book.transactions || storedTrades !== book.trades) && `${stored.answer.transactions.length} transactions of ${storedTrades} trades are stored`,
  ].filter(Boolean);

  // 2. Holdings and XIRR, against a cheap logged-in route of the same service.
  const firstSummary = expectStatus('first GET /api/portfolio after the import', await timed(base, token, 'GET', '/api/portfolio'), 200);
  const summary = firstSummary.answer;
  const auth = { authorization: `Bearer ${token}` };
  const watchlists = await loadFromManyClients({ url: base, name: `GET /api/portfolio/watchlists, ${CONNECTIONS} conn.`, connections: CONNECTIONS, durationS: DURATION_S, request: () => ({ method: 'GET', path: '/api/portfolio/watchlists', headers: auth }) });
  const holdings = await loadFromManyClients({ url: base, name: `GET /api/portfolio, ${CONNECTIONS} conn.`, connections: CONNECTIONS, durationS: DURATION_S, request: () => ({ method: 'GET', path: '/api/portfolio', headers: auth }) });
  if (summary.holdings.length !== book.stocksHeld) importProblems.push(`${summary.holdings.length} holdings, not ${book.stocksHeld}`);

  // 3. Alert evaluation.
  const alerts = await measureAlertEvaluation({ env, base, token, stocks });

  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\nPortfolio through the gateway, ${new Date().toISOString()} (${os.availableParallelism()} cores, load generator on the same machine)`);
  console.log(`  trade book: ${book.trades.toLocaleString('en-IN')} Zerodha trades, ${stocks.length} stocks, ${BOOK.from} to ${BOOK.to}, ${(bytes / 1e6).toFixed(2)} MB; ${book.orders.toLocaleString('en-IN')} orders, ${book.transactions.toLocaleString('en-IN')} transactions (symbol, day, side)`);
  console.log(`  ${'import'.padEnd(46)} ${'time'.padStart(9)} ${'per trade'.padStart(10)}`);
  for (const [name, row] of [['malformed last row: parsed, refused (baseline)', refused], ['import', first], ['the same book again (adds nothing)', again]]) {
    console.log(`  ${name.padEnd(46)} ${seconds(row.ms).padStart(9)} ${`${((row.ms * 1000) / book.trades).toFixed(0)} µs`.padStart(10)}`);
  }
  console.log(`  import at ${(first.ms / refused.ms).toFixed(1)}× the baseline (carrying and parsing the book alone); the second import at ${(again.ms / refused.ms).toFixed(1)}×`);
  // A slow route answers few requests in a short run: its p99 is then close to its slowest answer, so say how many.
  const perSecond = (row) => row.total / DURATION_S;
  console.log(`  ${'GET through the gateway'.padEnd(46)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'req/s'.padStart(8)} ${'answered'.padStart(9)}`);
  console.log(`  ${'first GET /api/portfolio after the import'.padEnd(46)} ${`${firstSummary.ms.toFixed(0)} ms`.padStart(9)} ${'-'.padStart(9)} ${'-'.padStart(8)} ${'1'.padStart(9)}`);
  for (const row of [watchlists, holdings]) {
    console.log(`  ${row.name.padEnd(46)} ${`${row.p50} ms`.padStart(9)} ${`${row.p99} ms`.padStart(9)} ${perSecond(row).toFixed(perSecond(row) < 10 ? 1 : 0).padStart(8)} ${String(row.total).padStart(9)}`);
  }
  console.log(`  holdings and XIRR: p99 ${(holdings.p99 / Math.max(1, watchlists.p99)).toFixed(0)}× the watchlists' p99, at 1/${(perSecond(watchlists) / Math.max(perSecond(holdings), 1e-9)).toFixed(0)} of their throughput`);
  console.log(`  sample: ${summary.holdings.length} holdings valued at the closes of ${summary.as_of}; XIRR ${summary.performance.xirr} % a year against ${summary.performance.nifty_xirr} % for the same flows in NIFTY 50`);
  console.log(`  one bhavcopy day for ${stocks.length} stocks through the market CLI (baseline)  ${seconds(alerts.importMs)}`);
  console.log(
    `  alert evaluation after it: ${alerts.evaluated.toLocaleString('en-IN')} of ${alerts.alerts.toLocaleString('en-IN')} alerts in ${seconds(alerts.ms)} ` +
      `(${(alerts.ms / alerts.importMs).toFixed(1)}× the import), ${alerts.fired.toLocaleString('en-IN')} fired; their e-mails on the mail queue after ${seconds(alerts.mailMs)} ` +
      `(goal < ${GOALS.alertsMs / 1000} s: ${alerts.ms < GOALS.alertsMs && alerts.evaluated === alerts.alerts ? 'met' : 'NOT met'})`,
  );
  console.log(`  correctness: ${importProblems.length ? importProblems.join('; ') : 'every trade stored once, none on the second import, every stock held has a holding'}`);
  if (importProblems.length || alerts.ms >= GOALS.alertsMs || alerts.evaluated !== alerts.alerts) process.exitCode = 1;
});
