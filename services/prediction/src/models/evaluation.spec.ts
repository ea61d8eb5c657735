import { DEFAULT_HORIZON, type Evaluation, InsufficientHistoryError, MIN_HISTORY_BARS, evaluate, evaluateInDetail, forecast } from './evaluation';
import { MODEL_NAMES } from './models';
import { randomWalk } from './testing/random-walk';

describe('evaluate', () => {
  const series = randomWalk(800, { seed: 5 });
  let evaluation: Evaluation;

  beforeAll(async () => {
    evaluation = await evaluate(series);
  });

  it('reports every model per horizon, JSON-serialisable', () => {
    expect(JSON.parse(JSON.stringify(evaluation))).toEqual(evaluation);
    expect(evaluation.horizon).toBe(DEFAULT_HORIZON);
    expect(Object.keys(evaluation.models).sort()).toEqual([...MODEL_NAMES].sort());
    for (const model of MODEL_NAMES) {
      expect(evaluation.models[model].validation_mae).toHaveLength(10);
      expect(evaluation.models[model].test_relative_mae).toHaveLength(10);
      expect(evaluation.models[model].test_mase).toHaveLength(10);
    }
    expect(evaluation.models.naive.test_relative_mae).toEqual(Array(10).fill(1));
  });

  it('serves naive on a random walk, where nothing beats it', () => {
    expect(evaluation).toMatchObject({ chosen: 'naive', beats_naive: false, accuracy: { relative_mae: { h1: 1, h5: 1, h10: 1 } }, fallbacks: 0 });
  });

  it("names the errors as the literature does: naive's relative MAE is 1, its MASE about √h times a typical day's move", async () => {
    // Hyndman and Koehler's MASE scales by the in-sample one-step naive MAE; the h-step move of a random walk is about
    // √h times the one-step move, so naive's MASE grows with the horizon while its relative MAE stays 1.
    const { evaluation: long } = await evaluateInDetail(randomWalk(1750, { seed: 21 }));
    expect(long.chosen).toBe('naive');
    expect(long.accuracy.relative_mae).toEqual({ h1: 1, h5: 1, h10: 1 });
    expect(long.accuracy.mase.h1).toBeGreaterThan(0.7);
    expect(long.accuracy.mase.h1).toBeLessThan(1.3);
    expect(long.accuracy.mase.h10).toBeGreaterThan(2.5);
    expect(long.accuracy.mase.h10).toBeLessThan(3.5);
    expect(long.models.naive.test_mase[4]).toBeGreaterThan(long.accuracy.mase.h1);
    expect(long.models.naive.test_mase[9]).toBeGreaterThan(long.models.naive.test_mase[4]);
  });

  it('measures the bands on the test window only', () => {
    const { accuracy } = evaluation;
    // 800 bars: origins at bars 499..789 every 5 (59); validation the first 35; test from 10 bars after the last
    expect(accuracy.origins).toBe(59 - 35 - 1);
    expect(accuracy.tests).toBe(accuracy.origins * 10);
    expect(accuracy.test_window).toEqual({ from: series[499 + 5 * 36].date, to: series[799].date });
    expect(accuracy.coverage80).toBeGreaterThan(0.6);
    expect(accuracy.coverage95).toBeGreaterThanOrEqual(accuracy.coverage80);
    expect(accuracy.winkler95).toBeGreaterThan(accuracy.winkler80);
  });

  it('chooses the model from errors known at the first test origin', async () => {
    const first = series.findIndex(({ date }) => date === evaluation.accuracy.test_window.from);
    const spoiled = series.map((point, bar) => (bar > first ? { ...point, close: 1 + ((bar * 7919) % 1000) } : point));
    const other = await evaluate(spoiled);
    expect(other).toMatchObject({ chosen: evaluation.chosen, beats_naive: evaluation.beats_naive });
    for (const model of MODEL_NAMES) expect(other.models[model].validation_mae).toEqual(evaluation.models[model].validation_mae);
    expect(other.models.ets.test_relative_mae).not.toEqual(evaluation.models.ets.test_relative_mae);
  });

  it('calibrates bands that are wider at 95 % and never narrow with the horizon', () => {
    const { q80, q95 } = evaluation.calibration;
    expect(q80).toHaveLength(10);
    for (let k = 0; k < 10; k++) {
      expect(q95[k]).toBeGreaterThan(q80[k]);
      if (k > 0) expect(q80[k] * Math.sqrt(k + 1)).toBeGreaterThanOrEqual(q80[k - 1] * Math.sqrt(k));
    }
  });

  it('chooses a model that follows a steady trend, and says it beats naive', async () => {
    const trending = await evaluate(randomWalk(800, { seed: 8, drift: 0.003, sigma: 0.005 }));
    expect(trending.chosen).not.toBe('naive');
    expect(trending.beats_naive).toBe(true);
    expect(trending.models[trending.chosen].beat_naive).toBe(true);
    expect(trending.models.naive.beat_naive).toBe(false);
    expect(trending.accuracy.relative_mae.h10).toBeLessThan(1);
  });

  it('reaches 30 trading days with every model side by side', async () => {
    const detail = await evaluateInDetail(series, { horizon: 30 });
    expect(detail.evaluation.calibration.q95).toHaveLength(30);
    expect(detail.perHorizon.coverage95).toHaveLength(30);
    for (const model of MODEL_NAMES) {
      expect(detail.evaluation.models[model].test_relative_mae).toHaveLength(30);
      expect(detail.evaluation.models[model].test_mase).toHaveLength(30);
    }
    expect(detail.evaluation.accuracy.relative_mae.h30).toBe(detail.perHorizon.relative_mae[29]);
    expect(detail.evaluation.accuracy.mase.h30).toBe(detail.perHorizon.mase[29]);
  });

  it("measures every model's own bands on the test window, and the chosen model's match the served accuracy", () => {
    for (const model of MODEL_NAMES) {
      const own = evaluation.models[model];
      expect(own.test_coverage80).toBeGreaterThan(0.5);
      expect(own.test_coverage95).toBeGreaterThanOrEqual(own.test_coverage80);
      expect(own.test_winkler80).toBeGreaterThan(0);
      expect(own.beat_naive).toBe(false);
    }
    const chosen = evaluation.models[evaluation.chosen];
    expect(chosen.test_coverage80).toBe(evaluation.accuracy.coverage80);
    expect(chosen.test_coverage95).toBe(evaluation.accuracy.coverage95);
    expect(chosen.test_winkler80).toBe(evaluation.accuracy.winkler80);
    // Ten days reports no 30-day figure.
    expect(evaluation.accuracy.relative_mae).not.toHaveProperty('h30');
    expect(evaluation.accuracy.mase).not.toHaveProperty('h30');
  });

  it('names the minimum history', async () => {
    const short = randomWalk(MIN_HISTORY_BARS - 1);
    await expect(evaluate(short)).rejects.toThrow(InsufficientHistoryError);
    await expect(evaluate(short)).rejects.toMatchObject({ minimum: MIN_HISTORY_BARS, available: MIN_HISTORY_BARS - 1 });
    await expect(evaluate(randomWalk(MIN_HISTORY_BARS))).resolves.toMatchObject({ horizon: 10 });
  });

  it('refuses series out of order, prices that are not positive and horizons it cannot report', async () => {
    const reversed = [...series].reverse();
    await expect(evaluate(reversed)).rejects.toThrow(/Dates must ascend/);
    await expect(evaluate(series.map((point, i) => (i === 3 ? { ...point, close: 0 } : point)))).rejects.toThrow(/not a positive number/);
    await expect(evaluate(series, { horizon: 5 })).rejects.toThrow(RangeError);
    await expect(evaluate(series, { span: 100 })).rejects.toThrow(/validation and .* test origins/);
  });
});

