import { createHash } from 'node:crypto';
import type { Backtest, BacktestPlan, DailyClose, OriginForecasts } from './backtest';
import { FITTED_MODELS, type ModelName } from './models';

/**
 * What an origin's stored forecasts were made by: bump it when a fit, a model library or the fallback rule changes, so
 * that forecasts stored before are computed again rather than reused.
 */
const ORIGIN_FORMAT = 1;

/** An origin's forecasts of the fitted models, as stored between back-tests. */
export type StoredOrigin = OriginForecasts & {
  /** The date of the origin's bar. */
  origin: string;
  /** Digest of every date and close from the first bar through the origin's last scored bar (origin + horizon). */
  fingerprint: string;
};

/** What a back-test adds to the store, and the stored origins it reused; any other stored origin is no longer used. */
export type OriginUpdate = { computed: StoredOrigin[]; reused: string[] };

const isFitted = (model: ModelName): model is (typeof FITTED_MODELS)[number] => (FITTED_MODELS as readonly ModelName[]).includes(model);

/**
 * Each origin's fingerprint (origins ascending): a digest of the plan and of every date and close up to its last scored
 * bar. An origin's forecasts, volatility (an EWMA from the first bar) and errors read nothing later, so an equal
 * fingerprint means equal results, whatever changed after that bar; a split or bonus going ex restates every close
 * before it, so it changes every fingerprint before its ex-date.
 */
export const originFingerprints = (series: readonly DailyClose[], origins: readonly number[], { horizon, fitWindow }: BacktestPlan): string[] => {
  const digest = createHash('sha256').update(`v${ORIGIN_FORMAT}:${fitWindow}:${horizon}:${FITTED_MODELS.join(',')};`);
  const fingerprints: string[] = [];
  for (let bar = 0; fingerprints.length < origins.length; bar++) {
    digest.update(`${series[bar].date}:${series[bar].close};`);
    if (origins[fingerprints.length] + horizon === bar) fingerprints.push(digest.copy().digest('base64url').slice(0, 22));
  }
  return fingerprints;
};

/** The stored forecasts that still hold, by origin bar: those of a planned origin's date with its fingerprint. */
export const reusableOrigins = (
  stored: readonly StoredOrigin[],
  dates: readonly string[],
  origins: readonly number[],
  fingerprints: readonly string[],
): Map<number, OriginForecasts> => {
  const byDate = new Map(stored.map((entry) => [entry.origin, entry]));
  const known = new Map<number, OriginForecasts>();
  origins.forEach((t, i) => {
    const entry = byDate.get(dates[t]);
    if (entry?.fingerprint === fingerprints[i]) known.set(t, entry);
  });
  return known;
};

/** The origins a back-test computed, with their fitted models' forecasts to store, and the dates of those it reused. */
export const originUpdate = (backtest: Backtest, dates: readonly string[], fingerprints: readonly string[], known: ReadonlyMap<number, OriginForecasts>): OriginUpdate => {
  const update: OriginUpdate = { computed: [], reused: [] };
  backtest.origins.forEach((t, i) => {
    if (known.has(t)) {
      update.reused.push(dates[t]);
      return;
    }
    update.computed.push({
      origin: dates[t],
      fingerprint: fingerprints[i],
      points: Object.fromEntries(FITTED_MODELS.map((model) => [model, backtest.points[model][i]])),
      fellBack: backtest.fellBack[i].filter(isFitted),
    });
  });
  return update;
};
