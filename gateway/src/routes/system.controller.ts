import { Controller } from '@nestjs/common';
import { ROUTES, RPC } from '@nivesh/proto';
import { Input, RequestId, Route, type RouteInput } from '../http/route.decorator';
import { ReadinessService } from '../health/readiness.service';
import { RpcGateway } from '../rpc/rpc-gateway';

type R = typeof ROUTES;

/** An RPC round trip through one service, for operators and smoke tests; the system's state, for administrators. */
@Controller()
export class SystemController {
  constructor(
    private readonly rpc: RpcGateway,
    private readonly readiness: ReadinessService,
  ) {}

  @Route(ROUTES.systemPing)
  systemPing(@Input() input: RouteInput<R['systemPing']>, @RequestId() correlationId: string) {
    return this.rpc.call(RPC[input.service].ping, {}, { correlationId });
  }

  @Route(ROUTES.systemStatus)
  systemStatus() {
    return this.readiness.status();
  }
}
