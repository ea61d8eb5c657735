import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MARKET, type MarketSymbolQuery, type RiskQuery } from '@nivesh/proto';
import { MarketAnswers } from './market-answers';

/** GET /api/market/risk and /api/market/insights. */
@Controller()
export class RiskHandler {
  constructor(private readonly answers: MarketAnswers) {}

  @MessagePattern(MARKET.risk.pattern)
  risk(@Payload() payload: RiskQuery) {
    return this.answers.answer('risk', payload);
  }

  @MessagePattern(MARKET.insights.pattern)
  insights(@Payload() payload: MarketSymbolQuery) {
    return this.answers.answer('insights', payload);
  }
}
