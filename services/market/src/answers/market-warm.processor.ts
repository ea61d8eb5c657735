import { Inject, Injectable } from '@nestjs/common';
import { HISTORY_RANGES, MARKET, type MarketWarmJob, QUEUES } from '@nivesh/proto';
import { type JobHandlers, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { BarStore } from '../bars/bar-store';
import { MarketCache } from '../cache/market-cache';
import { MarketAnswers } from './market-answers';

type Pattern = Parameters<MarketAnswers['answer']>[0];
/** One answer to compute ahead: a pattern and its query as a user's request sends it (before defaults). */
export type WarmItem = { pattern: Pattern; query: Record<string, unknown> };

const RISK_RANGES = ['1y', '5y', 'max'] as const;
const SENTIMENT_RANGES = ['6m', '1y', '5y'] as const;

/**
 * What the pages ask first, most visited first: the market-wide answers, then every stock's answers at the ranges the
 * pages open with, then every other range but one. A user who opens any page of any stock after an import finds its
 * answer already computed. The exception is the indicators of a stock's whole history (`max`, 20 years of them): the
 * costliest answer (about 150 ms, a third of the job's time for the 48 stocks) and one a user picks rarely, so it
 * is computed on its first request instead of every evening for every stock.
 */
export const warmPlan = (symbols: readonly string[]): WarmItem[] => [
  { pattern: 'status', query: {} },
  { pattern: 'symbols', query: {} },
  { pattern: 'overview', query: {} },
  { pattern: 'sentiment', query: { range: '1y' } },
  ...symbols.flatMap((symbol): WarmItem[] => [
    { pattern: 'quote', query: { symbol } },
    { pattern: 'history', query: { symbol, range: '1y', adjusted: true } },
    { pattern: 'indicators', query: { symbol, range: '1y' } },
    { pattern: 'summary', query: { symbol } },
    { pattern: 'risk', query: { symbol, range: '1y' } },
    { pattern: 'insights', query: { symbol } },
  ]),
  ...SENTIMENT_RANGES.filter((range) => range !== '1y').map((range): WarmItem => ({ pattern: 'sentiment', query: { range } })),
  ...symbols.flatMap((symbol): WarmItem[] => [
    ...HISTORY_RANGES.filter((range) => range !== '1y').flatMap((range): WarmItem[] => [
      { pattern: 'history', query: { symbol, range, adjusted: true } },
      ...(range === 'max' ? [] : [{ pattern: 'indicators', query: { symbol, range } } satisfies WarmItem]),
    ]),
    ...RISK_RANGES.filter((range) => range !== '1y').map((range): WarmItem => ({ pattern: 'risk', query: { symbol, range } })),
  ]),
];

export type WarmResult = { version: string; computed: number; already: number; stale: boolean; ms: number };

/**
 * The worker of the `market-warm` queue: computes the common answers of a data version, one at a time (it runs
 * beside user requests and must not crowd them out), and stops as soon as a newer version exists. At boot it asks
 * for the current version to be warmed, so a restarted Redis or a fresh deployment is warmed too.
 */
@Injectable()
export class MarketWarmProcessor extends QueueProcessor<typeof QUEUES.marketWarm> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly answers: MarketAnswers,
    private readonly cache: MarketCache,
    private readonly bars: BarStore,
  ) {
    super({ queue: QUEUES.marketWarm, config, concurrency: 1, words: 'market warm', enabled: cache.enabled });
  }

  protected handlers(): JobHandlers<typeof QUEUES.marketWarm> {
    return { warm: (data) => this.warm(data) };
  }

  protected override async started(): Promise<void> {
    if ((await this.bars.latestDate()) !== null) await this.cache.requestWarm(await this.cache.version());
  }

  /**
   * Whose answers are computed ahead: every stock while the universe is the curated 48 (726 answers), else the
   * MARKET_WARM_SYMBOLS stocks asked for most over the last week (a 2,000-stock universe warmed whole would take a
   * quarter of an hour a day, most of it for stocks nobody opens; the others are computed on their first request).
   */
  private async warmedStocks(): Promise<string[]> {
    const stocks = (await this.bars.stocks()).map((stock) => stock.symbol);
    if (stocks.length <= this.config.MARKET_WARM_SYMBOLS) return stocks;
    const known = new Set(stocks);
    return (await this.cache.mostAsked(this.config.MARKET_WARM_SYMBOLS * 2)).filter((symbol) => known.has(symbol)).slice(0, this.config.MARKET_WARM_SYMBOLS);
  }

  /** Computes every answer of the plan that is not stored yet under `version`. */
  async warm({ version, symbols }: MarketWarmJob): Promise<WarmResult> {
    const started = performance.now();
    const universe = symbols ?? (await this.warmedStocks());
    const result: WarmResult = { version, computed: 0, already: 0, stale: false, ms: 0 };
    for (const { pattern, query } of warmPlan(universe)) {
      // Not the rest of the plan at shutdown: retried later, the job skips the answers stored so far.
      if (this.shuttingDown) throw new Error(`stopped by shutdown after ${result.computed} answers computed`);
      if ((await this.cache.version()) !== version) {
        result.stale = true;
        break;
      }
      const payload: unknown = MARKET[pattern].payload.parse(query);
      if (await this.cache.isStored(version, MARKET[pattern], payload)) {
        result.already += 1;
        continue;
      }
      await this.answers.answer(pattern, payload as never, { asked: false });
      result.computed += 1;
    }
    result.ms = Math.round(performance.now() - started);
    this.logger.log(`market answers of data version ${version}: ${result.computed} computed, ${result.already} already stored${result.stale ? ', stopped for a newer version' : ''} in ${result.ms} ms`);
    return result;
  }
}
