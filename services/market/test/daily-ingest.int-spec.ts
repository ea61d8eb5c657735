import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { MARKET, type MarketFreshness } from '@nivesh/proto';
import { NSE_CALENDAR, parseConfig, RpcClient, runMigrations, startService } from '@nivesh/platform';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { ConfigSchema } from '../src/config';
import { CsvImporter } from '../src/import/csv-importer';
import { indiaTime } from '../src/ingest/backfill-plan';
import { type DailyRunResult, DailyIngestService } from '../src/ingest/daily-ingest.service';
import { MarketClock } from '../src/ingest/market-clock';
import { MIGRATIONS, SCHEMA } from '../src/migrations';
import { MarketTransactions } from '../src/transactions/market-transactions.repository';
import { cutDataset } from '../src/nse/standin/dataset-cut';
import { NseStandin } from '../src/nse/standin/nse-standin';
import { DATABASE_URL, REDIS_URL } from './support';

/**
 * The daily pipeline, evening after evening: a database of its own loaded up to D (30 Nov 2023), the local NSE
 * stand-in publishing each trading day's real bhavcopy and index file from the shared dataset, and the pipeline run at
 * 20:00 India time of every calendar day through 60+ sessions (Christmas, Republic Day and the weekends included), with an
 * outage, a malformed file and NESTLEIND's 10-for-1 split (ex-date 5 Jan 2024) announced in NSE's corporate-actions feed.
 */
const D = '2023-11-30';
const SYMBOLS = ['NESTLEIND', 'INFY', 'TCS', 'RELIANCE', 'HDFCBANK', 'ITC', 'SBIN', 'WIPRO'];
const INDEX = 'NIFTY 50';
const HISTORY_FROM = '2016-01-01';
const SESSIONS = 62;
const END = NSE_CALENDAR.add(D, SESSIONS);
const OUTAGE = NSE_CALENDAR.sessionsAfter(NSE_CALENDAR.add(D, 30), 5);
const MALFORMED = NSE_CALENDAR.add(D, 45);

const dataDir = path.resolve(__dirname, '../../../../shared/data/nse');

/** The shared dataset cut to `symbols` and the index, from HISTORY_FROM up to `until`, in its own format (symbols.csv + files). */
const datasetUpTo = (until: string, symbols: readonly string[] = SYMBOLS): string => cutDataset({ dataDir, from: HISTORY_FROM, through: until, symbols }).dir;

type Harness = {
  pg: Client;
  standin: NseStandin;
  app: Awaited<ReturnType<typeof startService>>['app'];
  rpc: RpcClient;
  ingest: DailyIngestService;
  clock: MarketClock;
  close: () => Promise<void>;
};

/**
 * A database of its own (migrated, the dataset's `symbols` loaded up to `until` with no curated action after it), the
 * stand-in publishing up to `until`, and a market service with the daily pipeline on (no schedule: the test runs it).
 */
