import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MARKET, QUEUES } from '@nivesh/proto';
import { QueueProducer, REDIS, runMigrations, serviceDataSourceOptions } from '@nivesh/platform';
import { QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { CsvFormatError } from '../src/data/csv';
import { BhavcopyImporter } from '../src/import/bhavcopy-importer';
import { CsvImporter } from '../src/import/csv-importer';
import { FAILURE_PREFIX } from '../src/import/market-import.processor';
import { MIGRATIONS, SCHEMA } from '../src/migrations';
import { ProviderImporter } from '../src/import/provider-importer';
import { ProviderUnavailableError } from '../src/providers/provider-errors';
import { ProviderService } from '../src/providers/provider.service';
import { IST_OFFSET_SECONDS, localDate } from '../src/providers/yahoo-chart';
import { YahooRepository } from '../src/providers/yahoo.repository';
import { DailyBarsRepository } from '../src/bars/daily-bars.repository';
import { MarketCache } from '../src/cache/market-cache';
import { MarketTransactions } from '../src/transactions/market-transactions.repository';
import { SymbolsRepository } from '../src/symbols/symbols.repository';
import { replayFetch } from './fixtures/yahoo/replay';
import { BHAVCOPY_DIR, DATASET_END, keepDatasetEnd, type MarketHarness, REDIS_URL, startMarket } from './support';

const FIXTURES = ['cm01APR2024bhav.csv', 'BhavCopy_NSE_CM_0_0_0_20240402_F_0000.csv', 'ind_close_all_01042024.csv', 'ind_close_all_02042024.csv'].map((file) =>
  path.join(BHAVCOPY_DIR, file),
);
const CLI = path.join(__dirname, '../dist/cli/import.js');
/** The symbols the fixtures add days to; the shared dataset ends on 2024-03-28 and other test files expect that. */
const TOUCHED = ['RELIANCE', 'TCS', 'INFY', 'M&M', 'NIFTY 50'];
const LEGACY_HEADER = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';

type StoredBar = { symbol: string; date: string; open: string; high: string; low: string; close: string; volume: string | null };

describe('market data importers', () => {
  let market: MarketHarness;
  let redis: Redis;
  let importer: BhavcopyImporter;
  let restoreDataset: () => Promise<void>;
  const tmp = mkdtempSync(path.join(tmpdir(), 'nivesh-import-'));

  const barCount = async () => (await market.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM market.daily_bars')).rows[0]!.n;
  const actionCount = async () => (await market.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM market.corporate_actions')).rows[0]!.n;
  const dataVersion = async () => Number((await redis.get(`${market.config.REDIS_PREFIX}:answers:market:version`)) ?? 0);
  const barsAfter = async (date: string, symbols: string[]) =>
    (
      await market.pg.query<StoredBar>(
        `SELECT symbol, to_char(date, 'YYYY-MM-DD') AS date, open, high, low, close, volume FROM market.daily_bars
         WHERE date > $1 AND symbol = ANY($2) ORDER BY symbol, date`,
        [date, symbols],
      )
    ).rows;
  const lastDate = async (symbol: string) =>
    (await market.pg.query<{ d: string }>(`SELECT to_char(last_date, 'YYYY-MM-DD') AS d FROM market.symbols WHERE symbol = $1`, [symbol])).rows[0]!.d;
  const addTestSymbol = (symbol: string, isin: string | null, date: string) =>
    market.pg.query(`INSERT INTO market.symbols (symbol, file, company, industry, isin, first_date, last_date) VALUES ($1, $2, $3, 'TEST', $4, $5, $5)`, [
      symbol,
      `${symbol}.csv`,
      `${symbol} test company`,
      isin,
      date,
    ]);
  const cli = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const env = { ...process.env, DATABASE_URL: market.config.DATABASE_URL, REDIS_URL, REDIS_PREFIX: market.config.REDIS_PREFIX, LOG_LEVEL: 'error' };
      execFile(process.execPath, [CLI, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    market = await startMarket();
    redis = market.app.get<Redis>(REDIS);
    importer = market.app.get(BhavcopyImporter);
    restoreDataset = await keepDatasetEnd(market.pg, TOUCHED);
  });

  afterAll(async () => {
    // Leave the shared test database as it was: other files expect the dataset to end on 2024-03-28.
    await market.pg.query(`DELETE FROM market.symbols WHERE symbol LIKE 'ZZ%'`);
    await restoreDataset();
    await market.close();
  });

  describe('bhavcopy', () => {
    it('imports the fixtures: exactly their bars of market.symbols, the latest dates, and makes cached answers stale', async () => {
      const quoteBefore = await market.call(MARKET.quote, { symbol: 'RELIANCE' });
      expect(quoteBefore.as_of).toBe(DATASET_END);
      const [bars, actions, version] = [await barCount(), await actionCount(), await dataVersion()];

      const result = await importer.importFiles(FIXTURES);

      expect(result).toMatchObject({ files: 4, dates: ['2024-04-01', '2024-04-02'], rows_read: 13, skipped: 3, new_bars: 10, new_actions: 0 });
      expect(await barCount()).toBe(bars + 10);
      expect(await actionCount()).toBe(actions);
      const added = await barsAfter(DATASET_END, TOUCHED);
      expect(added.map((bar) => `${bar.symbol} ${bar.date}`)).toEqual(
        ['INFY', 'M&M', 'NIFTY 50', 'RELIANCE', 'TCS'].flatMap((symbol) => [`${symbol} 2024-04-01`, `${symbol} 2024-04-02`]),
      );
      const bar = (symbol: string, date: string) => added.find((row) => row.symbol === symbol && row.date === date);
      // Stored as published: the legacy file's RELIANCE row, the UDiFF file's M&M row, the index without volume.
      expect(bar('RELIANCE', '2024-04-01')).toMatchObject({ open: '2985.75', high: '3001.5', low: '2961.05', close: '2985.15', volume: '6123456' });
      expect(bar('M&M', '2024-04-02')).toMatchObject({ open: '1938.6', high: '1952', low: '1921.15', close: '1947.3', volume: '2012345' });
      expect(bar('NIFTY 50', '2024-04-02')).toMatchObject({ close: '22453.3', volume: null });
      expect(await lastDate('RELIANCE')).toBe('2024-04-02');
      expect(await lastDate('NIFTY 50')).toBe('2024-04-02');

      expect(await dataVersion()).toBe(version + 1);
      const quoteAfter = await market.call(MARKET.quote, { symbol: 'RELIANCE' });
      expect(quoteAfter).toMatchObject({ as_of: '2024-04-02', close: 2968.05 });
    });

    it('re-importing the same files adds nothing and leaves the data version', async () => {
      const [bars, version] = [await barCount(), await dataVersion()];
      const result = await importer.importFiles([...FIXTURES].reverse());
      expect(result).toMatchObject({ rows_read: 13, skipped: 3, new_bars: 0, new_actions: 0 });
      expect(await barCount()).toBe(bars);
      expect(await dataVersion()).toBe(version);
    });

    it('rejects a malformed file by its name and line, and keeps nothing of the call', async () => {
      const good = path.join(tmp, 'cm03APR2024bhav.csv');
      writeFileSync(good, `${LEGACY_HEADER}\nTCS,EQ,3928.75,3950,3901.2,3940.1,3940,3928.75,1500000,5910150000,03-APR-2024,90000,INE467B01029,\n`);
      const bad = path.join(tmp, 'BhavCopy_NSE_CM_0_0_0_20240404_F_0000.csv');
      const udiff = readFileSync(FIXTURES[1]!, 'utf8').replace(/2024-04-02/g, '2024-04-04').split('\n');
      udiff[4] = udiff[4]!.replace(',2968.05,', ',29x8.05,');
      writeFileSync(bad, udiff.join('\n'));
      const [bars, version] = [await barCount(), await dataVersion()];

      const error = await importer.importFiles([good, bad]).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(CsvFormatError);
      expect((error as CsvFormatError).message).toBe('BhavCopy_NSE_CM_0_0_0_20240404_F_0000.csv:5: column ClsPric: expected a positive number, found "29x8.05"');
      expect(await barCount()).toBe(bars);
      expect(await barsAfter('2024-04-02', TOUCHED)).toEqual([]);
      expect(await dataVersion()).toBe(version);
    });

    it('detects a split in the new days against the last stored bar, and follows a rename by ISIN', async () => {
      await addTestSymbol('ZZSPLIT', 'INZZ00000001', '2024-03-26');
      await market.pg.query(
        `INSERT INTO market.daily_bars (symbol, date, open, high, low, close, volume) VALUES
         ('ZZSPLIT', '2024-03-26', 990, 1005, 985, 1000, 1000), ('ZZSPLIT', '2024-03-27', 1000, 1010, 990, 995, 1000),
         ('ZZSPLIT', '2024-03-28', 995, 1004, 992, 1000, 1000)`,
      );
      await market.pg.query(`UPDATE market.symbols SET last_date = '2024-03-28' WHERE symbol = 'ZZSPLIT'`);
      const day1 = path.join(tmp, 'cm01APR2024bhav.csv');
      const day2 = path.join(tmp, 'cm02APR2024bhav.csv');
      // Day 1 under its former name (same ISIN); day 2 opens at half the previous close: a 1:1 bonus or 2-for-1 split.
      writeFileSync(day1, `${LEGACY_HEADER}\nZZOLDNAME,EQ,1000,1010,995,1002,1002,1000,1000,1002000,01-APR-2024,10,INZZ00000001,\n`);
      writeFileSync(day2, `${LEGACY_HEADER}\nZZSPLIT,EQ,501,506,499,505,505,1002,2000,1010000,02-APR-2024,20,INZZ00000001,\n`);

      const result = await importer.importFiles([day1, day2]);

      expect(result).toMatchObject({ rows_read: 2, skipped: 0, new_bars: 2, new_actions: 1 });
      expect((await barsAfter(DATASET_END, ['ZZSPLIT'])).map((bar) => [bar.date, bar.close])).toEqual([
        ['2024-04-01', '1002'],
        ['2024-04-02', '505'],
      ]);
      const { rows } = await market.pg.query(`SELECT to_char(ex_date, 'YYYY-MM-DD') AS ex_date, ratio, kind, source FROM market.corporate_actions WHERE symbol = 'ZZSPLIT'`);
      expect(rows).toEqual([{ ex_date: '2024-04-02', ratio: '2', kind: 'bonus', source: 'detected' }]);
      const history = await market.call(MARKET.history, { symbol: 'ZZSPLIT', range: 'max' });
      expect(history.bars.map((bar) => bar.close)).toEqual([500, 497.5, 500, 501, 505]);
      expect(history.actions).toEqual([{ date: '2024-04-02', kind: 'bonus', ratio: 2, factor: 0.5, label: '1:1 bonus issue' }]);
    });

    it('flags an overnight fall in the new days that no clean ratio explains, for an operator, and only once', async () => {
      await addTestSymbol('ZZDROP', null, '2024-03-28');
      await market.pg.query(`INSERT INTO market.daily_bars (symbol, date, open, high, low, close, volume) VALUES ('ZZDROP', '2024-03-28', 100, 101, 99, 100, 1000)`);
      const file = path.join(tmp, 'cm03APR2024bhav.csv');
      // Opens 14% down and stays there: a demerger's ex-date, or news; not a split.
      writeFileSync(file, `${LEGACY_HEADER}\nZZDROP,EQ,86,88,85,87,87,100,5000,435000,03-APR-2024,50,,\n`);

      expect(await importer.importFiles([file])).toMatchObject({ new_bars: 1, new_actions: 0, flagged: 1 });
      const { rows } = await market.pg.query(
        `SELECT to_char(date, 'YYYY-MM-DD') AS date, previous_close::float8 AS previous_close, open::float8 AS open, close::float8 AS close, index_change, status
         FROM market.price_anomalies WHERE symbol = 'ZZDROP'`,
      );
      expect(rows).toEqual([{ date: '2024-04-03', previous_close: 100, open: 86, close: 87, index_change: null, status: 'unreviewed' }]);
      expect(await importer.importFiles([file])).toMatchObject({ new_bars: 0, flagged: 0 });
    });
  });

  describe('flagged overnight moves (npm run market:import -- flags | classify | dismiss)', () => {
    const flag = async (symbol: string, date: string) =>
      (
        await market.pg.query(
          `SELECT status, kind, previous_close::float8 AS previous_close, open::float8 AS open, close::float8 AS close
           FROM market.price_anomalies WHERE symbol = $1 AND date = $2`,
          [symbol, date],
        )
      ).rows[0];

    afterAll(async () => {
      // Leave the shared database as the CSV import left it.
      await market.pg.query(`DELETE FROM market.corporate_actions WHERE source = 'operator'`);
      await market.pg.query(`UPDATE market.price_anomalies SET status = 'unreviewed', kind = NULL, reviewed_at = NULL`);
    });

    it('holds the moves the CSV import could not explain, and none a stored action explains', async () => {
      expect(await flag('ZEEL', '2007-02-12')).toEqual({ status: 'unreviewed', kind: null, previous_close: 361.3, open: 225.25, close: 258.35 });
      expect(await flag('RELIANCE', '2023-07-20')).toBeUndefined();
      expect(await flag('GRASIM', '2017-07-19')).toBeUndefined();
      const run = await cli(['flags', 'zeel']);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toContain('ZEEL 2007-02-12: previous close 361.3, open 225.25 (-37.7%), close 258.35 (-28.5%), NIFTY 50 -3.1%\n');
      expect(run.stdout).toMatch(/market review: \d+ flagged moves not reviewed yet\n$/);
    });

    it('classifies a flagged move: the action is stored, the flag closed, and answers are recomputed on the adjusted prices', async () => {
      const before = await market.call(MARKET.history, { symbol: 'ZEEL', range: 'max' });
      const i = before.bars.findIndex((bar) => bar.date === '2007-02-12');
      expect(before.bars[i]!.open / before.bars[i - 1]!.close - 1).toBeLessThan(-0.35);
      const version = await dataVersion();

      const run = await cli(['classify', 'ZEEL', '2007-02-12', 'demerger', 'open', '--note', 'Demerger of Dish TV']);

      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toBe('market review: ZEEL 2007-02-12 classified as Demerger of Dish TV (price adjusted ×0.623); cached answers will be recomputed\n');
      expect(await flag('ZEEL', '2007-02-12')).toMatchObject({ status: 'classified', kind: 'demerger' });
      expect(await dataVersion()).toBe(version + 1);
      const after = await market.call(MARKET.history, { symbol: 'ZEEL', range: 'max' });
      expect(after.bars[i]!.open / after.bars[i - 1]!.close - 1).toBeCloseTo(0, 4);
      expect(after.actions).toContainEqual({ date: '2007-02-12', kind: 'demerger', ratio: null, factor: expect.closeTo(225.25 / 361.3, 10), label: 'Demerger of Dish TV (price adjusted ×0.623)' });

      // Reviewed once: classifying again is refused, and re-importing the dataset neither flags it again nor adds anything.
      const again = await cli(['classify', 'ZEEL', '2007-02-12', 'demerger', '0.6']);
      expect(again).toMatchObject({ code: 64, stderr: 'market review refused: the move of ZEEL on 2007-02-12 was already classified\n' });
      expect(await market.app.get(CsvImporter).importDirectory(market.dir)).toMatchObject({ new_bars: 0, new_actions: 0, updated_actions: 0, flagged: 0 });
      expect(await flag('ZEEL', '2007-02-12')).toMatchObject({ status: 'classified' });
    });

    it('dismisses a flagged move as real trading without touching actions or answers, and refuses a day with no flag', async () => {
      const version = await dataVersion();
      expect(await cli(['dismiss', 'ZEEL', '2024-01-23'])).toMatchObject({ code: 0, stdout: 'market review: ZEEL 2024-01-23 dismissed\n' });
      expect(await flag('ZEEL', '2024-01-23')).toMatchObject({ status: 'dismissed', kind: null });
      expect(await dataVersion()).toBe(version);
      expect((await market.pg.query(`SELECT 1 FROM market.corporate_actions WHERE symbol = 'ZEEL' AND ex_date = '2024-01-23'`)).rowCount).toBe(0);
      expect(await cli(['dismiss', 'ZEEL', '2024-01-24'])).toMatchObject({ code: 64, stderr: 'market review refused: no flagged move of ZEEL on 2024-01-24\n' });
      expect((await cli(['classify', 'ZEEL', '2024-01-24', 'crash', '0.7'])).code).toBe(64);
    });
  });

  describe('migration to corporate-action factors', () => {
    it('keeps the splits and bonus issues stored before it valid (factor 1/ratio) and checks the new kinds', async () => {
      const url = new URL(market.config.DATABASE_URL);
      const name = `${url.pathname.slice(1)}_actions`;
      await market.pg.query(`DROP DATABASE IF EXISTS "${name}"`);
      await market.pg.query(`CREATE DATABASE "${name}"`);
      url.pathname = `/${name}`;
      const database = { databaseUrl: url.toString(), schema: SCHEMA };
      try {
        // The schema just before the factors migration, then that migration alone (later ones are not its concern).
        const factors = MIGRATIONS.findIndex((migration) => migration.name === 'CorporateActionFactors1764374400000');
        await runMigrations({ ...database, migrations: MIGRATIONS.slice(0, factors) });
        const db = new DataSource(serviceDataSourceOptions({ ...database, migrations: MIGRATIONS.slice(0, factors + 1) }));
        await db.initialize();
        try {
          await db.query(`INSERT INTO market.symbols (symbol, file, company, industry, first_date, last_date) VALUES ('ZZOLD', 'ZZOLD.csv', 'Old', 'TEST', '2019-01-01', '2020-01-01')`);
          await db.query(`INSERT INTO market.corporate_actions (symbol, ex_date, kind, ratio, source) VALUES ('ZZOLD', '2019-09-19', 'bonus', 2, 'dataset'), ('ZZOLD', '2019-12-05', 'split', 10, 'detected')`);
          await db.runMigrations({ transaction: 'each' });
          const { length } = await db.query(`SELECT 1 FROM market.price_anomalies`);
          expect(length).toBe(0);
          expect(await db.query(`SELECT kind, ratio::float8 AS ratio, factor::float8 AS factor, note FROM market.corporate_actions ORDER BY ex_date`)).toEqual([
            { kind: 'bonus', ratio: 2, factor: 0.5, note: null },
            { kind: 'split', ratio: 10, factor: 0.1, note: null },
          ]);
          await db.query(`INSERT INTO market.corporate_actions (symbol, ex_date, kind, ratio, factor, source) VALUES ('ZZOLD', '2019-10-01', 'demerger', NULL, 0.9, 'operator')`);
          await expect(db.query(`INSERT INTO market.corporate_actions (symbol, ex_date, kind, ratio, factor, source) VALUES ('ZZOLD', '2019-10-02', 'split', 0.5, 0.5, 'operator')`)).rejects.toThrow(
            'corporate_actions_ratio_check',
          );
          // Reverting keeps what the earlier schema can hold.
          await db.undoLastMigration({ transaction: 'each' });
          expect(await db.query(`SELECT to_char(ex_date, 'YYYY-MM-DD') AS ex_date, kind FROM market.corporate_actions ORDER BY ex_date`)).toEqual([
            { ex_date: '2019-09-19', kind: 'bonus' },
            { ex_date: '2019-12-05', kind: 'split' },
          ]);
        } finally {
          await db.destroy();
        }
      } finally {
        await market.pg.query(`DROP DATABASE IF EXISTS "${name}"`);
      }
    });
  });

  describe('market-import queue', () => {
    let producer: QueueProducer<typeof QUEUES.marketImport>;
    let events: QueueEvents;
    const eventsRedis = new Redis(REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });

    beforeAll(async () => {
      producer = new QueueProducer(QUEUES.marketImport, { redisUrl: REDIS_URL, prefix: market.config.REDIS_PREFIX });
      events = new QueueEvents(QUEUES.marketImport.name, { connection: eventsRedis, prefix: producer.raw.opts.prefix });
      await events.waitUntilReady();
    });

    afterAll(async () => {
      await events.close();
      eventsRedis.disconnect();
      await producer.close();
    });

    it("runs a bhavcopy job in the market service's worker and returns its result", async () => {
      const job = await producer.add('bhavcopy', { files: FIXTURES });
      const result = await job.waitUntilFinished(events, 60_000);
      expect(result).toMatchObject({ files: 4, dates: ['2024-04-01', '2024-04-02'], rows_read: 13, skipped: 3, new_bars: 0, new_actions: 0 });
    });

    it('fails a job with a malformed file at once, without retries, naming the file and line', async () => {
      const bad = path.join(tmp, 'ind_close_all_05042024.csv');
      writeFileSync(bad, `${readFileSync(FIXTURES[2]!, 'utf8').split('\n')[0]}\nNifty 50,05-04-2024,22500,22600,22450,,0,0,1,1,1,1,1\n`);
      const job = await producer.add('bhavcopy', { files: [bad] });
      await expect(job.waitUntilFinished(events, 60_000)).rejects.toThrow(
        `${FAILURE_PREFIX.malformed}ind_close_all_05042024.csv:2: column Closing Index Value: expected a positive number, found ""`,
      );
      const failed = await producer.raw.getJob(job.id!);
      expect(failed?.attemptsMade).toBe(1);
      expect(await failed?.getState()).toBe('failed');
    });

    it('imports NSE filings as an xbrl job, and fails a job with a broken filing at once, naming it', async () => {
      const infy = path.join(market.config.FUNDAMENTALS_DATA_DIR, 'INFY');
      const file = path.join(infy, readdirSync(infy).sort()[0]!);
      const result = await (await producer.add('xbrl', { paths: [file] })).waitUntilFinished(events, 60_000);
      expect(result).toMatchObject({ files: 1, symbols: 1 });
      expect(result.added + result.already).toBe(1);
      const broken = path.join(tmp, '01Jan2030_1200_INDAS_1_2_broken.xml');
      writeFileSync(broken, '<?xml version="1.0"?><xbrli:xbrl>');
      const job = await producer.add('xbrl', { paths: [broken] });
      await expect(job.waitUntilFinished(events, 60_000)).rejects.toThrow(new RegExp(`^${FAILURE_PREFIX.malformed}01Jan2030_1200_INDAS_1_2_broken\\.xml: `));
      expect((await producer.raw.getJob(job.id!))?.attemptsMade).toBe(1);
    });
  });

  describe('CLI (npm run market:import)', () => {
    it('imports bhavcopy files and prints one summary line (exit 0)', async () => {
      const run = await cli(['bhavcopy', ...FIXTURES]);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(
        /^market import \(bhavcopy\): 4 files for 2024-04-01\.\.2024-04-02, 13 rows read, 0 new bars, 0 new corporate actions, 0 unexplained moves flagged for review, 3 skipped \(not in market\.symbols\) in \d+\.\d s\n$/,
      );
    });

    it('exits 65 on malformed data and 64 on bad arguments', async () => {
      const bad = path.join(tmp, 'cm05APR2024bhav.csv');
      copyFileSync(FIXTURES[0]!, bad);
      writeFileSync(bad, readFileSync(bad, 'utf8').replace(',01-APR-2024,', ',05-APR-2024,'));
      const malformed = await cli(['bhavcopy', bad]);
      expect(malformed.code).toBe(65);
      expect(malformed.stderr).toContain('market import rejected, nothing kept: cm05APR2024bhav.csv:3: date 2024-04-01 differs from 2024-04-05');
      expect((await cli(['bhavcopy'])).code).toBe(64);
      expect((await cli(['yahoo', 'TCS', '--from', '1st April'])).code).toBe(64);
      expect((await cli(['yahoo', 'NOSUCHSYMBOL', '--from', '2024-04-01'])).code).toBe(64);
    });

    it('with --queue runs the import as a job of the running service and prints its result', async () => {
      const run = await cli(['bhavcopy', '--queue', ...FIXTURES]);
      expect(run).toMatchObject({ code: 0 });
      expect(run.stdout).toMatch(/^market import \(bhavcopy\): 4 files for 2024-04-01\.\.2024-04-02, 13 rows read, 0 new bars/);
      const malformed = await cli(['bhavcopy', '--queue', path.join(tmp, 'cm05APR2024bhav.csv')]);
      expect(malformed.code).toBe(65);
      expect(malformed.stderr).toContain('cm05APR2024bhav.csv:3:');
    });
  });

  describe('live provider (recorded Yahoo responses)', () => {
    // No recorded response of an NSE ticker exists (fixtures/yahoo/README.md): test-only symbols are served
    // real recordings of other exchanges through the real yahoo-finance2 client.
    const replay = replayFetch({ 'ZZNVDA.NS': 'historical-via-chart-NVDA-split-2021-02-01-to-2022-01-31.json', 'ZZWSKT.NS': 'chart-WSKT.JK-2020-01-01-to-2020-01-03.json' });
    let provider: ProviderImporter;
    const rateKey = () => `${ProviderService.rateKeyPrefix(market.config.REDIS_PREFIX)}:yahoo`;

    beforeAll(async () => {
      // Two requests a minute, no waiting: the third request fails at once.
      const settings = { ...market.config, MARKET_PROVIDER_RATE_POINTS: 2, MARKET_PROVIDER_MAX_WAIT_SECONDS: 0 };
      const service = new ProviderService(new YahooRepository(settings, replay.fetch), redis, settings);
      provider = new ProviderImporter(market.app.get(MarketTransactions), market.app.get(SymbolsRepository), market.app.get(DailyBarsRepository), service, market.app.get(MarketCache));
      await addTestSymbol('ZZNVDA', null, '2021-01-29');
      await addTestSymbol('ZZWSKT', null, '2019-12-31');
      await market.pg.query(`INSERT INTO market.daily_bars (symbol, date, open, high, low, close, volume) VALUES ('ZZWSKT', '2019-12-31', 1485, 1490, 1480, 1485, 100)`);
      await addTestSymbol('ZZGONE', null, '2019-12-31');
    });

    it('imports bars as published, the split it reports, and the latest date; through the shared limiter', async () => {
      const version = await dataVersion();
      const result = await provider.importSymbols(['ZZNVDA'], '2021-02-01');

      expect(result).toMatchObject({ symbols: 1, fetched: 1, cached: 0, rows_read: 252, dropped: 0, new_bars: 252, new_actions: 1 });
      expect(replay.calls).toEqual(['ZZNVDA.NS']);
      expect(await redis.get(rateKey())).toBe('1');
      const bars = await barsAfter('2021-07-16', ['ZZNVDA']);
      expect(bars.slice(0, 2)).toEqual([
        { symbol: 'ZZNVDA', date: '2021-07-19', open: '71.66', high: '76.17', low: '71.46', close: '75.12', volume: '187265000' },
        { symbol: 'ZZNVDA', date: '2021-07-20', open: '18.73', high: '18.84', low: '18.16', close: '18.61', volume: '434687000' },
      ]);
      const { rows } = await market.pg.query(`SELECT to_char(ex_date, 'YYYY-MM-DD') AS ex_date, ratio, source FROM market.corporate_actions WHERE symbol = 'ZZNVDA'`);
      expect(rows).toEqual([{ ex_date: '2021-07-20', ratio: '4', source: 'provider' }]);
      expect(await lastDate('ZZNVDA')).toBe('2022-01-28');
      expect(await dataVersion()).toBe(version + 1);
      // Adjusted for its own split, the series is continuous again: the service's adjusted history divides by 4.
      const history = await market.call(MARKET.history, { symbol: 'ZZNVDA', range: 'max' });
      expect(history.bars.find((bar) => bar.date === '2021-07-19')?.close).toBe(18.78);
    });

    it('answers the same question from the Redis cache: no request, no slot, nothing new', async () => {
      const result = await provider.importSymbols(['ZZNVDA'], '2021-02-01');
      expect(result).toMatchObject({ fetched: 1, cached: 1, new_bars: 0, new_actions: 0 });
      expect(replay.calls).toEqual(['ZZNVDA.NS']);
      expect(await redis.get(rateKey())).toBe('1');
    });

    it('starts after the latest stored bar by default, and stops at the rate limit with nothing written', async () => {
      const result = await provider.importSymbols(['ZZWSKT']);
      expect(result).toMatchObject({ fetched: 1, cached: 0, new_bars: 1 });
      expect(replay.calls).toEqual(['ZZNVDA.NS', 'ZZWSKT.NS']);
      const today = localDate(new Date(), IST_OFFSET_SECONDS);
      expect(await redis.exists(`${market.config.REDIS_PREFIX}:market:provider:v1:ZZWSKT.NS:2020-01-01:${today}`)).toBe(1);
      expect((await barsAfter('2019-12-31', ['ZZWSKT'])).map((bar) => [bar.date, bar.close])).toEqual([['2020-01-02', '1505']]);
      expect(await redis.get(rateKey())).toBe('2');

      const bars = await barCount();
      await expect(provider.importSymbols(['ZZGONE'], '2020-01-01')).rejects.toThrow(ProviderUnavailableError);
      expect(replay.calls).toHaveLength(2);
      expect(await barCount()).toBe(bars);
    });
  });
});
