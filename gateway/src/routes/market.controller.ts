import { Controller } from '@nestjs/common';
import { ROUTES } from '@nivesh/proto';
import { Input, RequestId, Route, type RouteInput } from '../http/route.decorator';
import { RpcGateway } from '../rpc/rpc-gateway';

type R = typeof ROUTES;

/** Every /api/market route: forwarded to services/market. */
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

  @Route(ROUTES.marketStatus)
  marketStatus(@Input() input: RouteInput<R['marketStatus']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketStatus.rpc, input, { correlationId });
  }

  @Route(ROUTES.marketSymbols)
  marketSymbols(@Input() input: RouteInput<R['marketSymbols']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketSymbols.rpc, input, { correlationId });
  }

  @Route(ROUTES.marketSummary)
  marketSummary(@Input() input: RouteInput<R['marketSummary']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketSummary.rpc, input, { correlationId });
  }

  @Route(ROUTES.marketOverview)
  marketOverview(@Input() input: RouteInput<R['marketOverview']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketOverview.rpc, input, { correlationId });
  }

  @Route(ROUTES.marketSentiment)
  marketSentiment(@Input() input: RouteInput<R['marketSentiment']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketSentiment.rpc, input, { correlationId });
  }

  @Route(ROUTES.marketRisk)
  marketRisk(@Input() input: RouteInput<R['marketRisk']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketRisk.rpc, input, { correlationId });
  }

  @Route(ROUTES.marketInsights)
  marketInsights(@Input() input: RouteInput<R['marketInsights']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.marketInsights.rpc, input, { correlationId });
  }
}
