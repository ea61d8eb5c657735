import { createHash } from 'node:crypto';
import path from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  type ComplianceProfile,
  type ResearchAnalyst,
  DomainError,
  EDUCATION_PRICE_LAG_DAYS,
  FORECAST_MODEL_NAMES,
  FORECAST_MODELS,
  PREDICTION_FREE_HORIZON_DAYS,
  PREDICTION_PREMIUM_HORIZON_DAYS,
  type ForecastIllustration,
  type ForecastTrackRecord,
  forecastCutoff,
  type ModelBacktest,
  type PredictPayload,
  type PredictResponse,
} from '@nivesh/proto';
import { AuditTrail, NSE_CALENDAR, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { type DailyClose, type Evaluation, ForecastPool, MIN_HISTORY_BARS, reportedHorizons } from '../models';
import { BacktestOriginsRepository } from './backtest-origins.repository';
import type { EvaluationEntity } from './evaluation.entity';
import { EvaluationsRepository } from './evaluations.repository';
import { LiveRecordService } from './live-record.service';
import { MarketDataClient } from './market-data.client';

/**
 * The horizons back-tests run at: the free one, and the premium one with every model side by side. A forecast uses
 * the first days of the shortest back-test that reaches it.
 */
export const BACKTEST_HORIZONS = [PREDICTION_FREE_HORIZON_DAYS, PREDICTION_PREMIUM_HORIZON_DAYS] as const;
export type BacktestHorizon = (typeof BACKTEST_HORIZONS)[number];
const backtestHorizonFor = (days: number): BacktestHorizon => BACKTEST_HORIZONS.find((horizon) => days <= horizon) ?? PREDICTION_PREMIUM_HORIZON_DAYS;

/**
 * What the stored evaluations hold changes with this number: a back-test stored by an older build is computed again
 * instead of being read without the fields this build answers with, or on origins this build no longer places
 * (4: origins on a grid fixed to the first bar).
 */
const EVALUATION_FORMAT = 4;

/**
 * Each symbol's closes as one back-test job read them (null: too short to back-test): both horizons' back-tests of a
 * symbol read the same prices, so the job asks the market once.
 */
export type ClosesCache = Map<string, Promise<DailyClose[] | null>>;

/** A back-test's origins: those whose forecasts it fitted, and those it took from the stored ones. */
export type OriginCounts = { computed: number; reused: number };

type Backtested = { row: EvaluationEntity; origins: OriginCounts };

/** Whether a stored back-test has this build's format: an older one lacks fields this build answers with. */
const ofCurrentFormat = (row: EvaluationEntity) => row.series_key.startsWith(`v${EVALUATION_FORMAT}:`);

/** Every model's back-test as premium answers show it: naive first, then the order of FORECAST_MODELS. */
const modelsSideBySide = (evaluation: Evaluation, served: string): ModelBacktest[] =>
  FORECAST_MODELS.map((model) => {
    const own = evaluation.models[model];
    return {
      model,
      model_name: FORECAST_MODEL_NAMES[model],
      served: model === served,
      beat_naive_on_validation: own.beat_naive,
      relative_mae: reportedHorizons(own.test_relative_mae),
      mase: reportedHorizons(own.test_mase),
      coverage80: own.test_coverage80,
      coverage95: own.test_coverage95,
      winkler80: own.test_winkler80,
    };
  });

/** What a back-test was computed on: the last date, the number of bars and a digest of every close. */
export const seriesKey = (series: readonly DailyClose[]): string => {
  const digest = createHash('sha256');
  for (const point of series) digest.update(`${point.date}:${point.close};`);
  return `v${EVALUATION_FORMAT}:${series.at(-1)?.date ?? '-'}:${series.length}:${digest.digest('hex').slice(0, 32)}`;
};

/** The dates a forecast from the close of `asOf` is for: the next `count` NSE sessions on the trading calendar. */
export const forecastDates = (asOf: string, count: number): string[] => NSE_CALENDAR.sessionsAfter(asOf, count);

type Bands = Pick<PredictResponse, 'dates' | 'lower80' | 'upper80' | 'lower95' | 'upper95'>;

/**
 * A forecast made `lag` or more days before the latest prices, beside what happened since: each forecast day's actual
 * close (null while it has not come) and whether it fell inside each band. Pure.
 */
export const illustrationOf = (answer: Bands, series: readonly DailyClose[], cutoff: string): ForecastIllustration => {
  const closes = new Map(series.map((point) => [point.date, point.close]));
  const actual = answer.dates.map((date) => closes.get(date) ?? null);
  const inside = (lower: number[], upper: number[]) => actual.map((close, i) => (close === null ? null : close >= lower[i]! && close <= upper[i]!));
  const inside80 = inside(answer.lower80, answer.upper80);
  const inside95 = inside(answer.lower95, answer.upper95);
  return {
    lag_days: EDUCATION_PRICE_LAG_DAYS,
    latest: series.at(-1)!.date,
    cutoff,
    outcome: {
      through: series.at(-1)!.date,
      actual,
      inside80,
      inside95,
      days: actual.filter((close) => close !== null).length,
      hits80: inside80.filter(Boolean).length,
      hits95: inside95.filter(Boolean).length,
    },
  };
};

/**
 * TrendVision: each symbol's walk-forward back-test and the forecast from its last bar, computed when its prices change
 * and stored; a request only checks that the prices are the same and reads them. Model fitting runs in worker threads;
 * the same symbol is never back-tested twice at once.
 */
@Injectable()
export class ForecastService implements OnApplicationShutdown {
  private readonly pool: ForecastPool;
  private readonly running = new Map<string, Promise<Backtested>>();
  /** Per symbol and horizon, the stored back-test found current at a market data version: reused without reading the prices. */
  private readonly current = new Map<string, { version: string; row: EvaluationEntity }>();

  private readonly profile: ComplianceProfile;
  /** Under `registered`, the research analyst every forecast is published by. */
  private readonly analyst: ResearchAnalyst | null;

  constructor(
    @Inject(SERVICE_CONFIG) config: Config,
    private readonly market: MarketDataClient,
    private readonly evaluations: EvaluationsRepository,
    private readonly origins: BacktestOriginsRepository,
    private readonly liveRecord: LiveRecordService,
    private readonly audit: AuditTrail,
  ) {
    // Under Jest the service runs from its TypeScript sources; the worker always runs the compiled code.
    const workerFile = __filename.endsWith('.ts') ? path.resolve(__dirname, '../../dist/models/forecast.worker.js') : undefined;
    this.pool = new ForecastPool({ size: config.PREDICTION_WORKERS, workerFile });
    this.profile = config.COMPLIANCE_PROFILE;
    this.analyst = this.profile === 'registered' ? { registration_number: config.RA_REGISTRATION_NUMBER!, name: config.RA_NAME!, valid_until: config.RA_VALID_UNTIL! } : null;
  }

  /**
   * A forecast beyond the free horizon passed the gateway's premium gate (proto's PREMIUM_TOOLS). Every forecast served
   * goes into the live record, written beside the answer rather than before it. Under the `education` compliance
   * profile the forecast is an illustration: made from prices at least 30 days old (its back-test too), answered with
   * what happened since, and kept out of the live record, whose forecasts must precede their closes.
   */
  async predict({ ticker, horizon_days, caller }: PredictPayload): Promise<PredictResponse> {
    const { row: stored, version } = await this.currentEvaluation(ticker, backtestHorizonFor(horizon_days));
    const { forecast } = stored;
    const { accuracy } = stored.evaluation;
    const days = <T>(values: T[]) => values.slice(0, horizon_days);
    const answer: PredictResponse = {
      ticker,
      company: stored.company,
      forecast: days(forecast.forecast),
      dates: forecastDates(forecast.as_of, horizon_days),
      lower80: days(forecast.lower80),
      upper80: days(forecast.upper80),
      lower95: days(forecast.lower95),
      upper95: days(forecast.upper95),
      as_of: forecast.as_of,
      last_close: forecast.last_close,
      horizon_days,
      model: forecast.model,
      model_name: FORECAST_MODEL_NAMES[forecast.model],
      baseline: 'naive',
      accuracy: {
        relative_mae: accuracy.relative_mae,
        mase: accuracy.mase,
        coverage80: accuracy.coverage80,
        coverage95: accuracy.coverage95,
        origins: accuracy.origins,
        tests: accuracy.tests,
        test_window: accuracy.test_window,
        beats_naive: stored.evaluation.beats_naive,
      },
      computed_at: stored.computed_at.toISOString(),
      ...(horizon_days > PREDICTION_FREE_HORIZON_DAYS ? { models: modelsSideBySide(stored.evaluation, forecast.model) } : {}),
    };
    if (this.profile === 'education') {
      const series = await this.market.closes(ticker);
      return { ...answer, illustration: illustrationOf(answer, series, forecastCutoff('education', series.at(-1)!.date)) };
    }
    const published: PredictResponse = { ...answer, research_analyst: this.analyst! };
    // Kept before it is sent: a forecast the analyst published without its record is what the audit must not miss.
    await this.audit.record({ kind: 'forecast', subject: ticker, user_id: caller?.user_id, data_version: version, model: answer.model_name, shown: published });
    this.liveRecord.record(answer);
    return published;
  }

  /**
   * The stored back-test of the symbol's current prices. The version is read before the prices, so a back-test is never
   * taken for current at a version whose prices it was not computed on.
   */
  private async currentEvaluation(symbol: string, horizon: BacktestHorizon): Promise<{ row: EvaluationEntity; version: string | null }> {
    const version = await this.market.version();
    const key = `${symbol}|${horizon}`;
    const known = version === null ? undefined : this.current.get(key);
    if (known && known.version === version) return { row: known.row, version };
    const row = await this.evaluation(symbol, horizon, await this.closes(symbol));
    if (version !== null) this.current.set(key, { version, row });
    return { row, version };
  }

  /** The track record: every stored back-test of this build's format, and how many symbols have none yet. */
  async trackRecord(): Promise<ForecastTrackRecord> {
    const [rows, universe] = await Promise.all([this.evaluations.list(PREDICTION_FREE_HORIZON_DAYS), this.market.universe()]);
    const known = new Set(universe);
    // One stored by an older build lacks figures this answer carries; the back-test job computes it again.
    const shown = rows.filter((row) => known.has(row.symbol) && ofCurrentFormat(row));
    return {
      rows: shown.map(({ symbol, company, as_of, evaluation }) => ({
        ticker: symbol,
        company,
        model: evaluation.chosen,
        model_name: FORECAST_MODEL_NAMES[evaluation.chosen],
        as_of,
        ...evaluation.accuracy,
        beats_naive: evaluation.beats_naive,
      })),
      pending: universe.length - shown.length,
      horizon_days: PREDICTION_FREE_HORIZON_DAYS,
    };
  }

  /**
   * Back-tests `symbol` at `horizon` unless its stored back-test was computed on the current prices (null), fitting only
   * the origins whose stored forecasts no longer hold. `full` fits every origin again, current prices or not: the
   * baseline the incremental back-test is measured against. `closes` shares the prices read between calls.
   */
  async refresh(
    symbol: string,
    horizon: BacktestHorizon = PREDICTION_FREE_HORIZON_DAYS,
    { full = false, closes }: { full?: boolean; closes?: ClosesCache } = {},
  ): Promise<OriginCounts | null> {
    let pending = closes?.get(symbol);
    if (!pending) {
      pending = this.closes(symbol).catch((error: unknown) => {
        if (error instanceof DomainError && error.code === 'unprocessable') return null;
        throw error;
      });
      closes?.set(symbol, pending);
    }
    const series = await pending;
    if (!series) return null;
    const key = seriesKey(series);
    if (!full && (await this.evaluations.find(symbol, horizon))?.series_key === key) return null;
    return (await this.backtestOnce(symbol, horizon, series, key, full)).origins;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
  }

  /** The closes forecasts and back-tests may read: all of them, or under `education` none of the last 30 days. */
  private async closes(symbol: string): Promise<DailyClose[]> {
    const all = await this.market.closes(symbol);
    const cutoff = all.length ? forecastCutoff(this.profile, all.at(-1)!.date) : '';
    const series = this.profile === 'education' ? all.filter((point) => point.date <= cutoff) : all;
    if (series.length < MIN_HISTORY_BARS) {
      const has = all.length.toLocaleString('en-IN');
      const usable = series.length === all.length ? `${has}.` : `${has}, ${series.length.toLocaleString('en-IN')} of them at least ${EDUCATION_PRICE_LAG_DAYS} days old (what a forecast may use here).`;
      throw new DomainError(
        'unprocessable',
        `TrendVision needs at least ${MIN_HISTORY_BARS.toLocaleString('en-IN')} trading days of prices to test its forecasts before showing one; ${symbol} has ${usable}`,
        { minimum: MIN_HISTORY_BARS, available: series.length },
      );
    }
    return series;
  }

  /** The stored back-test of these prices, or a new one (stored before it is used). */
  private async evaluation(symbol: string, horizon: BacktestHorizon, series: DailyClose[]): Promise<EvaluationEntity> {
    const key = seriesKey(series);
    const stored = await this.evaluations.find(symbol, horizon);
    return stored?.series_key === key ? stored : (await this.backtestOnce(symbol, horizon, series, key)).row;
  }

  /** Back-tests these prices, joining a back-test of the same prices and horizon (and fullness) already running. */
  private backtestOnce(symbol: string, horizon: BacktestHorizon, series: DailyClose[], key: string, full = false): Promise<Backtested> {
    const flight = `${symbol}|${horizon}|${key}|${full}`;
    let pending = this.running.get(flight);
    if (!pending) {
      pending = this.backtest(symbol, horizon, series, key, full).finally(() => this.running.delete(flight));
      this.running.set(flight, pending);
    }
    return pending;
  }

  /**
   * The walk-forward back-test of these prices, reusing the stored origins whose fingerprint still matches (none when
   * `full`), and the forecast from the last bar; both stored, with the origins it fitted.
   */
  private async backtest(symbol: string, horizon: BacktestHorizon, series: DailyClose[], key: string, full: boolean): Promise<Backtested> {
    const stored = full ? [] : await this.origins.list(symbol, horizon);
    const { evaluation, origins } = await this.pool.evaluateInDetail(series, { horizon }, stored);
    const forecast = await this.pool.forecast(series, evaluation, horizon);
    const row: EvaluationEntity = {
      symbol,
      horizon,
      series_key: key,
      company: await this.market.company(symbol),
      as_of: series.at(-1)!.date,
      evaluation,
      forecast,
      computed_at: new Date(),
    };
    await this.evaluations.save(row);
    await this.origins.update(symbol, horizon, origins);
    return { row, origins: { computed: origins.computed.length, reused: origins.reused.length } };
  }
}
