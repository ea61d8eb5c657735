import { Injectable } from '@nestjs/common';
import { MARKET, type RpcDefinition } from '@nivesh/proto';
import type { z } from 'zod';
import { AnalysisService } from '../analysis/analysis.service';
import { FundamentalsService } from '../fundamentals/fundamentals.service';
import { IndicatorsService } from '../quotes/indicators.service';
import { MarketService } from '../quotes/market.service';
import { InsightsService } from '../risk/insights.service';
import { RiskService } from '../risk/risk.service';
import { MarketCache } from '../cache/market-cache';

// The data version is not an answer: it is what answers are stored under.
// Freshness moves with the clock and the pipeline's runs are an admin's list: neither is a stored answer.
type Pattern = Exclude<keyof typeof MARKET, 'health' | 'ping' | 'version' | 'freshness' | 'ingestRuns'>;
/** What an answer is computed from: the payload without the caller (the gateway adds it on logged-in routes). */
type Query<P extends Pattern> = Omit<z.output<(typeof MARKET)[P]['payload']>, 'caller'>;
type Computers = { [P in Pattern]: (payload: Query<P>) => Promise<z.input<(typeof MARKET)[P]['result']>> };

/**
 * Every market answer, computed in one place: the RPC handlers and the warm job both ask here, so an answer
 * computed ahead of users is exactly the one a user's request would have computed (same code, same cache key).
 */
@Injectable()
export class MarketAnswers {
  private readonly computers: Computers;

  constructor(
    market: MarketService,
    indicators: IndicatorsService,
    analysis: AnalysisService,
    risk: RiskService,
    insights: InsightsService,
    fundamentals: FundamentalsService,
    private readonly cache: MarketCache,
  ) {
    this.computers = {
      search: (payload) => market.search(payload),
      quote: (payload) => market.quote(payload),
      history: (payload) => market.history(payload),
      indicators: (payload) => indicators.indicators(payload),
      status: () => analysis.status(),
      symbols: () => analysis.symbols(),
      summary: (payload) => analysis.summary(payload),
      overview: () => analysis.overview(),
      sentiment: (payload) => analysis.sentiment(payload),
      risk: (payload) => risk.risk(payload),
      insights: (payload) => insights.insights(payload),
      screener: (payload) => fundamentals.screener(payload),
      valuation: (payload) => fundamentals.valuation(payload),
      valueBacktest: () => fundamentals.backtest(),
    };
  }

  /**
   * The answer of one pattern for its parsed payload: stored, or computed, validated and stored. A user's request counts
   * its stock as asked for (which stocks the warm job computes ahead); the warm job's own requests do not (`asked: false`).
   */
  answer<P extends Pattern>(
    pattern: P,
    payload: z.output<(typeof MARKET)[P]['payload']>,
    { asked = true }: { asked?: boolean } = {},
  ): Promise<z.output<(typeof MARKET)[P]['result']>> {
    const def = MARKET[pattern] as RpcDefinition;
    const compute = this.computers[pattern] as (payload: unknown) => Promise<unknown>;
    // Market answers are the same for everyone: stored under the query alone, as the gateway looks them up.
    const { caller: _caller, ...query } = payload as Record<string, unknown>;
    if (asked && typeof query.symbol === 'string') this.cache.noteAsked(query.symbol);
    return this.cache.getOrCompute(def, query, () => compute(query)) as Promise<z.output<(typeof MARKET)[P]['result']>>;
  }
}
