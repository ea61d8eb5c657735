import { randomBytes } from 'node:crypto';
import { DomainError, FORECAST_MODELS, MARKET, PREDICTION, type PredictResponse, type RpcDefinition } from '@nivesh/proto';
import { NSE_CALENDAR, parseConfig, RpcClient, startService } from '@nivesh/platform';
import type { z } from 'zod';
import { type MarketHarness, startMarket } from '../../market/test/support';
import { AppModule } from '../src/app.module';
import { type Config, ConfigSchema } from '../src/config';
import { MIN_HISTORY_BARS } from '../src/models';
import { BacktestProcessor } from '../src/forecasts/backtest.processor';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Each band's width per day. */
const widths = (lower: number[], upper: number[]) => upper.map((value, i) => value - lower[i]!);
const nonDecreasing = (values: number[]) => values.every((value, i) => i === 0 || value >= values[i - 1]! - 1e-9);

describe('TrendVision on the shared data (market and prediction services, real PostgreSQL and Redis)', () => {
  let market: MarketHarness;
  let app: Awaited<ReturnType<typeof startService>>['app'];
  let client: RpcClient;
  let config: Config;
  const call = <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>) => client.call(def, payload);
  const answers = new Map<string, PredictResponse>();

  beforeAll(async () => {
    const prefix = `prediction-${randomBytes(4).toString('hex')}`;
    market = await startMarket({ REDIS_PREFIX: prefix });
    config = parseConfig(ConfigSchema, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'error', PREDICTION_BACKTEST: 'false' });
    ({ app } = await startService({ service: 'prediction', module: AppModule.register(config), config, handleSignals: false }));
    client = new RpcClient({ redisUrl: REDIS_URL, prefix });
    await client.connect();
  });

  afterAll(async () => {
    await app?.close();
    await client?.close();
    await market?.close();
  });

  // The education profile (the default): the latest bar is D (28 Mar 2024 for INFY, 7 Mar for NIFTY 50), and the
  // forecast reads no bar after D − 30 days.
  const LATEST: Record<string, { latest: string; asOf: string }> = { infy: { latest: '2024-03-28', asOf: '2024-02-27' }, 'nifty 50': { latest: '2024-03-07', asOf: '2024-02-06' } };

  it.each(['infy', 'nifty 50'])('forecasts %s ten trading days on from prices 30 days old, with every field, bands that widen with the horizon and their measured accuracy', async (ticker) => {
    const answer = await call(PREDICTION.predict, { ticker });
    answers.set(ticker, answer);
    expect(answer.ticker).toBe(ticker.toUpperCase());
    expect(answer.horizon_days).toBe(10);
    for (const series of [answer.forecast, answer.dates, answer.lower80, answer.upper80, answer.lower95, answer.upper95]) expect(series).toHaveLength(10);
    expect(answer.as_of).toBe(LATEST[ticker]!.asOf);
    expect(answer.dates[0]! > answer.as_of).toBe(true);
    // NSE's sessions, the special Saturday session of 2 Mar 2024 included.
    expect(answer.dates).toEqual(NSE_CALENDAR.sessionsAfter(answer.as_of, 10));
    answer.forecast.forEach((value, i) => {
      expect(answer.lower95[i]!).toBeLessThanOrEqual(answer.lower80[i]!);
      expect(answer.lower80[i]!).toBeLessThanOrEqual(value);
      expect(value).toBeLessThanOrEqual(answer.upper80[i]!);
      expect(answer.upper80[i]!).toBeLessThanOrEqual(answer.upper95[i]!);
    });
    expect(nonDecreasing(widths(answer.lower80, answer.upper80))).toBe(true);
    expect(nonDecreasing(widths(answer.lower95, answer.upper95))).toBe(true);
    expect(answer.upper95[9]! - answer.lower95[9]!).toBeGreaterThan(answer.upper95[0]! - answer.lower95[0]!);
    // A day ahead, the forecast sits near the last close: a stock does not move 10 % overnight as a rule.
    expect(Math.abs(answer.forecast[0]! / answer.last_close - 1)).toBeLessThan(0.1);
    expect(answer.baseline).toBe('naive');
    expect(answer.model_name.length).toBeGreaterThan(3);
    const { accuracy } = answer;
    for (const value of [...Object.values(accuracy.relative_mae), ...Object.values(accuracy.mase)]) expect(value).toBeGreaterThan(0);
    if (answer.model === 'naive') expect(accuracy.relative_mae).toEqual({ h1: 1, h5: 1, h10: 1 });
    // MASE against a typical day's move grows with the horizon, about as √h: 10 days' errors are over twice 1 day's.
    expect(accuracy.mase.h10).toBeGreaterThan(2 * accuracy.mase.h1);
    expect(accuracy.mase.h10).toBeGreaterThan(1.5);
    expect(accuracy.coverage80).toBeGreaterThan(0.6);
    expect(accuracy.coverage95).toBeGreaterThanOrEqual(accuracy.coverage80);
    expect(accuracy.origins).toBeGreaterThan(50);
    expect(accuracy.tests).toBeGreaterThanOrEqual(accuracy.origins);
    expect(accuracy.test_window.from < accuracy.test_window.to).toBe(true);
    expect(accuracy.test_window.to <= answer.as_of).toBe(true);
  });

  it.each(['infy', 'nifty 50'])('shows the forecast of %s with what happened since: the actual closes of its days and whether each band held them', async (ticker) => {
    const answer = answers.get(ticker)!;
    const { illustration } = answer;
    expect(illustration).toMatchObject({ lag_days: 30, latest: LATEST[ticker]!.latest, cutoff: LATEST[ticker]!.asOf });
    const history = await call(MARKET.history, { symbol: ticker.toUpperCase(), range: 'max', adjusted: true });
    const closes = new Map(history.bars.map((bar) => [bar.date, bar.close]));
    const { outcome } = illustration!;
    expect(outcome.through).toBe(LATEST[ticker]!.latest);
    // Every one of the ten days has come (they end well before D): each actual close is the market's own.
    expect(outcome.actual).toEqual(answer.dates.map((date) => closes.get(date)));
    expect(outcome.inside80).toEqual(outcome.actual.map((close, i) => close! >= answer.lower80[i]! && close! <= answer.upper80[i]!));
    expect(outcome.inside95).toEqual(outcome.actual.map((close, i) => close! >= answer.lower95[i]! && close! <= answer.upper95[i]!));
    expect(outcome).toMatchObject({ days: 10, hits80: outcome.inside80.filter(Boolean).length, hits95: outcome.inside95.filter(Boolean).length });
    expect(outcome.hits95).toBeGreaterThanOrEqual(outcome.hits80);
    // The back-test read nothing newer either.
    expect(answer.accuracy.test_window.to <= LATEST[ticker]!.asOf).toBe(true);
  });

  it('keeps an illustration out of the live record: its days had passed when it was shown', async () => {
    const record = await call(PREDICTION.liveRecord, {});
    expect(record.recorded).toBe(0);
  });

  it('describes the present as it is: the market answers stay at D', async () => {
    const quote = await call(MARKET.quote, { symbol: 'INFY' });
    expect(quote.as_of).toBe('2024-03-28');
  });

  it('answers a repeated question from the stored back-test, and a shorter horizon with the first days of the same bands', async () => {
    const first = answers.get('infy')!;
    const again = await call(PREDICTION.predict, { ticker: 'INFY' });
    expect(again.computed_at).toBe(first.computed_at);
    expect(again.forecast).toEqual(first.forecast);
    const short = await call(PREDICTION.predict, { ticker: 'INFY', horizon_days: 5 });
    expect(short.forecast).toHaveLength(5);
    expect(short.upper95).toEqual(first.upper95.slice(0, 5));
  });

  it("forecasts 30 trading days ahead (premium) with every model's back-test side by side, on the same bands' rules", async () => {
    const answer = await call(PREDICTION.predict, { ticker: 'INFY', horizon_days: 30 });
    for (const series of [answer.forecast, answer.dates, answer.lower80, answer.upper80, answer.lower95, answer.upper95]) expect(series).toHaveLength(30);
    expect(answer.horizon_days).toBe(30);
    expect(nonDecreasing(widths(answer.lower80, answer.upper80))).toBe(true);
    expect(nonDecreasing(widths(answer.lower95, answer.upper95))).toBe(true);
    expect(answer.upper95[29]! - answer.lower95[29]!).toBeGreaterThan(answer.upper95[9]! - answer.lower95[9]!);
    expect(answer.accuracy.relative_mae.h30).toBeGreaterThan(0);
    expect(answer.accuracy.mase.h30).toBeGreaterThan(answer.accuracy.mase.h10!);

    const models = answer.models!;
    expect(models.map((row) => row.model)).toEqual([...FORECAST_MODELS]);
    expect(models.filter((row) => row.served).map((row) => row.model)).toEqual([answer.model]);
    const naive = models.find((row) => row.model === 'naive')!;
    expect(naive.relative_mae).toEqual({ h1: 1, h5: 1, h10: 1, h30: 1 });
    expect(naive.mase.h30).toBeGreaterThan(naive.mase.h10);
    expect(naive.beat_naive_on_validation).toBe(false);
    for (const row of models) {
      expect(row.relative_mae.h30).toBeGreaterThan(0);
      expect(row.mase.h30).toBeGreaterThan(0);
      expect(row.coverage80).toBeGreaterThan(0.5);
      expect(row.coverage95).toBeGreaterThanOrEqual(row.coverage80);
      expect(row.winkler80).toBeGreaterThan(0);
    }
    const served = models.find((row) => row.served)!;
    expect(served.relative_mae).toEqual(answer.accuracy.relative_mae);
    expect(served.mase).toEqual(answer.accuracy.mase);
    expect(served.coverage80).toBeCloseTo(answer.accuracy.coverage80, 10);
    // The free horizon's answer stays as it was: its own back-test, no side-by-side table.
    expect(answers.get('infy')!.models).toBeUndefined();
    expect(answers.get('infy')!.accuracy.relative_mae.h30).toBeUndefined();
    expect(answers.get('infy')!.accuracy.mase.h30).toBeUndefined();
  });

  it('answers an unknown ticker with not_found and too little history with unprocessable naming the minimum', async () => {
    await expect(call(PREDICTION.predict, { ticker: 'NOPE' })).rejects.toMatchObject({ code: 'not_found' });
    // A listing with 120 days of prices, written into the market's tables as an import would.
    await market.pg.query(`INSERT INTO market.symbols (symbol, file, company, industry, isin, first_date, last_date) VALUES ('NEWCO', 'NEWCO.csv', 'New Co Ltd.', 'TEST', NULL, '2023-09-01', '2024-02-16') ON CONFLICT DO NOTHING`);
    await market.pg.query(
      `INSERT INTO market.daily_bars (symbol, date, open, high, low, close, volume)
       SELECT 'NEWCO', d::date, 100, 110, 95, 100 + n % 7, 1000 FROM generate_series(0, 119) AS n, LATERAL (SELECT DATE '2023-09-01' + n AS d) AS day
       ON CONFLICT DO NOTHING`,
    );
    const error = await call(PREDICTION.predict, { ticker: 'NEWCO' })
      .catch((caught: unknown) => caught)
      .finally(() => market.pg.query(`DELETE FROM market.symbols WHERE symbol = 'NEWCO'`));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'unprocessable' });
    expect((error as DomainError).message).toContain(MIN_HISTORY_BARS.toLocaleString('en-IN'));
    expect((error as DomainError).message).toContain('NEWCO has 120');
  });

  it('publishes the track record of every back-tested symbol and counts the rest as pending', async () => {
    const record = await call(PREDICTION.accuracy, {});
    expect(record.horizon_days).toBe(10);
    expect(record.rows.map((row) => row.ticker)).toEqual(expect.arrayContaining(['INFY', 'NIFTY 50']));
    const infy = record.rows.find((row) => row.ticker === 'INFY')!;
    expect(infy).toMatchObject({ company: 'Infosys Ltd.', model: answers.get('infy')!.model, as_of: '2024-02-27' });
    expect(infy.relative_mae).toEqual(answers.get('infy')!.accuracy.relative_mae);
    expect(infy.mase).toEqual(answers.get('infy')!.accuracy.mase);
    expect(record.pending).toBe(49 - record.rows.length);
  });

  it('back-tests the symbols of a job once per price series, at the free and the premium horizon', async () => {
    const processor = app.get(BacktestProcessor);
    // INFY was back-tested at both horizons above; TCS at neither.
    expect(await processor.backtest({ version: 'test', symbols: ['TCS', 'INFY'] })).toMatchObject({ computed: 2, current: 2, failed: [] });
    expect(await processor.backtest({ version: 'test', symbols: ['TCS'] })).toMatchObject({ computed: 0, current: 2 });
    const record = await call(PREDICTION.accuracy, {});
    expect(record.rows.map((row) => row.ticker)).toContain('TCS');
  });

  it('serves no back-test stored by an older build: the track record counts it as pending and a forecast computes it again', async () => {
    // As the build before relative MAE stored it: that figure under the name MASE, and no MASE.
    await market.pg.query(
      `UPDATE prediction.evaluations
          SET series_key = regexp_replace(series_key, '^v[0-9]+:', 'v2:'),
              evaluation = jsonb_set(evaluation, '{accuracy}', (evaluation->'accuracy') - 'relative_mae' || jsonb_build_object('mase', evaluation->'accuracy'->'relative_mae'))
        WHERE symbol = 'TCS' AND horizon = 10`,
    );
    const before = await call(PREDICTION.accuracy, {});
    expect(before.rows.map((row) => row.ticker)).not.toContain('TCS');
    expect(before.pending).toBe(49 - before.rows.length);

    const answer = await call(PREDICTION.predict, { ticker: 'TCS' });
    expect(answer.accuracy.relative_mae.h10).toBeGreaterThan(0);
    expect(answer.accuracy.mase.h10).toBeGreaterThan(answer.accuracy.mase.h1);
    const after = await call(PREDICTION.accuracy, {});
    expect(after.rows.find((row) => row.ticker === 'TCS')).toMatchObject({ relative_mae: answer.accuracy.relative_mae, mase: answer.accuracy.mase });
  });
});
