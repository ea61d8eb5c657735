import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { type ForecastLiveRecord, PREDICTION_REPORTED_HORIZONS, type PredictResponse } from '@nivesh/proto';
import { ForecastRecordsRepository, type NewForecastRecord } from './forecast-records.repository';
import { liveRecordOf, scoreForecast } from './live-record';
import { MarketDataClient } from './market-data.client';

/** Forecasts remembered as recorded; past it the memory starts again (the table's key still keeps each one once). */
const REMEMBERED_LIMIT = 10_000;

export type ScoringResult = { scored: number; closed: number; failed: string[] };

/**
 * TrendVision's live record: every forecast served is recorded once, off the answer's path, and scored when the close
 * of its day arrives (by the `prediction-backtest` job, after each market data change), so the record holds only
 * forecasts made before their closes existed.
 */
@Injectable()
export class LiveRecordService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LiveRecordService.name);
  /** Per symbol, model and starting close, the days ahead already recorded: a forecast asked for again writes nothing. */
  private readonly recorded = new Map<string, number>();
  private readonly writing = new Set<Promise<void>>();

  constructor(
    private readonly records: ForecastRecordsRepository,
    private readonly market: MarketDataClient,
  ) {}

  /** Records a served forecast in the background; a failure is logged and never reaches whoever asked. */
  record(answer: PredictResponse): void {
    const key = `${answer.ticker}|${answer.model}|${answer.as_of}`;
    const known = this.recorded.get(key) ?? 0;
    if (known >= answer.forecast.length) return;
    if (this.recorded.size >= REMEMBERED_LIMIT) this.recorded.clear();
    this.recorded.set(key, answer.forecast.length);
    const rows: NewForecastRecord[] = answer.forecast.map((forecast, i) => ({
      symbol: answer.ticker,
      as_of: answer.as_of,
      model: answer.model,
      target_date: answer.dates[i]!,
      step: i + 1,
      forecast,
      lower80: answer.lower80[i]!,
      upper80: answer.upper80[i]!,
      lower95: answer.lower95[i]!,
      upper95: answer.upper95[i]!,
      last_close: answer.last_close,
    }));
    const write = this.records.record(rows).catch((error: unknown) => {
      // Forgotten, so the next request for it tries again.
      if (this.recorded.get(key) === answer.forecast.length) this.recorded.set(key, known);
      this.logger.warn(`recording the forecast of ${answer.ticker} from ${answer.as_of} failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    this.writing.add(write);
    void write.finally(() => this.writing.delete(write));
  }

  /** Resolves when every recording started so far has been written (or has failed). */
  async settled(): Promise<void> {
    await Promise.all([...this.writing]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  /**
   * Scores the recorded forecasts of `symbols` (default: every symbol of the market) whose day now has a close. Only
   * unscored forecasts for days up to the latest stored close are read, so a run after the last one does nothing.
   * `closed` counts forecasts whose day passed without a close for the symbol: never scored, never looked at again.
   */
  async score(symbols?: readonly string[]): Promise<ScoringResult> {
    const result: ScoringResult = { scored: 0, closed: 0, failed: [] };
    const latest = await this.market.latestDate();
    if (!latest) return result;
    const universe = new Set(symbols ?? (await this.market.universe()));
    for (const symbol of await this.records.waitingSymbols(latest)) {
      if (!universe.has(symbol)) continue;
      try {
        const series = await this.market.closes(symbol);
        const through = series.at(-1)?.date;
        if (!through) continue;
        const closes = new Map(series.map((point) => [point.date, point.close]));
        const outcomes = (await this.records.due(symbol, through)).map((row) => ({ ...row, score: scoreForecast(row, closes) }));
        await this.records.saveOutcomes(symbol, outcomes);
        const scored = outcomes.filter((outcome) => outcome.score !== null).length;
        result.scored += scored;
        result.closed += outcomes.length - scored;
      } catch (error) {
        result.failed.push(symbol);
        this.logger.warn(`scoring the forecasts of ${symbol} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return result;
  }

  /** The live record at 1, 5 and 10 trading days ahead, overall and per symbol. */
  async liveRecord(): Promise<ForecastLiveRecord> {
    const [totals, groups] = await Promise.all([this.records.totals(), this.records.groups(PREDICTION_REPORTED_HORIZONS)]);
    return liveRecordOf(totals, groups);
  }
}
