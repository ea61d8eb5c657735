import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MARKET, type MarketHistoryQuery, type MarketIndicatorsQuery, type MarketQuoteQuery, type MarketSearchQuery } from '@nivesh/proto';
import { MarketAnswers } from './market-answers';

/** GET /api/market/search, /api/market/quote, /api/market/history and /api/market/indicators. */
@Controller()
export class MarketHandler {
  constructor(private readonly answers: MarketAnswers) {}

  @MessagePattern(MARKET.search.pattern)
  search(@Payload() payload: MarketSearchQuery) {
    return this.answers.answer('search', payload);
  }

  @MessagePattern(MARKET.quote.pattern)
  quote(@Payload() payload: MarketQuoteQuery) {
    return this.answers.answer('quote', payload);
  }

  @MessagePattern(MARKET.history.pattern)
  history(@Payload() payload: MarketHistoryQuery) {
    return this.answers.answer('history', payload);
  }

  @MessagePattern(MARKET.indicators.pattern)
  indicators(@Payload() payload: MarketIndicatorsQuery) {
    return this.answers.answer('indicators', payload);
  }
}
