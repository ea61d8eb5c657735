import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MARKET } from '@nivesh/proto';
import type { z } from 'zod';
import { MarketAnswers } from './market-answers';

/** GET /api/fundamentals/screener, /stock and /backtest: answers kept until the next import. */
@Controller()
export class FundamentalsHandler {
  constructor(private readonly answers: MarketAnswers) {}

  @MessagePattern(MARKET.screener.pattern)
  screener(@Payload() payload: z.output<typeof MARKET.screener.payload>) {
    return this.answers.answer('screener', payload);
  }

  @MessagePattern(MARKET.valuation.pattern)
  valuation(@Payload() payload: z.output<typeof MARKET.valuation.payload>) {
    return this.answers.answer('valuation', payload);
  }

  @MessagePattern(MARKET.valueBacktest.pattern)
  backtest(@Payload() payload: z.output<typeof MARKET.valueBacktest.payload>) {
    return this.answers.answer('valueBacktest', payload);
  }
}
