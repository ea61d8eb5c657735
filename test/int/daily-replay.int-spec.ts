import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { PORTFOLIO, PREDICTION, SERVICE_NAMES, type AlertRule, type PredictResponse } from '@nivesh/proto';
import { NSE_CALENDAR, RpcClient } from '@nivesh/platform';
import { REGISTERED_TEST_ENV } from '../../platform/src/testing/registered';
import { cutDataset } from '../../services/market/src/nse/standin/dataset-cut';
import { NseStandin } from '../../services/market/src/nse/standin/nse-standin';
import { type BuiltService, ROOT, runBuiltScript as runScript, startBuiltService as startService, stopBuiltService as stopService } from '../support/built-services';

/**
 * The daily pipeline across services, evening after evening: a database of its own loaded with a cut of the shared
 * dataset up to D (29 Dec 2023), the local NSE stand-in publishing each trading day's real files, and the built market,
 * portfolio and prediction services running as processes on their own Redis prefix. Each evening the test queues the
 * `market-daily` run as the scheduler would (replayed at 20:00 India time), waits for it and for the follow-on jobs
 * (`portfolio-alerts`, `prediction-backtest`), then looks at what a user would see: the alerts that fired, and
 * TrendVision's live record.
 */
const DATA_DIR = path.resolve(ROOT, '../shared/data/nse');
const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRETS = Object.fromEntries(['JWT_SECRET', 'OTP_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'DEVICE_ID_SECRET'].map((key) => [key, randomBytes(32).toString('hex')]));

const D = '2023-12-29';
/** 20 sessions: past the 10-day horizon of a forecast served on the first one, through 29 Jan 2024. */
const SESSIONS = 20;
const DAYS = NSE_CALENDAR.sessionsAfter(D, SESSIONS);
/** About four years: some 1,000 bars, enough for TrendVision (750 at least) and a short back-test; none of these stocks has a corporate action from then to the end of the replay. */
const HISTORY_FROM = '2020-01-01';
const SYMBOLS = ['INFY', 'TCS', 'HDFCBANK'];
/** The stock TrendVision is asked about, the session of the first forecast (its 10 days end inside the replay) and of the second (they do not). */
const FORECAST_SYMBOL = 'INFY';
const EARLY = DAYS[0]!;
const LATE = DAYS[SESSIONS - 4]!;
const USER = 'replay-user';
const CALLER = { user_id: USER, session_id: 'replay', is_admin: false };

// ---- the shared dataset, read independently of the services ---------------------------------------------------------

type Close = { date: string; close: number };

const closesOf = (symbol: string): Close[] =>
  readFileSync(path.join(DATA_DIR, `${symbol}.csv`), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map(([date, , , , close]) => ({ date: date!, close: Number(close) }));

const closeOn = (symbol: string, day: string): number => {
  const found = closesOf(symbol).find((row) => row.date === day);
  if (!found) throw new Error(`${symbol} has no close on ${day} in the dataset`);
  return found.close;
};

// ---- the alerts, their levels derived from the real closes, and the days they must fire on ---------------------------

/** A symbol's closes from D (the alerts' baseline, the close a user saw when setting them) through the replay. */
const replayed = (symbol: string): Close[] => {
  const all = closesOf(symbol);
  const from = all.findIndex((row) => row.date === D);
  return all.slice(from, from + SESSIONS + 1);
};

/** Each replayed session's move against the previous close, in percent. */
const movesOf = (symbol: string): Array<{ date: string; pct: number }> => {
  const closes = replayed(symbol);
  return closes.slice(1).map((row, i) => ({ date: row.date, pct: (row.close / closes[i]!.close - 1) * 100 }));
};

/** TCS closes above a level for the first time on the day of its largest rise of the replay (12 Jan 2024, the day after its results). */
const priceAbove = (() => {
  const closes = replayed('TCS');
  const moves = movesOf('TCS');
  const jump = moves.reduce((best, move) => (move.pct > best.pct ? move : best));
  const at = closes.findIndex((row) => row.date === jump.date);
  const highestBefore = Math.max(...closes.slice(0, at).map((row) => row.close));
  // Halfway between every close before that day and that day's close: crossed on that day, not before.
  const level = Math.round(((highestBefore + closes[at]!.close) / 2) * 100) / 100;
  return { symbol: 'TCS', rule: { kind: 'price_above', params: { level } } as AlertRule, day: jump.date, highestBefore, close: closes[at]!.close };
})();

/** HDFCBANK falls by more than a threshold once: halfway between its largest and its second largest fall of the replay. */
const moveDown = (() => {
  const falls = movesOf('HDFCBANK')
    .filter((move) => move.pct < 0)
    .sort((a, b) => a.pct - b.pct);
  const threshold = Math.round(((-falls[0]!.pct - falls[1]!.pct) / 2) * 100) / 100;
  return { symbol: 'HDFCBANK', rule: { kind: 'move_pct', params: { threshold_pct: threshold, direction: 'down' } } as AlertRule, day: falls[0]!.date };
})();

/** INFY's new 52-week highs: a close above each of the 251 closes before it. */
const high52w = { symbol: 'INFY', rule: { kind: 'high_52w', params: {} } as AlertRule };

/**
 * The sessions of the replay an alert fires on, by the rule the product promises ("fires once per crossing"), worked
 * out here from the dataset's closes without the service's code: a crossing alert set on D is armed when its condition
 * is false on D, fires on the first session its condition holds and re-arms on a later session it does not; a move
 * alert fires on every session with a large enough move.
 */
const expectedFirings = (symbol: string, rule: AlertRule): string[] => {
  const all = closesOf(symbol);
  const condition = (i: number): boolean => {
    const close = all[i]!.close;
    switch (rule.kind) {
      case 'price_above':
        return close >= rule.params.level;
      case 'move_pct': {
        const pct = (close / all[i - 1]!.close - 1) * 100;
        return rule.params.direction === 'down' ? -pct >= rule.params.threshold_pct : rule.params.direction === 'up' ? pct >= rule.params.threshold_pct : Math.abs(pct) >= rule.params.threshold_pct;
      }
      case 'high_52w':
        return close > Math.max(...all.slice(i - 251, i).map((row) => row.close));
      default:
        throw new Error(`no reference for ${rule.kind}`);
    }
  };
  const start = all.findIndex((row) => row.date === D);
  let armed = rule.kind === 'move_pct' || !condition(start);
  const days: string[] = [];
  for (let i = start + 1; i <= start + SESSIONS; i++) {
    const holds = condition(i);
    if (rule.kind === 'move_pct') {
      if (holds) days.push(all[i]!.date);
      continue;
    }
    if (holds && armed) days.push(all[i]!.date);
    armed = !holds;
  }
  return days;
};

// ---- processes, queues ---------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Notification = { alert_id: string; symbol: string; kind: string; date: string };
type ForecastRow = {
  as_of: string;
  target_date: string;
  step: number;
  forecast: number;
  last_close: number;
  actual: number | null;
  inside80: boolean | null;
  inside95: boolean | null;
  abs_error: number | null;
  naive_abs_error: number | null;
  scored: boolean;
};

describe('the daily pipeline across services: alerts fire on their day, the live record scores forecasts whose days have passed', () => {
  const id = randomBytes(3).toString('hex');
  const databaseUrl = new URL(BASE_DATABASE_URL);
  databaseUrl.pathname = `/${databaseUrl.pathname.slice(1)}_replay_${id}`;
  const prefix = `replay-${id}`;
  const env: Record<string, string> = {
    ...SECRETS,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'info',
  };
  const admin = new Client({ connectionString: BASE_DATABASE_URL });
  const pg = new Client({ connectionString: databaseUrl.toString() });
  const rpc = new RpcClient({ redisUrl: REDIS_URL, prefix });
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const eventsRedis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queues = { connection: redis, prefix: `${prefix}:bull` };
  const daily = new Queue('market-daily', queues);
  const alertsQueue = new Queue('portfolio-alerts', queues);
  const backtestQueue = new Queue('prediction-backtest', queues);
  let events: QueueEvents | undefined;
  let standin: NseStandin | undefined;
  let running: BuiltService[] = [];
  let created = false;

  /** After each evening: the notifications stored so far, and every recorded forecast with its score. */
  const firedAfter = new Map<string, Notification[]>();
  const recordsAfter = new Map<string, ForecastRow[]>();
  const imported: Array<{ evening: string; days: Array<{ day: string; status: string }> }> = [];
  const forecasts: { early?: PredictResponse; late?: PredictResponse } = {};
  const alertIds = new Map<string, string>();

  /** Resolves when the follow-on queues hold nothing waiting or running, and their jobs of `version` have completed. */
  const followOnDone = async (version: string, timeoutMs = 120_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const jobs = await Promise.all([alertsQueue.getJob(`alerts-${version}`), backtestQueue.getJob(`backtest-${version}`)]);
      const states = await Promise.all(jobs.map((job) => job?.getState() ?? 'missing'));
      const failed = jobs.find((job) => job?.failedReason);
      if (failed) throw new Error(`${failed.queueName} job ${failed.id} failed: ${failed.failedReason}`);
      const counts = await Promise.all([alertsQueue, backtestQueue].map((queue) => queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children')));
      if (states.every((state) => state === 'completed') && counts.every((count) => Object.values(count).every((n) => n === 0))) return;
      if (Date.now() > until) {
        const logs = running.map((entry) => `--- ${entry.service}\n${entry.output.slice(-20).join('')}`).join('\n');
        throw new Error(`the follow-on jobs of data version ${version} are not done after ${timeoutMs / 1000} s: alerts ${states[0]}, back-tests ${states[1]}\n${logs}`);
      }
      await sleep(100);
    }
  };

  const notifications = async (): Promise<Notification[]> =>
    (
      await pg.query<Notification>(
        `SELECT alert_id, symbol, kind, to_char(date, 'YYYY-MM-DD') AS date FROM portfolio.notifications ORDER BY date, symbol, kind`,
      )
    ).rows;

  const records = async (): Promise<ForecastRow[]> =>
    (
      await pg.query<ForecastRow>(
        `SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of, to_char(target_date, 'YYYY-MM-DD') AS target_date, step, forecast, last_close,
                actual, inside80, inside95, abs_error, naive_abs_error, scored_at IS NOT NULL AS scored
           FROM prediction.forecast_records WHERE symbol = $1 ORDER BY as_of, step`,
        [FORECAST_SYMBOL],
      )
    ).rows;

  /** Asks TrendVision for the free 10-day forecast, as the page does, and waits until the service has recorded it. */
  const serveForecast = async (): Promise<PredictResponse> => {
    // The first question about a stock back-tests it before answering: seconds, more on a busy machine.
    const answer = await rpc.call(PREDICTION.predict, { ticker: FORECAST_SYMBOL }, { deadlineMs: 120_000 });
    const until = Date.now() + 30_000;
    while ((await records()).filter((row) => row.as_of === answer.as_of).length < answer.forecast.length) {
      if (Date.now() > until) throw new Error(`the forecast of ${FORECAST_SYMBOL} from ${answer.as_of} was not recorded`);
      await sleep(100);
    }
    return answer;
  };

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseUrl.pathname.slice(1)}"`);
    created = true;
    for (const service of SERVICE_NAMES) await runScript(`services/${service}/dist/migrate.js`, [], env);
    const { dir } = cutDataset({ dataDir: DATA_DIR, from: HISTORY_FROM, through: D, symbols: SYMBOLS });
    try {
      await runScript('services/market/dist/cli/import.js', ['csv', dir], env);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await pg.connect();
    await rpc.connect();
    standin = await NseStandin.start({ dataDir: DATA_DIR, through: D });
    events = new QueueEvents('market-daily', { connection: eventsRedis, prefix: `${prefix}:bull` });
    await events.waitUntilReady();

    running = await Promise.all([
      startService('market', {
        ...env,
        MARKET_DAILY: 'true',
        MARKET_DAILY_CRON: 'manual',
        NSE_ARCHIVE_URL: standin.url,
        NSE_WEB_URL: standin.url,
        NSE_ARCHIVE_FROM: '2000-01-01',
        NSE_RETRIES: '1',
        NSE_RETRY_MIN_MS: '20',
        // The provider (Yahoo) cannot be reached from here: fail fast rather than wait for a slot.
        MARKET_PROVIDER_TIMEOUT_MS: '500',
        MARKET_PROVIDER_MAX_WAIT_SECONDS: '0',
        MARKET_HISTORY_PER_RUN: '0',
        // The common answers are not computed ahead (CPU); price alerts and TrendVision's job still follow every import.
        MARKET_WARM: 'false',
        NEWS_JOBS: 'false',
      }),
      startService('portfolio', env),
      startService('prediction', {
        ...env,
        PREDICTION_BACKTEST: 'true',
        // Three stocks and the index are more than this: only what someone asked TrendVision about is back-tested each evening.
        PREDICTION_BACKTEST_ALL_UP_TO: '0',
        // Current forecasts and their live record: a registered research analyst's deployment (under the default
        // education profile a forecast is made 30 days back and never enters the live record).
        ...REGISTERED_TEST_ENV,
      }),
    ]);

    // A user sets the alerts through the portfolio service, as the page does: the baseline is the latest close (D).
    for (const alert of [priceAbove, moveDown, high52w]) {
      const { alerts } = await rpc.call(PORTFOLIO.createAlert, {
        caller: CALLER,
        symbol: alert.symbol,
        rule: alert.rule,
        email: false,
      });
      const stored = alerts.find((entry) => entry.symbol === alert.symbol)!;
      expect(stored.checked_through).toBe(D);
      alertIds.set(alert.symbol, stored.id);
    }

    for (const day of DAYS) {
      standin.publishThrough(day);
      const job = await daily.add('run', { trigger: 'replay', at: new Date(`${day}T20:00:00+05:30`).toISOString() });
      const result = (await job.waitUntilFinished(events, 120_000)) as { days: Array<{ day: string; status: string }> };
      imported.push({ evening: day, days: result.days.map(({ day: imported, status }) => ({ day: imported, status })) });
      await followOnDone((await redis.get(`${prefix}:answers:market:version`)) ?? '0');
      if (day === EARLY) forecasts.early = await serveForecast();
      if (day === LATE) forecasts.late = await serveForecast();
      firedAfter.set(day, await notifications());
      recordsAfter.set(day, await records());
    }
  }, 600_000);

  afterAll(async () => {
    await Promise.all(running.map(stopService));
    await events?.close();
    await Promise.all([daily.close(), alertsQueue.close(), backtestQueue.close()]);
    await rpc.close();
    await standin?.close();
    await pg.end().catch(() => undefined);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
    redis.disconnect();
    eventsRedis.disconnect();
    if (created) await admin.query(`DROP DATABASE IF EXISTS "${databaseUrl.pathname.slice(1)}" WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it('imports each replayed session on its own evening', () => {
    expect(imported).toEqual(DAYS.map((day) => ({ evening: day, days: [{ day, status: 'imported' }] })));
  });

  it('the levels come from the real closes: TCS first closes above its level on the day of its largest rise', () => {
    expect(priceAbove.close).toBeGreaterThan(priceAbove.highestBefore);
    const { level } = priceAbove.rule.params as { level: number };
    expect(closeOn('TCS', D)).toBeLessThan(level);
    // Above it for a week after that, then below: still one firing.
    expect(expectedFirings(priceAbove.symbol, priceAbove.rule)).toEqual([priceAbove.day]);
    expect(expectedFirings(moveDown.symbol, moveDown.rule)).toEqual([moveDown.day]);
    expect(expectedFirings(high52w.symbol, high52w.rule).length).toBeGreaterThan(0);
  });

  it.each([
    ['price_above on TCS', priceAbove],
    ['move_pct (down) on HDFCBANK', moveDown],
    ['high_52w on INFY', high52w],
  ])('%s fires on exactly the sessions its condition first holds, on that evening, never before and never twice', (_, alert) => {
    const expected = expectedFirings(alert.symbol, alert.rule);
    const alertId = alertIds.get(alert.symbol);
    const firedBy = (evening: string) => firedAfter.get(evening)!.filter((entry) => entry.alert_id === alertId).map((entry) => entry.date);
    // After the whole replay: one notification per expected session, dated that session.
    expect(firedBy(DAYS.at(-1)!)).toEqual(expected);
    // Evening by evening: each notification was there the evening of its session's import, not a day late.
    for (const evening of DAYS) expect(firedBy(evening)).toEqual(expected.filter((day) => day <= evening));
  });

  it('lists the notifications to the user with the day each alert fired, and each alert as checked through the last session', async () => {
    const { alerts } = await rpc.call(PORTFOLIO.alerts, { caller: CALLER });
    expect(alerts.map(({ symbol, checked_through, last_fired }) => ({ symbol, checked_through, last_fired }))).toEqual(
      [priceAbove, moveDown, high52w].map((alert) => ({ symbol: alert.symbol, checked_through: DAYS.at(-1), last_fired: expectedFirings(alert.symbol, alert.rule).at(-1) })),
    );
    const { notifications: listed } = await rpc.call(PORTFOLIO.notifications, { caller: CALLER });
    const expected = [priceAbove, moveDown, high52w].flatMap((alert) => expectedFirings(alert.symbol, alert.rule).map((date) => ({ symbol: alert.symbol, kind: alert.rule.kind, date })));
    const key = (entry: { symbol: string; date: string }) => `${entry.date} ${entry.symbol}`;
    expect(listed.map(({ symbol, kind, date }) => ({ symbol, kind, date })).sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      expected.sort((a, b) => key(a).localeCompare(key(b))),
    );
  });

  it('records each forecast served: 10 sessions ahead from the close it was made on', () => {
    expect(forecasts.early).toMatchObject({ ticker: FORECAST_SYMBOL, as_of: EARLY, horizon_days: 10, last_close: closeOn(FORECAST_SYMBOL, EARLY) });
    expect(forecasts.early!.dates).toEqual(DAYS.slice(1, 11));
    expect(forecasts.late).toMatchObject({ as_of: LATE, horizon_days: 10 });
    const rows = recordsAfter.get(DAYS.at(-1)!)!;
    expect(rows.map((row) => [row.as_of, row.step, row.target_date])).toEqual([
      ...forecasts.early!.dates.map((date, i) => [EARLY, i + 1, date]),
      ...forecasts.late!.dates.map((date, i) => [LATE, i + 1, date]),
    ]);
  });

  it('scores a forecast the evening its close arrives, and leaves those whose days have not passed unscored', () => {
    for (const evening of DAYS) {
      const rows = recordsAfter.get(evening)!;
      expect(rows.filter((row) => row.scored).map((row) => `${row.as_of}>${row.target_date}`)).toEqual(
        rows.filter((row) => row.target_date <= evening).map((row) => `${row.as_of}>${row.target_date}`),
      );
    }
    const last = recordsAfter.get(DAYS.at(-1)!)!;
    // The early forecast's whole horizon has passed; the late one's only its first three sessions.
    expect(last.filter((row) => row.as_of === EARLY).every((row) => row.scored)).toBe(true);
    expect(last.filter((row) => row.as_of === LATE).map((row) => row.scored)).toEqual([true, true, true, false, false, false, false, false, false, false]);
    expect(last.filter((row) => !row.scored).every((row) => row.actual === null && row.inside80 === null && row.abs_error === null)).toBe(true);
  });

  it('scores against the real closes: inside or outside each served band, the error and the no-change error', () => {
    const scored = recordsAfter.get(DAYS.at(-1)!)!.filter((row) => row.scored);
    expect(scored).toHaveLength(13);
    for (const row of scored) {
      const served = row.as_of === EARLY ? forecasts.early! : forecasts.late!;
      const i = row.step - 1;
      // No corporate action since the forecast was made: the actual is the day's close as published.
      const actual = closeOn(FORECAST_SYMBOL, row.target_date);
      expect(row.forecast).toBeCloseTo(served.forecast[i]!, 6);
      expect(row.last_close).toBe(closeOn(FORECAST_SYMBOL, row.as_of));
      expect(row.actual).toBeCloseTo(actual, 6);
      expect(row.inside80).toBe(served.lower80[i]! <= actual && actual <= served.upper80[i]!);
      expect(row.inside95).toBe(served.lower95[i]! <= actual && actual <= served.upper95[i]!);
      expect(row.abs_error).toBeCloseTo(Math.abs(served.forecast[i]! - actual), 6);
      expect(row.naive_abs_error).toBeCloseTo(Math.abs(served.last_close - actual), 6);
    }
  });

  it('shows the live record with what was recorded and scored', async () => {
    const record = await rpc.call(PREDICTION.liveRecord, {});
    expect(record).toMatchObject({ recorded: 20, scored: 13, since: EARLY });
    const horizon = (days: number) => record.horizons.find((entry) => entry.horizon_days === days)!;
    // One day ahead: the early forecast's first day and the late one's; ten days ahead: the early forecast's last day.
    expect(horizon(1)).toMatchObject({ scored: 2, first: DAYS[1], last: DAYS[SESSIONS - 3] });
    expect(horizon(10)).toMatchObject({ scored: 1, first: DAYS[10], last: DAYS[10] });
  });
});
