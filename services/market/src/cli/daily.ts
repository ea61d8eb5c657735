/**
 * Runs the daily pipeline once, now, as a job of the running market service (its `market-daily` queue), and prints
 * what each trading day came to:
 *
 *   npm run market:daily                                     the missing days up to the last completed session
 *   npm run market:daily -- --at 2024-01-05T20:00:00+05:30   a replayed evening (the demo; moves the service's clock)
 *
 * The service must be running with MARKET_DAILY=true. Reads REDIS_URL and REDIS_PREFIX.
 * Exit codes: 0 done (whatever the days came to; see the lines), 64 bad arguments, 1 the job failed or timed out.
 */
import 'reflect-metadata';
import { QUEUES } from '@nivesh/proto';
import { QueueProducer, redisOptions } from '@nivesh/platform';
import { QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { loadImportConfig } from '../config';
import type { DailyRunResult } from '../ingest/daily-ingest.service';

const USAGE = 'Usage: market:daily [--at <ISO date-time with offset>]';
const WAIT_MS = 10 * 60_000;

const parseArgs = (argv: readonly string[]): { at?: string } => {
  if (!argv.length) return {};
  if (argv.length === 2 && argv[0] === '--at' && !Number.isNaN(Date.parse(argv[1]!)) && /[+-]\d{2}:\d{2}$|Z$/.test(argv[1]!)) {
    return { at: new Date(argv[1]!).toISOString() };
  }
  throw new Error(USAGE);
};

const main = async (): Promise<number> => {
  let args: { at?: string };
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 64;
  }
  const config = loadImportConfig();
  const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const producer = new QueueProducer(QUEUES.marketDaily, connection);
  const eventsRedis = new Redis(config.REDIS_URL, redisOptions({ maxRetriesPerRequest: null }));
  const events = new QueueEvents(QUEUES.marketDaily.name, { connection: eventsRedis, prefix: producer.raw.opts.prefix });
  try {
    await events.waitUntilReady();
    const job = await producer.add('run', { trigger: args.at ? 'replay' : 'manual', ...(args.at ? { at: args.at } : {}) });
    const result = (await job.waitUntilFinished(events, WAIT_MS)) as DailyRunResult;
    if (!result.days.length) console.log(`market:daily: nothing to fetch; the last completed session, ${result.target}, is stored`);
    for (const day of result.days) console.log(`market:daily: ${day.day} ${day.source} ${day.status}${day.new_bars ? ` (${day.new_bars} new bars)` : ''}${day.reason ? `: ${day.reason}` : ''}`);
    return 0;
  } catch (error) {
    console.error(`market:daily: ${(error as Error).message}`);
    return 1;
  } finally {
    await events.close();
    eventsRedis.disconnect();
    await producer.close();
  }
};

void main().then((code) => process.exit(code));
