import { Controller, Inject } from '@nestjs/common';
import { ROUTES, RPC } from '@nivesh/proto';
import { complianceOf } from '@nivesh/platform';
import type { Config } from '../config';
import { Input, RequestId, Route, type RouteInput } from './route.decorator';
import { ReadinessService } from '../health/readiness.service';
import { RpcGateway } from '../rpc/rpc-gateway';
import { CONFIG } from '../tokens';

type R = typeof ROUTES;

/**
 * An RPC round trip through one service, for operators and smoke tests; the compliance profile, for the pages and
 * anyone who asks; the system's state, for administrators.
 */
@Controller()
export class SystemController {
  private readonly compliance: ReturnType<typeof complianceOf>;

  constructor(
    private readonly rpc: RpcGateway,
    private readonly readiness: ReadinessService,
    @Inject(CONFIG) config: Config,
  ) {
    this.compliance = complianceOf(config);
  }

  @Route(ROUTES.systemPing)
  systemPing(@Input() input: RouteInput<R['systemPing']>, @RequestId() correlationId: string) {
    return this.rpc.call(RPC[input.service].ping, {}, { correlationId });
  }

  @Route(ROUTES.systemCompliance)
  systemCompliance() {
    return this.compliance;
  }

  @Route(ROUTES.systemStatus)
  systemStatus() {
    return this.readiness.status();
  }
}
