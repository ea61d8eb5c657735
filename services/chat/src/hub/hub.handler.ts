import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { HUB, type HubAgentPayload, type HubReportPayload, type HubStartPayload } from '@nivesh/proto';
import { HubService } from './hub.service';

/** The Intelligence Hub's three calls: start a run, one agent of a run, and the report. */
@Controller()
export class HubHandler {
  constructor(private readonly hub: HubService) {}

  @MessagePattern(HUB.start.pattern)
  start(@Payload() payload: HubStartPayload) {
    return this.hub.start(payload.symbol);
  }

  @MessagePattern(HUB.agent.pattern)
  agent(@Payload() payload: HubAgentPayload) {
    return this.hub.agent(payload.symbol, payload.agent, payload.run_id, payload.caller);
  }

  @MessagePattern(HUB.report.pattern)
  report(@Payload() payload: HubReportPayload) {
    return this.hub.report(payload.symbol, payload.caller, payload.run_id);
  }
}
