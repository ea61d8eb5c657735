import { Controller } from '@nestjs/common';
import { ROUTES, type Caller } from '@nivesh/proto';
import { CurrentCaller, Input, RequestId, Route, type RouteInput } from '../http/route.decorator';
import { RpcGateway } from '../rpc/rpc-gateway';

type R = typeof ROUTES;

/** Premium status, subscription and cancellation: forwarded to services/premium. */
@Controller()
export class PremiumController {
  constructor(private readonly rpc: RpcGateway) {}

  @Route(ROUTES.premiumStatus)
  premiumStatus(@Input() input: RouteInput<R['premiumStatus']>, @CurrentCaller() caller: Caller, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.premiumStatus.rpc, { ...input, caller }, { correlationId });
  }

  @Route(ROUTES.premiumSubscribe)
  premiumSubscribe(@Input() input: RouteInput<R['premiumSubscribe']>, @CurrentCaller() caller: Caller, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.premiumSubscribe.rpc, { ...input, caller }, { correlationId });
  }

  @Route(ROUTES.premiumCancel)
  premiumCancel(@Input() input: RouteInput<R['premiumCancel']>, @CurrentCaller() caller: Caller, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.premiumCancel.rpc, { ...input, caller }, { correlationId });
  }
}
