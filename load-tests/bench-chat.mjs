// `npm run bench:chat`: Warren AI's questions through the gateway with the built-in engine (no language model), on the
// shared dataset.
//   1. BENCH_SESSIONS chats (technical on six stocks, and sentiment) are started; then BENCH_SESSIONS connections ask
//      questions round-robin over them for BENCH_DURATION_S (each answer: guard, grounding from the market service,
//      the engine, the output rail, and the exchange stored in PostgreSQL before the reply);
//   2. baseline in the same run: GET /api/system/ping?service=chat at the same connections;
//   3. the compliance guard alone, in this process: questions checked per second.
// Requests carry X-Forwarded-For (TRUST_PROXY=true), one address per request, as many visitors would: the chat's
// per-client limit (30 a minute) stays in force. Production mode, a throwaway database and Redis prefix.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ROOT, log } from '../scripts/lib/common.mjs';
import { benchEnvironment, loadFromManyClients, nextAddress, startProcess, waitForOk, withThrowawayStack } from './lib/bench.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const SESSIONS = Number(process.env.BENCH_SESSIONS || 20);
const GOAL_P99_MS = 200;
const PORT = 19040;
const DATA_DIR = process.env.MARKET_DATA_DIR || path.resolve(ROOT, '../shared/data/nse');
const TICKERS = ['RELIANCE', 'INFY', 'TCS', 'HDFCBANK', 'ITC', 'SBIN'];
const QUESTIONS = {
  technical: ['What is the RSI telling me?', 'Explain the MACD reading', 'Is the price above its 50-day average?', 'How volatile has this stock been?', 'What are Bollinger Bands?', 'should I buy this now?'],
  sentiment: ['How is the market sentiment today?', 'What drives the sentiment index?', 'What is diversification?', 'How do SIPs work?', 'give me a multibagger tip', 'What is a P/E ratio?'],
};

const { env, databaseName } = benchEnvironment('chat', PORT, { MARKET_DATA_DIR: DATA_DIR, TRUST_PROXY: 'true', MARKET_WARM: 'false', PREDICTION_BACKTEST: 'false', CHAT_RETENTION_JOB: 'false' });
const base = `http://127.0.0.1:${PORT}`;

const post = async (url, body) => {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: JSON.stringify(body) });
  const json = await response.json();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${json.detail}`);
  return json;
};

const concurrent = (name, request) => loadFromManyClients({ url: base, name, connections: SESSIONS, durationS: DURATION_S, request });

/** Questions per second through the compliance guard, in this process, over two seconds. */
const guardThroughput = () => {
  const { ComplianceGuard } = createRequire(import.meta.url)(path.join(ROOT, 'services/chat/dist/guard/guard.js'));
  const guard = new ComplianceGuard();
  const questions = [...QUESTIONS.technical, ...QUESTIONS.sentiment];
  let checked = 0;
  const started = performance.now();
  while (performance.now() - started < 2_000) {
    for (const question of questions) {
      guard.checkQuestion(question);
      checked += 1;
    }
  }
  return checked / ((performance.now() - started) / 1000);
};

await withThrowawayStack({ env, databaseName }, async ({ processes }) => {
  const imported = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', DATA_DIR], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr}`);
  for (const entry of ['services/market/dist/main.js', 'services/chat/dist/main.js', 'gateway/dist/main.js']) processes.push(startProcess(entry, env));
  await waitForOk(`${base}/api/market/status`, 90_000);
  await waitForOk(`${base}/api/system/ping?service=chat`, 60_000);
  log(`stack ready on ${base} (database ${databaseName})`);

  const sessions = [];
  for (let i = 0; i < SESSIONS; i += 1) {
    const technical = i % 4 !== 3;
    const started = technical ? await post('/chat/technical/start', { ticker: TICKERS[i % TICKERS.length] }) : await post('/chat/sentiment/start', {});
    sessions.push({ type: technical ? 'technical' : 'sentiment', context_id: started.context_id, session_id: started.session_id });
  }
  // One question per session first, so the figures below are of warm grounding (as in a conversation's later turns).
  for (const session of sessions) await post(`/chat/${session.type}/query`, { ...session, type: undefined, user_query: QUESTIONS[session.type][0] });

  const ask = (i) => {
    const session = sessions[i % sessions.length];
    const question = QUESTIONS[session.type][Math.floor(i / sessions.length) % QUESTIONS[session.type].length];
    return {
      method: 'POST',
      path: `/chat/${session.type}/query`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ context_id: session.context_id, session_id: session.session_id, user_query: question }),
    };
  };
  const chat = await concurrent(`questions, ${SESSIONS} sessions`, ask);
  const ping = await concurrent(`ping, ${SESSIONS} connections`, () => ({ method: 'GET', path: '/api/system/ping?service=chat', headers: {} }));
  const guardRate = guardThroughput();

  console.log(`\nWarren AI through the gateway (built-in engine), ${new Date().toISOString()} (2 cores, load generator on the same machine)`);
  console.log(`  ${'scenario'.padEnd(44)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(8)}`);
  for (const row of [chat, ping]) console.log(`  ${row.name.padEnd(44)} ${`${row.p50} ms`.padStart(8)} ${`${row.p99} ms`.padStart(8)} ${row.rps.toFixed(0).padStart(8)}`);
  console.log(`  questions at ${(chat.rps / ping.rps).toFixed(2)} of ping's throughput; ${chat.total} answered, each stored before its reply`);
  console.log(`  goal p99 < ${GOAL_P99_MS} ms at ${SESSIONS} sessions: ${chat.p99 < GOAL_P99_MS ? 'met' : 'NOT met'} (${chat.p99} ms)`);
  console.log(`  compliance guard alone: ${Math.round(guardRate).toLocaleString('en-IN')} questions/s in one thread`);
  if (chat.p99 >= GOAL_P99_MS) process.exitCode = 1;
});
