import { randomBytes } from 'node:crypto';
import { MARKET, PREDICTION, type PredictResponse, type RpcDefinition } from '@nivesh/proto';
import { AuditTrail, auditUserHash, parseConfig, RpcClient, startService } from '@nivesh/platform';
import type { z } from 'zod';
import { MarketCache } from '../../market/src/cache/market-cache';
import { DATASET_END, type MarketHarness, keepDatasetEnd, startMarket } from '../../market/test/support';
import { AppModule } from '../src/app.module';
import { ConfigSchema } from '../src/config';
import { AuditRetentionProcessor } from '../src/forecasts/audit-retention.processor';
import { BacktestProcessor } from '../src/forecasts/backtest.processor';
import { LiveRecordService } from '../src/forecasts/live-record.service';
import { REGISTERED_TEST_ENV } from '../../../platform/src/testing/registered';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A stock no other test forecasts, so its record is this file's alone. */
const SYMBOL = 'WIPRO';

type StoredRecord = { target_date: string; step: number; actual: number | null; inside80: boolean | null; inside95: boolean | null; abs_error: number | null; naive_abs_error: number | null; scored: boolean };

describe("TrendVision's live record (prediction and market services, real PostgreSQL and Redis)", () => {
  let market: MarketHarness;
  let app: Awaited<ReturnType<typeof startService>>['app'];
  let client: RpcClient;
  let restore: () => Promise<void>;
  let served: PredictResponse;
  /** Day 1's close: halfway between the forecast and the 80 % band's upper edge. */
  const day1Close = () => (served.forecast[0]! + served.upper80[0]!) / 2;
  const call = <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>) => client.call(def, payload);
  const stored = async (): Promise<StoredRecord[]> =>
    (
      await market.pg.query<StoredRecord>(
        `SELECT to_char(target_date, 'YYYY-MM-DD') AS target_date, step, actual, inside80, inside95, abs_error, naive_abs_error, scored_at IS NOT NULL AS scored
           FROM prediction.forecast_records WHERE symbol = $1 ORDER BY step`,
        [SYMBOL],
      )
    ).rows;

  beforeAll(async () => {
    const prefix = `live-record-${randomBytes(4).toString('hex')}`;
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
    await market.pg.query('DELETE FROM prediction.forecast_records WHERE symbol = $1', [SYMBOL]);
  });

  afterAll(async () => {
    await restore?.();
    // Its back-test of the days added here is not of the shared data: the next forecast computes it again.
    await market?.pg.query('DELETE FROM prediction.evaluations WHERE symbol = $1', [SYMBOL]);
    await market?.pg.query('DELETE FROM prediction.forecast_records WHERE symbol = $1', [SYMBOL]);
    await app?.close();
    await client?.close();
    await market?.close();
  });

  it('records a served forecast once, each of its days with its date, however often it is asked for', async () => {
    served = await call(PREDICTION.predict, { ticker: SYMBOL });
    expect(served.as_of).toBe(DATASET_END);
    await Promise.all([call(PREDICTION.predict, { ticker: SYMBOL }), call(PREDICTION.predict, { ticker: SYMBOL, horizon_days: 5 })]);
    await app.get(LiveRecordService).settled();
    const rows = await stored();
    expect(rows.map((row) => [row.step, row.target_date])).toEqual(served.dates.map((date, i) => [i + 1, date]));
    expect(rows.every((row) => !row.scored)).toBe(true);
    const { rows: values } = await market.pg.query(
      `SELECT model, forecast, lower80, upper80, lower95, upper95, last_close FROM prediction.forecast_records WHERE symbol = $1 AND step = 10`,
      [SYMBOL],
    );
    expect(values).toEqual([
      { model: served.model, forecast: served.forecast[9], lower80: served.lower80[9], upper80: served.upper80[9], lower95: served.lower95[9], upper95: served.upper95[9], last_close: served.last_close },
    ]);

    const live = await call(PREDICTION.liveRecord, {});
    expect(live.recorded).toBeGreaterThanOrEqual(10);
    expect(live.symbols.map((entry) => entry.ticker)).not.toContain(SYMBOL);
  });

  it("publishes each forecast under the research analyst's registration, and keeps an audit record of each one shown before answering", async () => {
    const caller = { user_id: `audit-user-${randomBytes(4).toString('hex')}`, session_id: 'audit-session', is_admin: false };
    const answer = await call(PREDICTION.predict, { ticker: SYMBOL, horizon_days: 5, caller });
    expect(answer.research_analyst).toEqual({ registration_number: 'INH000000001', name: 'Nivesh Research (test)', valid_until: '2030-12-31' });
    expect(answer.illustration).toBeUndefined();
    // The market's data version ('0' when it keeps none, as with its cache off here: then the record holds null).
    const { version: known } = await call(MARKET.version, {});
    const version = known === '0' ? null : known;
    const { rows } = await market.pg.query(
      `SELECT kind, subject, user_hash, data_version, model, shown, shown_at FROM prediction.audit_records WHERE user_hash = $1`,
      [auditUserHash(caller.user_id)],
    );
    // One record, whose user is a hash (no account id, no e-mail), on the data version and model the answer came from.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'forecast', subject: SYMBOL, data_version: version, model: answer.model_name, shown: answer });
    expect(rows[0].user_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(caller.user_id);
    expect(Date.now() - rows[0].shown_at.getTime()).toBeLessThan(60_000);
    // Asked without a session, the record names no one.
    const before = Number((await market.pg.query(`SELECT count(*) FROM prediction.audit_records WHERE subject = $1 AND user_hash IS NULL`, [SYMBOL])).rows[0].count);
    await call(PREDICTION.predict, { ticker: SYMBOL, horizon_days: 5 });
    expect(Number((await market.pg.query(`SELECT count(*) FROM prediction.audit_records WHERE subject = $1 AND user_hash IS NULL`, [SYMBOL])).rows[0].count)).toBe(before + 1);
  });

  it('keeps audit records for COMPLIANCE_AUDIT_RETENTION_DAYS (five years by default): the hourly purge deletes older ones and keeps the rest', async () => {
    const now = new Date('2031-06-15T12:00:00Z');
    const day = 86_400_000;
    const trail = app.get(AuditTrail);
    const shown = (label: string, daysAgo: number) =>
      trail.record({ kind: 'forecast', subject: `RET${label}`, data_version: 'v-retention', model: 'test', shown: { label }, at: new Date(now.getTime() - daysAgo * day) });
    await shown('OLD', 1827);
    await shown('EDGE', 1825.9);
    await shown('NEW', 30);
    const deleted = await app.get(AuditRetentionProcessor).purge(now);
    expect(deleted.deleted).toBeGreaterThanOrEqual(1);
    const { rows } = await market.pg.query(`SELECT subject FROM prediction.audit_records WHERE data_version = 'v-retention' ORDER BY subject`);
    expect(rows.map((row) => row.subject)).toEqual(['RETEDGE', 'RETNEW']);
    await market.pg.query(`DELETE FROM prediction.audit_records WHERE data_version = 'v-retention'`);
  });

  it('scores, in the back-test job, exactly the forecasts whose days now have a close, and no others', async () => {
    // Four of the first five sessions arrive; on the third the stock did not trade. Day 1 closes between the forecast and
    // the 80 % band's upper edge, day 2 on that edge, day 4 outside the 80 % band but inside the 95 % one, day 5 far
    // outside both.
    const closes: Array<[number, number]> = [
      [0, day1Close()],
      [1, served.upper80[1]!],
      [3, (served.upper80[3]! + served.upper95[3]!) / 2],
      [4, served.upper95[4]! * 1.1],
    ];
    for (const [i, close] of closes) {
      await market.pg.query(`INSERT INTO market.daily_bars (symbol, date, open, high, low, close, volume) VALUES ($1, $2, $3, $3, $3, $3, 1000)`, [SYMBOL, served.dates[i], close]);
    }
    await market.pg.query('UPDATE market.symbols SET last_date = $2 WHERE symbol = $1', [SYMBOL, served.dates[4]]);
    await market.app.get(MarketCache).store.bump();

    const result = await app.get(BacktestProcessor).backtest({ version: 'test', symbols: [SYMBOL] });
    expect(result.live).toEqual({ scored: 4, closed: 1, failed: [] });
    expect(result.failed).toEqual([]);

    const rows = await stored();
    expect(rows.filter((row) => row.scored).map((row) => row.step)).toEqual([1, 2, 3, 4, 5]);
    const [day1, day2, day3, day4, day5] = rows;
    expect(day1).toMatchObject({ actual: day1Close(), inside80: true, inside95: true });
    expect(day1!.abs_error).toBeCloseTo(day1Close() - served.forecast[0]!, 6);
    expect(day1!.naive_abs_error).toBeCloseTo(Math.abs(day1Close() - served.last_close), 6);
    expect(day2).toMatchObject({ inside80: true, inside95: true });
    // The day without a close is closed, never scored.
    expect(day3).toMatchObject({ actual: null, inside80: null });
    expect(day4).toMatchObject({ inside80: false, inside95: true });
    expect(day5).toMatchObject({ inside80: false, inside95: false });
    expect(day5!.abs_error).toBeCloseTo(served.upper95[4]! * 1.1 - served.forecast[4]!, 6);
    expect(rows.slice(5).every((row) => !row.scored && row.actual === null)).toBe(true);

    // Run again on the same data: nothing left to score, nothing changed.
    const again = await app.get(BacktestProcessor).backtest({ version: 'test', symbols: [SYMBOL] });
    expect(again.live).toEqual({ scored: 0, closed: 0, failed: [] });
    expect(await stored()).toEqual(rows);
  });

  it('answers with the live record: counts, the shares inside each band and the errors against no change, per horizon', async () => {
    const live = await call(PREDICTION.liveRecord, {});
    expect(live.scored).toBeGreaterThanOrEqual(4);
    expect(live.recorded).toBeGreaterThanOrEqual(live.scored + 6);
    expect(live.since! <= DATASET_END).toBe(true);
    expect(live.minimum).toEqual({ forecasts: 30, days: 10 });
    expect(live.horizons.map((horizon) => horizon.horizon_days)).toEqual([1, 5, 10]);

    const own = live.symbols.find((entry) => entry.ticker === SYMBOL)!;
    expect(own.horizons).toEqual([
      { horizon_days: 1, scored: 1, days: 1, coverage80: 1, coverage95: 1, relative_mae: expect.any(Number), first: served.dates[0], last: served.dates[0], enough: false },
      {
        horizon_days: 5,
        scored: 1,
        days: 1,
        coverage80: 0,
        coverage95: 0,
        relative_mae: expect.any(Number),
        first: served.dates[4],
        last: served.dates[4],
        enough: false,
      },
      { horizon_days: 10, scored: 0, days: 0, coverage80: null, coverage95: null, relative_mae: null, first: null, last: null, enough: false },
    ]);
    // Errors of log prices, summed, against no change's on the same forecasts.
    const relativeMae = (day: number, actual: number) => Math.abs(Math.log(served.forecast[day]! / actual)) / Math.abs(Math.log(served.last_close / actual));
    expect(own.horizons[0]!.relative_mae).toBeCloseTo(relativeMae(0, day1Close()), 9);
    expect(own.horizons[1]!.relative_mae).toBeCloseTo(relativeMae(4, served.upper95[4]! * 1.1), 9);
    // Every symbol's scored forecasts at 1 day ahead are in the overall figure.
    expect(live.horizons[0]!.scored).toBeGreaterThanOrEqual(1);
  });
});
