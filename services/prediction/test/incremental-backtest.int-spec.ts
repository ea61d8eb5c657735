import { randomBytes } from 'node:crypto';
import { PREDICTION, type RpcDefinition } from '@nivesh/proto';
import { NSE_CALENDAR, parseConfig, RpcClient, startService } from '@nivesh/platform';
import type { z } from 'zod';
import { MarketCache } from '../../market/src/cache/market-cache';
import { DATASET_END, type MarketHarness, keepDatasetEnd, startMarket } from '../../market/test/support';
import { AppModule } from '../src/app.module';
import { ConfigSchema } from '../src/config';
import { BacktestProcessor } from '../src/forecasts/backtest.processor';
import { ForecastService } from '../src/forecasts/forecast.service';
import { REGISTERED_TEST_ENV } from '../../../platform/src/testing/registered';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A stock no other test of this service back-tests, so its stored origins are this file's alone. */
const SYMBOL = 'HCLTECH';
const [DAY1, DAY2] = NSE_CALENDAR.sessionsAfter(DATASET_END, 2) as [string, string];

describe('TrendVision back-tests after a new day (prediction and market services, real PostgreSQL and Redis)', () => {
  let market: MarketHarness;
  let app: Awaited<ReturnType<typeof startService>>['app'];
  let client: RpcClient;
  let restore: () => Promise<void>;
  const call = <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>) => client.call(def, payload);
  const storedOrigins = async () =>
    (
      await market.pg.query<{ horizon: number; origins: number; widest: number }>(
        `SELECT horizon, count(*)::int AS origins, max(octet_length(points))::int AS widest FROM prediction.backtest_origins WHERE symbol = $1 GROUP BY horizon ORDER BY horizon`,
        [SYMBOL],
      )
    ).rows;
  /** The stored back-tests and forecasts that answers are read from, at 10 and 30 days. */
  const storedAnswers = async () =>
    (
      await market.pg.query<{ evaluation: unknown; forecast: unknown; computed_at: Date }>(
        'SELECT evaluation, forecast, computed_at FROM prediction.evaluations WHERE symbol = $1 ORDER BY horizon',
        [SYMBOL],
      )
    ).rows;
  /** A day's bar for the stock, as an import would write it. */
  const addDay = async (date: string, close: number) => {
    await market.pg.query(`INSERT INTO market.daily_bars (symbol, date, open, high, low, close, volume) VALUES ($1, $2, $3, $3, $3, $3, 1000)`, [SYMBOL, date, close]);
    await market.pg.query('UPDATE market.symbols SET last_date = $2 WHERE symbol = $1', [SYMBOL, date]);
  };
  const lastClose = async () =>
    Number((await market.pg.query<{ close: string }>('SELECT close FROM market.daily_bars WHERE symbol = $1 ORDER BY date DESC LIMIT 1', [SYMBOL])).rows[0]!.close);

  beforeAll(async () => {
    const prefix = `incremental-${randomBytes(4).toString('hex')}`;
    market = await startMarket({ REDIS_PREFIX: prefix });
    const config = parseConfig(ConfigSchema, {
      DATABASE_URL,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'error',
      PREDICTION_BACKTEST: 'false',
      // The live record and the back-tests of current prices: a registered research analyst's deployment.
      ...REGISTERED_TEST_ENV,
    });
    ({ app } = await startService({ service: 'prediction', module: AppModule.register(config), config, handleSignals: false }));
    client = new RpcClient({ redisUrl: REDIS_URL, prefix });
    await client.connect();
    restore = await keepDatasetEnd(market.pg, [SYMBOL]);
    await market.pg.query('DELETE FROM prediction.backtest_origins WHERE symbol = $1', [SYMBOL]);
    await market.pg.query('DELETE FROM prediction.evaluations WHERE symbol = $1', [SYMBOL]);
  });

  afterAll(async () => {
    await restore?.();
    // Its back-tests of the days added here are not of the shared data: the next one computes them again.
    await market?.pg.query('DELETE FROM prediction.evaluations WHERE symbol = $1', [SYMBOL]);
    await market?.pg.query('DELETE FROM prediction.backtest_origins WHERE symbol = $1', [SYMBOL]);
    await market?.pg.query('DELETE FROM prediction.forecast_records WHERE symbol = $1', [SYMBOL]);
    await app?.close();
    await client?.close();
    await market?.close();
  });

  it("fits every origin the first time and stores each origin's forecasts in a small row", async () => {
    const result = await app.get(BacktestProcessor).backtest({ version: 'test', symbols: [SYMBOL] });
    expect(result).toMatchObject({ computed: 2, current: 0, failed: [], origins: { reused: 0 } });
    const rows = await storedOrigins();
    expect(rows.map((row) => row.horizon)).toEqual([10, 30]);
    expect(rows[0]!.origins + rows[1]!.origins).toBe(result.origins.computed);
    // Three fitted models' log forecasts, 8 bytes a day ahead.
    expect(rows.map((row) => row.widest)).toEqual([3 * 10 * 8, 3 * 30 * 8]);
  });

  it('after a new day fits at most one origin per back-test, reuses the others and answers as a full back-test of the same days', async () => {
    const before = await storedOrigins();
    await addDay(DAY1, (await lastClose()) * 1.01);
    await market.app.get(MarketCache).store.bump();

    const result = await app.get(BacktestProcessor).backtest({ version: 'test', symbols: [SYMBOL] });
    expect(result).toMatchObject({ computed: 2, current: 0, failed: [] });
    expect(result.origins.computed).toBeLessThanOrEqual(2);
    expect(result.origins.reused).toBeGreaterThanOrEqual(before[0]!.origins + before[1]!.origins - 2);
    const incremental = await storedAnswers();
    expect((await call(PREDICTION.predict, { ticker: SYMBOL })).as_of).toBe(DAY1);

    // The benchmark's baseline: the same job fitting every origin again, though the prices are current.
    const again = await app.get(BacktestProcessor).backtest({ version: 'test', symbols: [SYMBOL], full: true });
    expect(again).toMatchObject({ computed: 2, current: 0, failed: [], origins: { reused: 0, computed: result.origins.computed + result.origins.reused } });
    const full = await storedAnswers();
    expect(full.map((row) => row.computed_at)).not.toEqual(incremental.map((row) => row.computed_at));
    expect(full.map(({ evaluation, forecast }) => ({ evaluation, forecast }))).toEqual(incremental.map(({ evaluation, forecast }) => ({ evaluation, forecast })));
  });

  it('fits every origin again when a split goes ex, since it restates every earlier close', async () => {
    await addDay(DAY2, (await lastClose()) / 2);
    await market.pg.query(`INSERT INTO market.corporate_actions (symbol, ex_date, kind, ratio, factor, source) VALUES ($1, $2, 'split', 2, 0.5, 'operator')`, [SYMBOL, DAY2]);
    await market.app.get(MarketCache).store.bump();

    const origins = await app.get(ForecastService).refresh(SYMBOL, 10);
    expect(origins).toMatchObject({ reused: 0 });
    expect((await storedOrigins())[0]!.origins).toBe(origins!.computed);
    const answer = await call(PREDICTION.predict, { ticker: SYMBOL });
    // No crash in the adjusted closes: the forecast starts near the day's close.
    expect(answer.as_of).toBe(DAY2);
    expect(Math.abs(answer.forecast[0]! / answer.last_close - 1)).toBeLessThan(0.1);
  });
});
