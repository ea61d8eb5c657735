/**
 * Imports market data into the market schema:
 *
 *   npm run market:import -- csv <dir>                                the shared dataset's format
 *   npm run market:import -- bhavcopy <file...>                       NSE end-of-day files
 *   npm run market:import -- yahoo <SYMBOL...> [--from YYYY-MM-DD]    the live provider (Yahoo Finance)
 *   npm run market:import -- xbrl <dir|file...>                       NSE financial-results filings (XBRL)
 *
 * and reviews the overnight moves the importers flagged because no corporate action explains them:
 *
 *   npm run market:import -- flags [SYMBOL]                                        the flags not reviewed yet
 *   npm run market:import -- classify <SYMBOL> <YYYY-MM-DD> <kind> <ratio|factor|open> [--note <text>]
 *   npm run market:import -- dismiss <SYMBOL> <YYYY-MM-DD>                          real trading, not an action
 *
 * csv: <dir> holds symbols.csv and one <FILE>.csv per symbol. bhavcopy: CM bhavcopies (legacy cmDDMMMYYYYbhav.csv
 * or UDiFF BhavCopy_NSE_CM_0_0_0_YYYYMMDD_F_0000.csv) and index close files (ind_close_all_DDMMYYYY.csv), all in
 * one transaction. yahoo: symbols of market.symbols (`"NIFTY 50"` for the index), from --from or the day after
 * each one's latest bar. xbrl: filing files, or folders searched for .xml files (e.g. ../shared/data/fundamentals/xbrl), all
 * in one transaction; a file imported before adds nothing. With --queue the import runs as a job of the market service's `market-import` queue
 * (the service must be running) and this waits for its result. classify stores the flagged day as a corporate action
 * (kinds: split, bonus, split_bonus and reverse_split take the share ratio, new shares per old share; demerger, rights
 * and special_dividend the factor earlier prices are multiplied by; 'open' takes the day's open against the previous
 * close) and makes cached answers stale, so they are recomputed on the adjusted prices.
 *
 * Reads DATABASE_URL, REDIS_URL, REDIS_PREFIX and the MARKET_PROVIDER_* settings. Prints one summary line.
 * Exit codes: 0 done, 64 bad arguments, unknown symbols or a review that cannot be done, 65 malformed data (nothing kept), 1 failed.
 */
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { QUEUES } from '@nivesh/proto';
import { QueueProducer, redisOptions, serviceDataSourceOptions } from '@nivesh/platform';
import { QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { type Config, loadImportConfig } from '../config';
import { CsvFormatError } from '../data/csv';
import { FilingFormatError } from '../fundamentals/filing';
import { ENTITIES } from '../entities';
import { BhavcopyImporter, type BhavcopyImportResult } from '../import/bhavcopy-importer';
import { AnomalyReview, parseClassification, ReviewError } from '../import/anomaly-review';
import { changedAnswers, CsvImporter, type ImportResult } from '../import/csv-importer';
import { FundamentalsImporter, type XbrlImportResult } from '../import/fundamentals-importer';
import { FAILURE_PREFIX } from '../import/market-import.processor';
import { ProviderImporter, type ProviderImportResult, UnknownSymbolsError } from '../import/provider-importer';
import { MIGRATIONS, SCHEMA } from '../migrations';
import { ProviderNotFoundError, ProviderUnavailableError } from '../providers/provider-errors';
import { ProviderService } from '../providers/provider.service';
import { YahooRepository } from '../providers/yahoo.repository';
import { MarketCache } from '../cache/market-cache';
import { marketTables, MarketTransactions } from '../transactions/market-transactions.repository';

const EXIT = { ok: 0, failed: 1, usage: 64, malformed: 65 } as const;
const USAGE =
  'Usage: import csv <dir> | bhavcopy <file...> | yahoo <SYMBOL...> [--from YYYY-MM-DD] | xbrl <dir|file...>   [--queue]\n' +
  '       import flags [SYMBOL] | classify <SYMBOL> <YYYY-MM-DD> <kind> <ratio|factor|open> [--note <text>] | dismiss <SYMBOL> <YYYY-MM-DD>';
const REVIEWS = new Set(['flags', 'classify', 'dismiss']);
/** How long --queue waits for the job, and when it says the service may not be running. */
const QUEUE_WAIT_MS = 30 * 60_000;
const QUEUE_HINT_MS = 30_000;

type Command =
  | { source: 'csv'; dir: string }
  | { source: 'bhavcopy'; files: string[] }
  | { source: 'yahoo'; symbols: string[]; from?: string }
  | { source: 'xbrl'; paths: string[] };

class UsageError extends Error {}

/** The command line, checked; paths made absolute (a queued job runs in the service's directory). */
const parseArgs = (argv: readonly string[]): { command: Command; queue: boolean } => {
  const positional: string[] = [];
  let queue = false;
  let from: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--queue') queue = true;
    else if (arg === '--from') from = argv[++i] ?? '';
    else if (arg.startsWith('--from=')) from = arg.slice('--from='.length);
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  const [source, ...args] = positional;
  if (from !== undefined && source !== 'yahoo') throw new UsageError('--from applies to yahoo only');
  const missing = args.filter((arg) => !existsSync(arg));
  switch (source) {
    case 'csv':
      if (args.length !== 1) throw new UsageError('csv takes one directory');
      if (missing.length) throw new UsageError(`no such directory: ${missing.join(', ')}`);
      return { command: { source, dir: path.resolve(args[0]!) }, queue };
    case 'bhavcopy':
      if (!args.length || args.length > 400) throw new UsageError('bhavcopy takes 1 to 400 files');
      if (missing.length) throw new UsageError(`no such file: ${missing.join(', ')}`);
      return { command: { source, files: args.map((file) => path.resolve(file)) }, queue };
    case 'yahoo':
      if (!args.length || args.length > 100) throw new UsageError('yahoo takes 1 to 100 symbols');
      if (from !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(from)) throw new UsageError('--from takes a date YYYY-MM-DD');
      return { command: { source, symbols: args.map((symbol) => symbol.toUpperCase()), from }, queue };
    case 'xbrl':
      if (!args.length || args.length > 5_000) throw new UsageError('xbrl takes 1 to 5,000 files or folders');
      if (missing.length) throw new UsageError(`no such file or folder: ${missing.join(', ')}`);
      return { command: { source, paths: args.map((arg) => path.resolve(arg)) }, queue };
    default:
      throw new UsageError(source ? `unknown source ${source}` : 'no source given');
  }
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const summary = (command: Command, result: unknown): string => {
  switch (command.source) {
    case 'csv': {
      const r = result as ImportResult;
      return (
        `market import: ${r.symbols} symbols, ${r.rows_read} rows read, ${r.new_bars} new bars, ` +
        `${r.new_actions} new corporate actions (${r.detected_actions} detected beyond the dataset list), ${r.updated_actions} corrected, ` +
        `${r.flagged} unexplained moves flagged for review in ${seconds(r.ms)}`
      );
    }
    case 'bhavcopy': {
      const r = result as BhavcopyImportResult;
      const days = r.dates.length > 1 ? `${r.dates[0]}..${r.dates[r.dates.length - 1]}` : r.dates[0];
      return (
        `market import (bhavcopy): ${r.files} files for ${days}, ${r.rows_read} rows read, ${r.new_bars} new bars, ` +
        `${r.new_actions} new corporate actions, ${r.flagged} unexplained moves flagged for review, ${r.skipped} skipped (not in market.symbols) in ${seconds(r.ms)}`
      );
    }
    case 'yahoo': {
      const r = result as ProviderImportResult;
      return (
        `market import (yahoo): ${r.symbols} symbols, ${r.fetched} fetched (${r.cached} from cache), ${r.up_to_date} up to date, ` +
        `${r.rows_read} rows read, ${r.new_bars} new bars, ${r.new_actions} new corporate actions, ${r.dropped} dropped in ${seconds(r.ms)}`
      );
    }
    case 'xbrl': {
      const r = result as XbrlImportResult;
      return (
        `market import (xbrl): ${r.files} filings of ${r.symbols} symbols read, ${r.added} new, ${r.already} stored before, ` +
        `${r.actions} share-count changes after the price files added in ${seconds(r.ms)}`
      );
    }
  }
};

const dataSourceOf = (config: Config): DataSource =>
  new DataSource(serviceDataSourceOptions({ databaseUrl: config.DATABASE_URL, schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES }));

/** Runs the import in this process, against the database directly. */
const runHere = async (command: Command, config: Config): Promise<unknown> => {
  const dataSource = dataSourceOf(config);
  const redis = new Redis(config.REDIS_URL, redisOptions({ maxRetriesPerRequest: 1 }));
  await dataSource.initialize();
  const cache = new MarketCache(redis, config);
  const transactions = new MarketTransactions(dataSource);
  const tables = marketTables(dataSource.manager);
  try {
    switch (command.source) {
      case 'csv': {
        const result = await new CsvImporter(transactions, tables.bars).importDirectory(command.dir);
        if (changedAnswers(result)) await cache.bumpVersion();
        return result;
      }
      case 'bhavcopy':
        return await new BhavcopyImporter(transactions, cache).importFiles(command.files);
      case 'yahoo': {
        const provider = new ProviderService(new YahooRepository(config), redis, config);
        return await new ProviderImporter(transactions, tables.symbols, tables.bars, provider, cache).importSymbols(command.symbols, command.from);
      }
      case 'xbrl':
        return await new FundamentalsImporter(transactions, cache).importPaths(command.paths);
    }
  } finally {
    await cache.close();
    await dataSource.destroy();
    redis.disconnect();
  }
};

/** Adds the import as a job of the market service and waits for its result (its failure reason on failure). */
const runQueued = async (command: Command, config: Config): Promise<unknown> => {
  const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const producer = new QueueProducer(QUEUES.marketImport, connection);
  const eventsRedis = new Redis(config.REDIS_URL, redisOptions({ maxRetriesPerRequest: null }));
  const events = new QueueEvents(QUEUES.marketImport.name, { connection: eventsRedis, prefix: producer.raw.opts.prefix });
  let hint: NodeJS.Timeout | undefined;
  try {
    await events.waitUntilReady();
    const job =
      command.source === 'csv'
        ? await producer.add('csv', { dir: command.dir })
        : command.source === 'bhavcopy'
          ? await producer.add('bhavcopy', { files: command.files })
          : command.source === 'yahoo'
            ? await producer.add('provider', { symbols: command.symbols, from: command.from })
            : await producer.add('xbrl', { paths: command.paths });
    hint = setTimeout(() => {
      void job.getState().then((state) => {
        if (state === 'waiting') console.error(`market import: job ${job.id} is still waiting; is the market service running?`);
      });
    }, QUEUE_HINT_MS);
    return await job.waitUntilFinished(events, QUEUE_WAIT_MS);
  } finally {
    clearTimeout(hint);
    await events.close();
    eventsRedis.disconnect();
    await producer.close();
  }
};

/** Runs a review of flagged moves against the database; returns the lines to print. */
const runReview = async (verb: string, args: readonly string[], config: Config): Promise<string[]> => {
  if (verb === 'dismiss' && (args.length !== 2 || !/^\d{4}-\d{2}-\d{2}$/.test(args[1]!))) throw new ReviewError('dismiss takes <SYMBOL> <YYYY-MM-DD>');
  if (verb === 'flags' && args.length > 1) throw new ReviewError('flags takes at most one symbol');
  const classification = verb === 'classify' ? parseClassification(args) : null;
  const dataSource = dataSourceOf(config);
  const redis = new Redis(config.REDIS_URL, redisOptions({ maxRetriesPerRequest: 1 }));
  await dataSource.initialize();
  const cache = new MarketCache(redis, config);
  const review = new AnomalyReview(new MarketTransactions(dataSource), marketTables(dataSource.manager).anomalies, cache);
  try {
    if (classification) {
      const result = await review.classify(classification);
      return [`market review: ${result.symbol} ${result.date} classified as ${result.label}; cached answers will be recomputed`];
    }
    if (verb === 'dismiss') {
      const result = await review.dismiss(args[0]!.toUpperCase(), args[1]!);
      return [`market review: ${result.symbol} ${result.date} dismissed`];
    }
    const flags = await review.unreviewedFlags(args[0]?.toUpperCase());
    const pct = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;
    return [
      ...flags.map(
        (flag) =>
          `${flag.symbol} ${flag.date}: previous close ${flag.previous_close}, open ${flag.open} (${pct(flag.open / flag.previous_close - 1)}), ` +
          `close ${flag.close} (${pct(flag.close / flag.previous_close - 1)}), NIFTY 50 ${flag.index_change === null ? 'unknown' : pct(flag.index_change)}`,
      ),
      `market review: ${flags.length} flagged moves not reviewed yet`,
    ];
  } finally {
    await cache.close();
    await dataSource.destroy();
    redis.disconnect();
  }
};

/** Exit code and message of a failed import; null when it is not one of the expected failures. */
const classify = (error: unknown, queued: boolean): { code: number; message: string } | null => {
  if (error instanceof CsvFormatError || error instanceof FilingFormatError) return { code: EXIT.malformed, message: `market import rejected, nothing kept: ${error.message}` };
  if (error instanceof UnknownSymbolsError || error instanceof ProviderNotFoundError) return { code: EXIT.usage, message: `market import refused: ${error.message}` };
  if (error instanceof ProviderUnavailableError) return { code: EXIT.failed, message: `market import failed: ${error.message}` };
  if (!queued || !(error instanceof Error)) return null;
  if (error.message.startsWith(FAILURE_PREFIX.malformed)) {
    return { code: EXIT.malformed, message: `market import rejected, nothing kept: ${error.message.slice(FAILURE_PREFIX.malformed.length)}` };
  }
  if (error.message.startsWith(FAILURE_PREFIX.invalid)) {
    return { code: EXIT.usage, message: `market import refused: ${error.message.slice(FAILURE_PREFIX.invalid.length)}` };
  }
  return { code: EXIT.failed, message: `market import failed: ${error.message}` };
};

const main = async (): Promise<void> => {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const [verb, ...rest] = argv;
  if (verb && REVIEWS.has(verb)) {
    try {
      for (const line of await runReview(verb, rest, loadImportConfig())) console.log(line);
    } catch (error) {
      if (!(error instanceof ReviewError)) throw error;
      console.error(`market review refused: ${error.message}`);
      process.exitCode = EXIT.usage;
    }
    return;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    process.exit(EXIT.usage);
  }
  const config = loadImportConfig();
  try {
    const result = await (parsed.queue ? runQueued(parsed.command, config) : runHere(parsed.command, config));
    console.log(summary(parsed.command, result));
  } catch (error) {
    const failure = classify(error, parsed.queue);
    if (!failure) throw error;
    console.error(failure.message);
    process.exitCode = failure.code;
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(EXIT.failed);
});
