import { Controller } from '@nestjs/common';
import { ROUTES } from '@nivesh/proto';
import { Input, RequestId, Route, type RouteInput } from '../http/route.decorator';
import { RpcGateway } from '../rpc/rpc-gateway';

type R = typeof ROUTES;

/** Anonymous visitor page views, heartbeats and session ends (202): forwarded to services/tracking. */
@Controller()
export class VisitorController {
  constructor(private readonly rpc: RpcGateway) {}

  @Route(ROUTES.visitorTrack)
  visitorTrack(@Input() input: RouteInput<R['visitorTrack']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.visitorTrack.rpc, input, { correlationId });
  }

  @Route(ROUTES.visitorSessionEnd)
  visitorSessionEnd(@Input() input: RouteInput<R['visitorSessionEnd']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.visitorSessionEnd.rpc, input, { correlationId });
  }
}
