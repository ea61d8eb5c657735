import { adjustedCloses } from '../../../../test/support/nse-dataset';
import { planOrigins } from './backtest';
import { type DailyClose, type EvaluationDetail, evaluateInDetail } from './evaluation';
import { FIT_WINDOW } from './models';
import { type StoredOrigin, originFingerprints } from './stored-origins';
import { randomWalk } from './testing/random-walk';

/** What a caller reads of a back-test: everything but the origins to store and the time it took. */
const answer = ({ evaluation, perHorizon, validationCoverage, statistic, fallbacks }: EvaluationDetail) => ({ evaluation, perHorizon, validationCoverage, statistic, fallbacks });

/** The store after a back-test: the origins it reused, as they were, and those it computed. */
const storeAfter = (stored: readonly StoredOrigin[], { origins }: EvaluationDetail): StoredOrigin[] => [
  ...stored.filter((entry) => origins.reused.includes(entry.origin)),
  ...origins.computed,
];

describe('originFingerprints', () => {
  const plan = { horizon: 10, stride: 5, span: 1250, fitWindow: FIT_WINDOW };
  const series = randomWalk(800, { seed: 5 });
  const origins = planOrigins(series.length, plan);
  const fingerprints = originFingerprints(series, origins, plan);

  it('stay the same when days are added', () => {
    expect(originFingerprints(randomWalk(806, { seed: 5 }), origins, plan)).toEqual(fingerprints);
  });

  it('change from the first origin whose scored bars reach a corrected close, and all of them when a split restates every earlier close', () => {
    const corrected = series.map((point, bar) => (bar === 700 ? { ...point, close: point.close * 1.01 } : point));
    const changed = originFingerprints(corrected, origins, plan);
    origins.forEach((t, i) => expect(changed[i] === fingerprints[i]).toBe(t + plan.horizon < 700));
    const split = series.map((point, bar) => (bar < 790 ? { ...point, close: point.close / 2 } : point));
    expect(originFingerprints(split, origins, plan).filter((fingerprint, i) => fingerprint === fingerprints[i])).toEqual([]);
  });

  it('change with the horizon, as the forecasts stored do', () => {
    const longer = { ...plan, horizon: 30 };
    const at = planOrigins(series.length, longer);
    expect(originFingerprints(series, at, longer)).not.toEqual(originFingerprints(series, at.map((t) => t + 20), plan));
  });
});

describe('evaluateInDetail with stored origins', () => {
  const series = randomWalk(800, { seed: 5 });
  let stored: StoredOrigin[];

  beforeAll(async () => {
    const first = await evaluateInDetail(series);
    expect(first.origins.reused).toEqual([]);
    stored = first.origins.computed;
  });

  it('fits again only the origins whose scored bars reach a corrected close, and answers as a full back-test', async () => {
    const corrected = series.map((point, bar) => (bar === 700 ? { ...point, close: point.close * 1.01 } : point));
    const incremental = await evaluateInDetail(corrected, {}, stored);
    const origins = planOrigins(series.length, { horizon: 10, stride: 5, span: 1250, fitWindow: FIT_WINDOW });
    expect(incremental.origins.reused).toEqual(origins.filter((t) => t + 10 < 700).map((t) => series[t].date));
    expect(incremental.origins.computed.map(({ origin }) => origin)).toEqual(origins.filter((t) => t + 10 >= 700).map((t) => series[t].date));
    expect(answer(incremental)).toEqual(answer(await evaluateInDetail(corrected)));
  });

  it('fits every origin again after a split went ex, and reuses none stored for another horizon', async () => {
    const split = series.map((point, bar) => (bar < 790 ? { ...point, close: point.close / 2 } : point));
    const afterSplit = await evaluateInDetail(split, {}, stored);
    expect(afterSplit.origins.reused).toEqual([]);
    expect(answer(afterSplit)).toEqual(answer(await evaluateInDetail(split)));
    expect((await evaluateInDetail(series, { horizon: 30 }, stored)).origins.reused).toEqual([]);
  });
});

describe("an incremental back-test of INFY's adjusted closes", () => {
  it('fits one origin over five new days, one day at a time, and answers exactly as a full back-test of the same days', async () => {
    const closes: DailyClose[] = await adjustedCloses('INFY');
    const first = await evaluateInDetail(closes.slice(0, -5));
    let stored = first.origins.computed;
    let computed = 0;
    let latest = first;
    for (let end = closes.length - 4; end <= closes.length; end++) {
      latest = await evaluateInDetail(closes.slice(0, end), {}, stored);
      expect(latest.origins.computed.length).toBeLessThanOrEqual(1);
      computed += latest.origins.computed.length;
      stored = storeAfter(stored, latest);
    }
    // Five days on a five-day grid: one origin added.
    expect(computed).toBe(1);

    const full = await evaluateInDetail(closes);
    // The store holds the origins a full back-test of the same days has, no more.
    expect(stored.map(({ origin }) => origin)).toEqual(full.origins.computed.map(({ origin }) => origin));
    expect(stored).toEqual(full.origins.computed);
    expect(answer(latest)).toEqual(answer(full));
    expect(latest.evaluation.chosen).toBe(full.evaluation.chosen);
  }, 60_000);
});
