import { Controller } from '@nestjs/common';
import { ROUTES, type Caller } from '@nivesh/proto';
import { CurrentCaller, Input, RequestId, Route, type RouteInput } from '../http/route.decorator';
import { RpcGateway } from '../rpc/rpc-gateway';

type R = typeof ROUTES;

/** Opt-in usage analytics (token optional) and the admin dashboard: forwarded to services/tracking. */
@Controller()
export class AnalyticsController {
  constructor(private readonly rpc: RpcGateway) {}

  @Route(ROUTES.analyticsSessionStart)
  analyticsSessionStart(
    @Input() input: RouteInput<R['analyticsSessionStart']>,
    @CurrentCaller() caller: Caller | undefined,
    @RequestId() correlationId: string,
  ) {
    return this.rpc.call(ROUTES.analyticsSessionStart.rpc, { ...input, caller }, { correlationId });
  }

  @Route(ROUTES.analyticsSessionEnd)
  analyticsSessionEnd(
    @Input() input: RouteInput<R['analyticsSessionEnd']>,
    @CurrentCaller() caller: Caller | undefined,
    @RequestId() correlationId: string,
  ) {
    return this.rpc.call(ROUTES.analyticsSessionEnd.rpc, { ...input, caller }, { correlationId });
  }

  @Route(ROUTES.analyticsPageVisit)
  analyticsPageVisit(
    @Input() input: RouteInput<R['analyticsPageVisit']>,
    @CurrentCaller() caller: Caller | undefined,
    @RequestId() correlationId: string,
  ) {
    return this.rpc.call(ROUTES.analyticsPageVisit.rpc, { ...input, caller }, { correlationId });
  }

  @Route(ROUTES.analyticsAction)
  analyticsAction(@Input() input: RouteInput<R['analyticsAction']>, @CurrentCaller() caller: Caller | undefined, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.analyticsAction.rpc, { ...input, caller }, { correlationId });
  }

  @Route(ROUTES.analyticsOverview)
  analyticsOverview(@Input() input: RouteInput<R['analyticsOverview']>, @CurrentCaller() caller: Caller, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.analyticsOverview.rpc, { ...input, caller }, { correlationId });
  }

  @Route(ROUTES.analyticsCurrentUsers)
  analyticsCurrentUsers(@Input() input: RouteInput<R['analyticsCurrentUsers']>, @CurrentCaller() caller: Caller, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.analyticsCurrentUsers.rpc, { ...input, caller }, { correlationId });
  }

  @Route(ROUTES.analyticsBasicStats)
  analyticsBasicStats(@Input() input: RouteInput<R['analyticsBasicStats']>, @CurrentCaller() caller: Caller, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.analyticsBasicStats.rpc, { ...input, caller }, { correlationId });
  }
}