describe('forecast', () => {
  const series = randomWalk(800, { seed: 5 });

  it('forecasts in rupees with 80 % and 95 % bands that widen with the horizon', async () => {
    const evaluation = await evaluate(series);
    const result = await forecast(series, evaluation, 10);
    const last = series[series.length - 1];
    expect(result).toMatchObject({ as_of: last.date, last_close: last.close, model: 'naive', horizon: 10 });
    expect(result.forecast).toEqual(Array(10).fill(last.close));
    for (let k = 0; k < 10; k++) {
      expect(result.lower95[k]).toBeLessThan(result.lower80[k]);
      expect(result.lower80[k]).toBeLessThan(result.forecast[k]);
      expect(result.upper80[k]).toBeGreaterThan(result.forecast[k]);
      expect(result.upper95[k]).toBeGreaterThan(result.upper80[k]);
      for (const value of [result.lower95[k], result.upper95[k]]) expect(Math.round(value * 100) / 100).toBe(value);
    }
    expect(result.upper95[9] - result.lower95[9]).toBeGreaterThan(result.upper95[0] - result.lower95[0]);
    expect(result.upper80[9] - result.lower80[9]).toBeGreaterThan(result.upper80[0] - result.lower80[0]);
  });

  it('serves fewer days than the evaluation, not more', async () => {
    const evaluation = await evaluate(series);
    await expect(forecast(series, evaluation, 5)).resolves.toMatchObject({ horizon: 5, forecast: expect.any(Array) });
    expect((await forecast(series, evaluation, 5)).upper95).toHaveLength(5);
    await expect(forecast(series, evaluation, 11)).rejects.toThrow(RangeError);
  });
});
