import { Inject, Injectable } from '@nestjs/common';
import { ROUTES, RPC } from '@nivesh/proto';
import { complianceOf } from '@nivesh/platform';
import type { Config } from '../config';
import { apiRoute, type ApiRoute } from '../http/api-route';
import { ReadinessService } from '../health/readiness.service';
import { RpcGateway } from '../rpc/rpc-gateway';
import { CONFIG } from '../tokens';

/**
 * An RPC round trip through one service, for operators and smoke tests; the compliance profile, for the pages and
 * anyone who asks; the system's state, for administrators.
 */
@Injectable()
export class SystemRoutes {
  readonly routes: readonly ApiRoute[];

  constructor(rpc: RpcGateway, readiness: ReadinessService, @Inject(CONFIG) config: Config) {
    const compliance = complianceOf(config);
    this.routes = [
      apiRoute(ROUTES.systemPing, (input, request) => rpc.call(RPC[input.service].ping, {}, { correlationId: request.id })),
      apiRoute(ROUTES.systemCompliance, () => compliance),
      apiRoute(ROUTES.systemStatus, () => readiness.status()),
    ];
  }
}
