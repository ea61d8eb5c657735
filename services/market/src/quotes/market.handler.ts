import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MARKET, type MarketHistoryQuery, type MarketIndicatorsQuery, type MarketQuoteQuery, type MarketSearchQuery } from '@nivesh/proto';
import { MarketCache } from '../store/market-cache';
import { IndicatorsService } from './indicators.service';
import { MarketService } from './market.service';

/** GET /api/market/search, /api/market/quote, /api/market/history and /api/market/indicators. */
@Controller()
export class MarketHandler {
  constructor(
    private readonly market: MarketService,
    private readonly indicatorsService: IndicatorsService,
    private readonly cache: MarketCache,
  ) {}

  @MessagePattern(MARKET.search.pattern)
  search(@Payload() payload: MarketSearchQuery) {
    return this.market.search(payload);
  }

  @MessagePattern(MARKET.quote.pattern)
  quote(@Payload() payload: MarketQuoteQuery) {
    return this.cache.getOrCompute('quote', payload, () => this.market.quote(payload));
  }

  @MessagePattern(MARKET.history.pattern)
  history(@Payload() payload: MarketHistoryQuery) {
    return this.cache.getOrCompute('history', payload, () => this.market.history(payload));
  }

  @MessagePattern(MARKET.indicators.pattern)
  indicators(@Payload() payload: MarketIndicatorsQuery) {
    return this.cache.getOrCompute('indicators', payload, () => this.indicatorsService.indicators(payload));
  }
}
