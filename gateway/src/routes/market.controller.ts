import { Controller } from '@nestjs/common';
import { ROUTES } from '@nivesh/proto';
import { Input, RequestId, Route, type RouteInput } from '../http/route.decorator';
import { RpcGateway } from '../rpc/rpc-gateway';

type R = typeof ROUTES;

/** Symbol search, quote, price history and indicators: forwarded to services/market. */
@Controller()
export class MarketController {
  constructor(private readonly rpc: RpcGateway) {}

  @Route(ROUTES.marketSearch)
  marketSearch(@Input() input: RouteInput<R['marketSearch']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketSearch.rpc, input, { correlationId });
  }

  @Route(ROUTES.marketQuote)
  marketQuote(@Input() input: RouteInput<R['marketQuote']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketQuote.rpc, input, { correlationId });
  }

  @Route(ROUTES.marketHistory)
  marketHistory(@Input() input: RouteInput<R['marketHistory']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketHistory.rpc, input, { correlationId });
  }

  @Route(ROUTES.marketIndicators)
  marketIndicators(@Input() input: RouteInput<R['marketIndicators']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketIndicators.rpc, input, { correlationId });
  }
}
