import { Inject, Injectable } from '@nestjs/common';
import { type PredictionBacktestJob, QUEUES } from '@nivesh/proto';
import { type JobHandlers, QueueProcessor, QueueProducer, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { BACKTEST_HORIZONS, type ClosesCache, ForecastService, type OriginCounts } from './forecast.service';
import { LiveRecordService, type ScoringResult } from './live-record.service';
import { EvaluationsRepository } from './evaluations.repository';
import { MarketDataClient } from './market-data.client';

/** Counts of back-tests (symbol and horizon) computed and current, the origins the computed ones fitted and reused, and the live record's forecasts. */
export type BacktestResult = { version: string; computed: number; current: number; origins: OriginCounts; failed: string[]; live: ScoringResult; ms: number };

/**
 * The worker of the `prediction-backtest` queue: scores the live record's forecasts whose closes arrived, then
 * back-tests every symbol whose prices changed, one at a time, beside user requests. The market service queues a job
 * after each import that adds data; at boot this service queues one too, so a fresh install or a lost Redis is caught up.
 */
@Injectable()
export class BacktestProcessor extends QueueProcessor<typeof QUEUES.predictionBacktest> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly forecasts: ForecastService,
    private readonly live: LiveRecordService,
    private readonly market: MarketDataClient,
    private readonly evaluations: EvaluationsRepository,
  ) {
    super({ queue: QUEUES.predictionBacktest, config, concurrency: 1, words: 'prediction back-test', enabled: config.PREDICTION_BACKTEST });
  }

  protected handlers(): JobHandlers<typeof QUEUES.predictionBacktest> {
    return { backtest: (data) => this.backtest(data) };
  }

  /** Catches up a fresh install or a lost Redis. */
  protected override async started(): Promise<void> {
    const producer = new QueueProducer(QUEUES.predictionBacktest, { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX });
    try {
      await producer.add('backtest', { version: 'boot' }, { jobId: `backtest-boot-${Date.now()}` });
    } finally {
      await producer.close();
    }
  }

  /**
   * Which symbols the job keeps current: the whole market while it has at most PREDICTION_BACKTEST_ALL_UP_TO symbols,
   * else those already back-tested (asked about at least once) that are still listed.
   */
  private async backtested(): Promise<string[]> {
    const market = await this.market.universe();
    if (market.length <= this.config.PREDICTION_BACKTEST_ALL_UP_TO) return market;
    const listed = new Set(market);
    return (await this.evaluations.symbols()).filter((symbol) => listed.has(symbol));
  }

  /**
   * Scores the live record of the job's symbols (default: all), a few cheap reads, then back-tests each one whose
   * stored back-test is not of its current prices: every symbol at the free horizon first, then at the premium one.
   * A new day fits at most one new origin per back-test; the others are reused unless the closes they depend on changed.
   * Each symbol's closes are read once for both horizons.
   * `full` back-tests every symbol again from scratch: the baseline the incremental back-tests are measured against.
   */
  async backtest({ version, symbols, full }: PredictionBacktestJob): Promise<BacktestResult> {
    const started = performance.now();
    const universe = symbols ?? (await this.backtested());
    const live = await this.live.score(universe);
    const result: BacktestResult = {
      version,
      computed: 0,
      current: 0,
      origins: { computed: 0, reused: 0 },
      failed: live.failed.map((symbol) => `${symbol} (live record)`),
      live,
      ms: 0,
    };
    const closes: ClosesCache = new Map();
    for (const horizon of BACKTEST_HORIZONS) {
      const last = horizon === BACKTEST_HORIZONS.at(-1);
      for (const symbol of universe) {
        // Not the rest of the market at shutdown: retried later, the job finds these back-tests current.
        if (this.shuttingDown) throw new Error(`stopped by shutdown after ${result.computed} back-tests computed`);
        try {
          const origins = await this.forecasts.refresh(symbol, horizon, { full, closes });
          if (!origins) {
            result.current += 1;
            continue;
          }
          result.computed += 1;
          result.origins.computed += origins.computed;
          result.origins.reused += origins.reused;
        } catch (error) {
          result.failed.push(`${symbol} (${horizon} days)`);
          this.logger.warn(`${horizon}-day back-test of ${symbol} failed: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          // The last horizon's back-test is the last to read these prices.
          if (last) closes.delete(symbol);
        }
      }
    }
    result.ms = Math.round(performance.now() - started);
    this.logger.log(
      `prediction back-tests (${version}): ${live.scored} forecasts scored, ${result.computed} computed (${result.origins.computed} origins fitted, ${result.origins.reused} reused), ${result.current} current, ${result.failed.length} failed in ${result.ms} ms`,
    );
    return result;
  }
}
