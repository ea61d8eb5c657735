import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MarketBar, RpcDefinition } from '@nivesh/proto';
import { parseConfig, RpcClient, startService } from '@nivesh/platform';
import { Client } from 'pg';
import type { z } from 'zod';
import { AppModule } from '../src/app.module';
import { type Config, ConfigSchema } from '../src/config';
import { CsvImporter } from '../src/import/csv-importer';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The raw rows of one dataset file, parsed independently of the service's parser. */
export const csvRows = (dir: string, file: string): MarketBar[] =>
  readFileSync(path.join(dir, file), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [date, open, high, low, close, volume] = line.split(',');
      return { date: date!, open: Number(open), high: Number(high), low: Number(low), close: Number(close), volume: volume ? Number(volume) : null };
    });

export type MarketHarness = {
  config: Config;
  /** The shared dataset's directory. */
  dir: string;
  app: Awaited<ReturnType<typeof startService>>['app'];
  pg: Client;
  call: <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>) => Promise<z.output<D['result']>>;
  close: () => Promise<void>;
};

/**
 * A market service on the test database with its own Redis prefix, an RPC client and a pg connection. The
 * shared dataset is imported unless the database already holds bars (the integration tests share one fresh
 * database per run, so only the first file pays for the import).
 */
export const startMarket = async (env: Record<string, string> = {}): Promise<MarketHarness> => {
  const prefix = `market-${randomBytes(4).toString('hex')}`;
  // No warm job unless a test asks for it: it would compute every stock's answers beside the tests.
  const config = parseConfig(ConfigSchema, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'error', MARKET_WARM: 'false', ...env });
  const client = new RpcClient({ redisUrl: REDIS_URL, prefix });
  const pg = new Client({ connectionString: DATABASE_URL });
  const { app } = await startService({ service: 'market', module: AppModule.register(config), config, handleSignals: false });
  await client.connect();
  await pg.connect();
  const { rows } = await pg.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM market.daily_bars) AS any');
  if (!rows[0]!.any) await app.get(CsvImporter).importDirectory(config.MARKET_DATA_DIR);
  return {
    config,
    dir: config.MARKET_DATA_DIR,
    app,
    pg,
    call: (def, payload) => client.call(def, payload),
    close: async () => {
      await app.close();
      await client.close();
      await pg.end();
    },
  };
};

/** The last day of the shared dataset; other test files expect the database to end there. */
export const DATASET_END = '2024-03-28';
/** The hand-made bhavcopy fixtures of the two trading days after the dataset (see fixtures/bhavcopy/README.md). */
export const BHAVCOPY_DIR = path.join(__dirname, 'fixtures/bhavcopy');

/**
 * Remembers `symbols`' dates, and returns what puts the shared test database back as it was after a test imported
 * days past DATASET_END for them: their later bars and corporate actions deleted, their first and last dates restored.
 */
export const keepDatasetEnd = async (pg: Client, symbols: readonly string[]): Promise<() => Promise<void>> => {
  const { rows } = await pg.query<{ symbol: string; first_date: string; last_date: string }>(
    `SELECT symbol, to_char(first_date, 'YYYY-MM-DD') AS first_date, to_char(last_date, 'YYYY-MM-DD') AS last_date FROM market.symbols WHERE symbol = ANY($1)`,
    [symbols],
  );
  return async () => {
    await pg.query(`DELETE FROM market.daily_bars WHERE date > $1 AND symbol = ANY($2)`, [DATASET_END, symbols]);
    await pg.query(`DELETE FROM market.corporate_actions WHERE ex_date > $1 AND symbol = ANY($2)`, [DATASET_END, symbols]);
    for (const row of rows) await pg.query(`UPDATE market.symbols SET first_date = $2, last_date = $3 WHERE symbol = $1`, [row.symbol, row.first_date, row.last_date]);
  };
};
