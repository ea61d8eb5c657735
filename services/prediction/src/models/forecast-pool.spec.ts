import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { InsufficientHistoryError, MIN_HISTORY_BARS, evaluate } from './evaluation';
import { ForecastPool } from './forecast-pool';
import { randomWalk } from './testing/random-walk';

const SERVICE = path.resolve(__dirname, '../..');
const WORKER = path.join(SERVICE, 'dist/models/forecast.worker.js');

// The worker runs the compiled code, as in the service: compile when dist/ is missing or older than the sources.
beforeAll(() => {
  const sources = readdirSync(__dirname, { recursive: true, encoding: 'utf8' }).map((file) => statSync(path.join(__dirname, file)).mtimeMs);
  if (existsSync(WORKER) && statSync(WORKER).mtimeMs >= Math.max(...sources)) return;
  spawnSync('npx', ['tsc', '-b', SERVICE], { cwd: path.resolve(SERVICE, '../..'), stdio: 'ignore' });
  if (!existsSync(WORKER)) throw new Error(`${WORKER} was not built`);
}, 120_000);

describe('ForecastPool', () => {
  const series = randomWalk(800, { seed: 5 });
  let pool: ForecastPool;

  beforeEach(() => {
    pool = new ForecastPool({ size: 2, workerFile: WORKER });
  });
  afterEach(() => pool.close());

  it('answers from worker threads what the functions answer in this thread', async () => {
    const [evaluation, other] = await Promise.all([pool.evaluate(series), pool.evaluate(randomWalk(800, { seed: 6 }))]);
    expect(evaluation).toEqual(await evaluate(series));
    expect(other.horizon).toBe(10);
    const result = await pool.forecast(series, evaluation, 10);
    expect(result).toMatchObject({ as_of: series[799].date, model: evaluation.chosen, horizon: 10 });
    expect(result.upper95).toHaveLength(10);
  });

  it("passes on a worker's error with its kind", async () => {
    const failure = pool.evaluate(randomWalk(100));
    await expect(failure).rejects.toBeInstanceOf(InsufficientHistoryError);
    await expect(failure).rejects.toMatchObject({ minimum: MIN_HISTORY_BARS, available: 100 });
    await expect(pool.evaluate(series, { horizon: 3 })).rejects.toThrow(RangeError);
  });

  it('fails the job of a worker that dies, and starts another for the next job', async () => {
    const broken = new ForecastPool({ workerFile: path.join(SERVICE, 'dist/models/missing.worker.js') });
    await expect(broken.evaluate(series)).rejects.toThrow(/Cannot find module/);
    await expect(broken.evaluate(series)).rejects.toThrow(/Cannot find module/);
    await broken.close();
  });

  it('refuses jobs once closed', async () => {
    await pool.close();
    await expect(pool.forecast(series, {} as never, 1)).rejects.toThrow(/closed/);
  });
});
