import { Controller } from '@nestjs/common';
import { ROUTES, type Caller } from '@nivesh/proto';
import { CurrentCaller, Input, RequestId, Route, type RouteInput } from '../http/route.decorator';
import { RpcGateway } from '../rpc/rpc-gateway';

type R = typeof ROUTES;

/** TrendVision forecasts (bearer token optional): forwarded to services/prediction. */
@Controller()
export class PredictionController {
  constructor(private readonly rpc: RpcGateway) {}

  @Route(ROUTES.predict)
  predict(@Input() input: RouteInput<R['predict']>, @CurrentCaller() caller: Caller | undefined, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.predict.rpc, { ...input, caller }, { correlationId });
  }
}
