import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MARKET, type MarketSymbolQuery, type SentimentQuery } from '@nivesh/proto';
import { MarketAnswers } from './market-answers';
import { MarketCache } from '../cache/market-cache';

/** GET /api/market/status, /symbols, /summary, /overview and /sentiment; answers kept until the next import. And the data version, for other services. */
@Controller()
export class AnalysisHandler {
  constructor(
    private readonly answers: MarketAnswers,
    private readonly cache: MarketCache,
  ) {}

  /** Lets other services (TrendVision) reuse what they computed until the prices change. */
  @MessagePattern(MARKET.version.pattern)
  async version() {
    return { version: await this.cache.version() };
  }

  @MessagePattern(MARKET.status.pattern)
  status() {
    return this.answers.answer('status', {});
  }

  @MessagePattern(MARKET.symbols.pattern)
  symbols() {
    return this.answers.answer('symbols', {});
  }

  @MessagePattern(MARKET.summary.pattern)
  summary(@Payload() payload: MarketSymbolQuery) {
    return this.answers.answer('summary', payload);
  }

  @MessagePattern(MARKET.overview.pattern)
  overview() {
    return this.answers.answer('overview', {});
  }

  @MessagePattern(MARKET.sentiment.pattern)
  sentiment(@Payload() payload: SentimentQuery) {
    return this.answers.answer('sentiment', payload);
  }
}
