import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';

const ROOT = path.resolve(__dirname, '../..');
/** The hand-made NSE files of the two trading days after the shared dataset (services/market/test/fixtures/bhavcopy). */
const BHAVCOPY_DIR = path.join(ROOT, 'services/market/test/fixtures/bhavcopy');
/** 1 April 2024: the legacy CM bhavcopy and that day's index closes (RELIANCE closes at ₹2,985.15). */
export const APRIL_1_FILES = ['cm01APR2024bhav.csv', 'ind_close_all_01042024.csv'].map((file) => path.join(BHAVCOPY_DIR, file));
/** The symbols those files add a day to. */
const TOUCHED = ['RELIANCE', 'TCS', 'INFY', 'M&M', 'NIFTY 50'];
const DATASET_END = '2024-03-28';

/** Imports NSE end-of-day files with the project's CLI, as an operator would, against the stack's database and Redis. */
export const importBhavcopy = (files: readonly string[]): string => {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'bhavcopy', ...files], { env: process.env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`market import failed: ${result.stderr || result.stdout}`);
  return result.stdout;
};

/**
 * Puts the market data back as the shared dataset left it (the journeys after this one expect prices as of 28 Mar
 * 2024): the days after it deleted for the symbols the fixtures touch, their dates restored, and a new data version
 * announced so no answer computed on the removed days is served again.
 */
export const restoreDatasetEnd = async (): Promise<void> => {
  const pg = new Client({ connectionString: process.env.DATABASE_URL });
  await pg.connect();
  try {
    await pg.query(`DELETE FROM market.daily_bars WHERE date > $1 AND symbol = ANY($2)`, [DATASET_END, TOUCHED]);
    await pg.query(`DELETE FROM market.corporate_actions WHERE ex_date > $1 AND symbol = ANY($2)`, [DATASET_END, TOUCHED]);
    await pg.query(
      `UPDATE market.symbols s SET last_date = (SELECT max(date) FROM market.daily_bars b WHERE b.symbol = s.symbol) WHERE symbol = ANY($1)`,
      [TOUCHED],
    );
  } finally {
    await pg.end();
  }
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    const key = `${process.env.REDIS_PREFIX}:answers:market:version`;
    await redis.publish(key, String(await redis.incr(key)));
  } finally {
    redis.disconnect();
  }
};
