import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MARKET, type MarketSymbolQuery, type SentimentQuery } from '@nivesh/proto';
import { MarketCache } from '../store/market-cache';
import { AnalysisService } from './analysis.service';

/** GET /api/market/status, /symbols, /summary, /overview and /sentiment; answers cached until the next import. */
@Controller()
export class AnalysisHandler {
  constructor(
    private readonly analysis: AnalysisService,
    private readonly cache: MarketCache,
  ) {}

  @MessagePattern(MARKET.status.pattern)
  status() {
    return this.cache.getOrCompute('status', {}, () => this.analysis.status());
  }

  @MessagePattern(MARKET.symbols.pattern)
  symbols() {
    return this.cache.getOrCompute('symbols', {}, () => this.analysis.symbols());
  }

  @MessagePattern(MARKET.summary.pattern)
  summary(@Payload() payload: MarketSymbolQuery) {
    return this.cache.getOrCompute('summary', payload, () => this.analysis.summary(payload));
  }

  @MessagePattern(MARKET.overview.pattern)
  overview() {
    return this.cache.getOrCompute('overview', {}, () => this.analysis.overview());
  }

  @MessagePattern(MARKET.sentiment.pattern)
  sentiment(@Payload() payload: SentimentQuery) {
    return this.cache.getOrCompute('sentiment', payload, () => this.analysis.sentiment(payload));
  }
}
