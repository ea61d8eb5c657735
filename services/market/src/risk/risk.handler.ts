import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MARKET, type MarketSymbolQuery, type RiskQuery } from '@nivesh/proto';
import { MarketCache } from '../store/market-cache';
import { InsightsService } from './insights.service';
import { RiskService } from './risk.service';

/** GET /api/market/risk and /api/market/insights. */
@Controller()
export class RiskHandler {
  constructor(
    private readonly riskService: RiskService,
    private readonly insightsService: InsightsService,
    private readonly cache: MarketCache,
  ) {}

  @MessagePattern(MARKET.risk.pattern)
  risk(@Payload() payload: RiskQuery) {
    return this.cache.getOrCompute('risk', payload, () => this.riskService.risk(payload));
  }

  @MessagePattern(MARKET.insights.pattern)
  insights(@Payload() payload: MarketSymbolQuery) {
    return this.cache.getOrCompute('insights', payload, () => this.insightsService.insights(payload));
  }
}