const startPipeline = async (
  until: string,
  symbols: readonly string[],
  { env = {}, standin: standinOptions = {} }: { env?: Record<string, string>; standin?: Partial<Parameters<typeof NseStandin.start>[0]> } = {},
): Promise<Harness> => {
  const name = `${new URL(DATABASE_URL).pathname.slice(1)}_daily_${randomBytes(3).toString('hex')}`;
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const admin = new Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await runMigrations({ databaseUrl: url.toString(), schema: SCHEMA, migrations: MIGRATIONS });
  const standin = await NseStandin.start({ dataDir, through: until, ...standinOptions } as Parameters<typeof NseStandin.start>[0]);
  const prefix = `daily-${randomBytes(4).toString('hex')}`;
  const config = parseConfig(ConfigSchema, {
    DATABASE_URL: url.toString(),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'error',
    MARKET_WARM: 'false',
    MARKET_DAILY: 'true',
    MARKET_DAILY_CRON: 'manual',
    NSE_ARCHIVE_URL: standin.url,
    NSE_WEB_URL: standin.url,
    NSE_ARCHIVE_FROM: '2000-01-01',
    NSE_RETRIES: '1',
    NSE_RETRY_MIN_MS: '20',
    NSE_TIMEOUT_MS: '2000',
    // The provider (Yahoo) cannot be reached from here: fail fast rather than wait for a slot.
    MARKET_PROVIDER_TIMEOUT_MS: '500',
    MARKET_PROVIDER_MAX_WAIT_SECONDS: '0',
    ...env,
  });
  const { app } = await startService({ service: 'market', module: AppModule.register(config), config, handleSignals: false });
  const rpc = new RpcClient({ redisUrl: REDIS_URL, prefix });
  await rpc.connect();
  const pg = new Client({ connectionString: url.toString() });
  await pg.connect();
  const dir = datasetUpTo(until, symbols);
  await app.get(CsvImporter).importDirectory(dir);
  rmSync(dir, { recursive: true, force: true });
  // The curated list knows later actions ahead; here only NSE's feed may tell the pipeline about them.
  await pg.query(`DELETE FROM market.corporate_actions WHERE ex_date > $1`, [until]);
  return {
    pg,
    standin,
    app,
    rpc,
    ingest: app.get(DailyIngestService),
    clock: app.get(MarketClock),
    close: async () => {
      await app.close();
      await rpc.close();
      await pg.end();
      await standin.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
};

describe('the daily pipeline through 60+ trading evenings (NSE stand-in)', () => {
  let harness: Harness;
  let pg: Client;
  let standin: NseStandin;
  let rpc: RpcClient;
  let ingest: DailyIngestService;
  let clock: MarketClock;
  const runs: Array<{ evening: string; result: DailyRunResult }> = [];
  const freshnessDuringOutage: MarketFreshness[] = [];

  const evening = (day: string, time = '20:00') => indiaTime(day, time);
  const runAt = async (at: Date) => {
    clock.set(at);
    const result = await ingest.run({ now: at, trigger: 'replay' });
    runs.push({ evening: at.toISOString(), result });
    return result;
  };

  beforeAll(async () => {
    harness = await startPipeline(D, SYMBOLS);
    ({ pg, standin, rpc, ingest, clock } = harness);

    // Every calendar evening from D+1 to END: NSE publishes the day (if it is a session), the scheduler's run follows.
    for (let day = nextDay(D); day <= END; day = nextDay(day)) {
      standin.publishThrough(day);
      if (day === OUTAGE[0]) await standin.down();
      if (day === MALFORMED) await standin.fail('html', { days: [MALFORMED], times: 1 });
      await runAt(evening(day));
      if (OUTAGE.includes(day)) freshnessDuringOutage.push(await rpc.call(MARKET.freshness, {}));
      if (day === OUTAGE.at(-1)) await standin.up();
      // The refused file is fetched again by the run twenty minutes later.
      if (day === MALFORMED) await runAt(evening(day, '20:20'));
    }
  }, 240_000);

  afterAll(async () => {
    await harness?.close();
  });

  const storedDays = async (symbol: string): Promise<string[]> =>
    (await pg.query<{ day: string }>(`SELECT to_char(date, 'YYYY-MM-DD') AS day FROM market.daily_bars WHERE symbol = $1 AND date > $2 ORDER BY date`, [symbol, D])).rows.map(
      (row) => row.day,
    );

  it('stores every trading day exactly once, for every symbol and the index, and no holiday', async () => {
    const sessions = NSE_CALENDAR.sessionsBetween(D, END);
    expect(sessions).toHaveLength(SESSIONS);
    expect(sessions).not.toContain('2023-12-25');
    expect(sessions).not.toContain('2024-01-26');
    for (const symbol of [...SYMBOLS, INDEX]) expect(await storedDays(symbol)).toEqual(sessions);
    const { rows } = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM market.daily_bars WHERE date > $1`, [D]);
    expect(rows[0]!.n).toBe(sessions.length * (SYMBOLS.length + 1));
    // Weekend and holiday evenings ran and asked NSE for nothing: no run of those days is recorded, none as missing.
    const recorded = await pg.query<{ day: string }>(`SELECT DISTINCT to_char(trading_day, 'YYYY-MM-DD') AS day FROM market.ingest_runs ORDER BY 1`);
    expect(recorded.rows.map((row) => row.day)).toEqual(sessions);
    const imported = await pg.query<{ day: string; n: number }>(
      `SELECT to_char(trading_day, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM market.ingest_runs WHERE status = 'imported' GROUP BY 1 ORDER BY 1`,
    );
    expect(imported.rows).toEqual(sessions.map((day) => ({ day, n: 1 })));
  });

  it('records the outage as failed runs, then backfills the missed days in order on the first evening NSE is back', async () => {
    const failed = await pg.query<{ day: string }>(`SELECT to_char(trading_day, 'YYYY-MM-DD') AS day FROM market.ingest_runs WHERE status = 'failed' ORDER BY started_at`);
    // Each evening of the outage tried the oldest missing day and stopped there.
    expect(failed.rows.map((row) => row.day)).toEqual(OUTAGE.map(() => OUTAGE[0]));
    const back = runs.find((run) => run.evening === evening(NSE_CALENDAR.next(OUTAGE.at(-1)!)).toISOString())!;
    expect(back.result.days.map((day) => [day.day, day.status])).toEqual([...OUTAGE, NSE_CALENDAR.next(OUTAGE.at(-1)!)].map((day) => [day, 'imported']));
  });

  it('told a visitor in one sentence that updates were delayed while NSE was down', () => {
    expect(freshnessDuringOutage[0]).toMatchObject({ stale: true, live: true });
    expect(freshnessDuringOutage.at(-1)).toMatchObject({ stale: true, reason: 'delayed' });
    expect(freshnessDuringOutage.at(-1)!.sentence).toMatch(/^Updates are delayed: these prices are from \d+ \w{3} 202[34], 5 trading sessions behind NSE\.$/);
  });

  it('refused the HTML page served as a bhavcopy, wrote nothing of that day, and took the real file twenty minutes later', async () => {
    const { rows } = await pg.query<{ status: string; error: string | null; checks: Array<{ name: string; ok: boolean }> }>(
      `SELECT status, error, checks FROM market.ingest_runs WHERE trading_day = $1 ORDER BY started_at`,
      [MALFORMED],
    );
    expect(rows.map((row) => row.status)).toEqual(['refused', 'imported']);
    expect(rows[0]!.error).toMatch(/is not a zip archive/);
    expect(rows[0]!.checks).toEqual([expect.objectContaining({ name: 'bhavcopy_zip', ok: false })]);
    const refusedRun = runs.find((run) => run.evening === evening(MALFORMED).toISOString())!;
    expect(refusedRun.result.days).toEqual([expect.objectContaining({ day: MALFORMED, status: 'refused', new_bars: 0 })]);
  });

  it("applies NESTLEIND's split announced in NSE's feed on its ex-date: no crash in the adjusted prices, no flag", async () => {
    // The first evening's run read the feed, a month before the ex-date.
    expect(runs[0]!.result.announcements).toMatchObject({ rows: expect.any(Number), added: expect.any(Number) });
    const actions = await pg.query(`SELECT kind, ratio::float8 AS ratio, source FROM market.corporate_actions WHERE symbol = 'NESTLEIND' AND ex_date = '2024-01-05'`);
    expect(actions.rows).toEqual([{ kind: 'split', ratio: 10, source: 'nse' }]);
    const history = await rpc.call(MARKET.history, { symbol: 'NESTLEIND', range: '6m', adjusted: true });
    const at = history.bars.findIndex((bar) => bar.date === '2024-01-05');
    expect(at).toBeGreaterThan(0);
    const move = history.bars[at]!.close / history.bars[at - 1]!.close - 1;
    expect(Math.abs(move)).toBeLessThan(0.05);
    const flags = await pg.query(`SELECT 1 FROM market.price_anomalies WHERE symbol = 'NESTLEIND' AND date = '2024-01-05'`);
    expect(flags.rows).toHaveLength(0);
  });

  it('running an evening again changes nothing', async () => {
    const before = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM market.daily_bars`);
    const again = await runAt(evening(END, '23:00'));
    expect(again.days).toEqual([]);
    const after = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM market.daily_bars`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect(await rpc.call(MARKET.freshness, {})).toMatchObject({ as_of: END, stale: false, reason: 'current', sentence: null });
  });
});

describe('the daily pipeline growing the universe (MARKET_UNIVERSE=nifty500) and following an ISIN change', () => {
  const START = '2024-02-01';
  let harness: Harness;
  const results: DailyRunResult[] = [];
  // NSE gives INFY a new ISIN from 5 Feb 2024 (as it does after a split or bonus); the stand-in's files carry it.
  const NEW_ISIN = 'INE009A01099';

  beforeAll(async () => {
    harness = await startPipeline(START, ['INFY', 'TCS'], {
      env: { MARKET_UNIVERSE: 'nifty500', MARKET_HISTORY_PER_RUN: '3' },
      standin: { synthetic: 5, isinChanges: [{ symbol: 'INFY', from: '2024-02-05', isin: NEW_ISIN }] },
    });
    for (const day of NSE_CALENDAR.sessionsAfter(START, 3)) {
      harness.standin.publishThrough(day);
      harness.clock.set(indiaTime(day, '20:00'));
      results.push(await harness.ingest.run({ now: indiaTime(day, '20:00'), trigger: 'replay' }));
    }
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it("adds the NIFTY 500's other members from the bhavcopy, with the list's company and industry and the file's ISIN", async () => {
    const { rows } = await harness.pg.query<{ symbol: string; company: string; industry: string; isin: string; first_date: string }>(
      `SELECT symbol, company, industry, isin, to_char(first_date, 'YYYY-MM-DD') AS first_date FROM market.symbols WHERE symbol <> ALL($1) ORDER BY symbol`,
      [['INFY', 'TCS', INDEX]],
    );
    // 46 other dataset stocks and the 5 synthetic members of the stand-in's list.
    expect(rows).toHaveLength(46 + 5);
    expect(rows.find((row) => row.symbol === 'RELIANCE')).toEqual({
      symbol: 'RELIANCE',
      company: 'Reliance Industries Ltd.',
      industry: 'ENERGY',
      isin: expect.stringMatching(/^INE002A010\d\d$/),
      first_date: NSE_CALENDAR.next(START),
    });
    const bars = await harness.pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM market.daily_bars WHERE symbol = 'RELIANCE'`);
    expect(bars.rows[0]!.n).toBe(3);
  });

  it('queues their history for the provider, a few per run, and records a failed attempt for the next run', async () => {
    const { rows } = await harness.pg.query<{ status: string; attempts: number; n: number }>(
      `SELECT status, attempts, count(*)::int AS n FROM market.history_backfills GROUP BY status, attempts ORDER BY attempts DESC`,
    );
    // Three runs asked for three stocks each (Yahoo cannot be reached here): nine attempts, none lost.
    expect(rows.reduce((sum, row) => sum + row.attempts * row.n, 0)).toBe(9);
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(51);
    expect(results.map((result) => result.history.asked)).toEqual([3, 3, 3]);
  });

  it('takes the new ISIN for INFY, keeps the old one for matching, and records the day it changed', async () => {
    const symbol = await harness.pg.query(`SELECT isin FROM market.symbols WHERE symbol = 'INFY'`);
    expect(symbol.rows).toEqual([{ isin: NEW_ISIN }]);
    const former = await harness.pg.query(`SELECT isin, replaced_by, to_char(replaced_on, 'YYYY-MM-DD') AS replaced_on FROM market.former_isins WHERE symbol = 'INFY'`);
    expect(former.rows).toEqual([{ isin: 'INE009A01021', replaced_by: NEW_ISIN, replaced_on: '2024-02-05' }]);
    const days = await harness.pg.query(`SELECT count(*)::int AS n FROM market.daily_bars WHERE symbol = 'INFY' AND date > $1`, [START]);
    expect(days.rows[0]).toEqual({ n: 3 });
  });
});

describe("the provider standing in for a day NSE has not published by the deadline", () => {
  const START = '2024-02-12';
  const [LATE, NEXT] = NSE_CALENDAR.sessionsAfter(START, 2) as [string, string];
  const SYMBOLS_HERE = ['INFY', 'TCS'];
  let harness: Harness;
  const provider: Array<{ symbols: string[]; from: string }> = [];

  beforeAll(async () => {
    harness = await startPipeline(START, SYMBOLS_HERE);
    // A local stand-in for the provider (Yahoo cannot be reached from here), put in at the pipeline's seam: it answers
    // the day from the shared dataset rounded to 10 paise, so NSE's own prices replacing it later can be seen, and
    // stores what it answers as the provider importer does, with source 'provider'.
    const ingest = harness.ingest as unknown as { provider: { importSymbols: (symbols: string[], from: string) => Promise<{ new_bars: number }> } };
    const tables = harness.app.get(MarketTransactions);
    ingest.provider = {
      importSymbols: async (symbols, from) => {
        provider.push({ symbols: [...symbols].sort(), from });
        const bars = symbols.flatMap((symbol) => {
          const line = rowsOf(symbol === INDEX ? 'NIFTY50.csv' : `${symbol}.csv`).find((row) => row.startsWith(from));
          if (!line) return [];
          const [date, open, high, low, close, volume] = line.split(',');
          const round = (value: string) => Math.round(Number(value) * 10) / 10;
          return [{ symbol, date: date!, open: round(open!), high: round(high!), low: round(low!), close: round(close!), volume: volume ? Number(volume) : null }];
        });
        const added = await tables.run((t) => t.bars.insertMany(bars, 'provider'));
        return { new_bars: added };
      },
    };
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it('waits for NSE before the deadline, then stores the provider’s bars as provisional, and NSE’s file replaces them', async () => {
    const { standin, ingest, clock, pg, rpc } = harness;
    standin.publishThrough(LATE);
    await standin.fail('late', { days: [LATE] });

    clock.set(indiaTime(LATE, '20:00'));
    const early = await ingest.run({ now: indiaTime(LATE, '20:00'), trigger: 'replay' });
    expect(early.days.map((day) => [day.day, day.source, day.status])).toEqual([[LATE, 'nse', 'waiting']]);
    expect(provider).toEqual([]);
    expect(await rpc.call(MARKET.freshness, {})).toMatchObject({ stale: true, reason: 'not_published' });

    clock.set(indiaTime(LATE, '22:00'));
    const late = await ingest.run({ now: indiaTime(LATE, '22:00'), trigger: 'replay' });
    expect(late.days.map((day) => [day.day, day.source, day.status])).toEqual([
      [LATE, 'nse', 'waiting'],
      [LATE, 'provider', 'imported'],
    ]);
    const sources = async (day: string) =>
      (await pg.query<{ source: string; n: number }>(`SELECT source, count(*)::int AS n FROM market.daily_bars WHERE date = $1 GROUP BY source`, [day])).rows;
    expect(await sources(LATE)).toEqual([{ source: 'provider', n: SYMBOLS_HERE.length + 1 }]);
    const provisional = await rpc.call(MARKET.freshness, {});
    expect(provisional).toMatchObject({ as_of: LATE, stale: false, reason: 'provisional' });
    expect(provisional.sentence).toMatch(/are provisional, from Yahoo Finance, until NSE publishes its file for the day\.$/);

    // The next evening NSE has both days: the provisional day is fetched again and replaced, then the new one.
    await standin.clear();
    standin.publishThrough(NEXT);
    clock.set(indiaTime(NEXT, '20:00'));
    const next = await ingest.run({ now: indiaTime(NEXT, '20:00'), trigger: 'replay' });
    expect(next.days.map((day) => [day.day, day.source, day.status])).toEqual([
      [LATE, 'nse', 'imported'],
      [NEXT, 'nse', 'imported'],
    ]);
    expect(await sources(LATE)).toEqual([{ source: 'nse', n: SYMBOLS_HERE.length + 1 }]);
    const infy = await pg.query(`SELECT close::float8 AS close FROM market.daily_bars WHERE symbol = 'INFY' AND date = $1`, [LATE]);
    const published = rowsOf('INFY.csv').find((row) => row.startsWith(LATE))!.split(',')[4];
    expect(infy.rows).toEqual([{ close: Number(published) }]);
    expect(await rpc.call(MARKET.freshness, {})).toMatchObject({ as_of: NEXT, reason: 'current', sentence: null });
  });
});

const rowsOf = (file: string): string[] => readFileSync(path.join(dataDir, file), 'utf8').trim().split('\n').slice(1);

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
