import { Controller, Req } from '@nestjs/common';
import { ROUTES, type VisitorAcceptedResponse } from '@nivesh/proto';
import type { FastifyRequest } from 'fastify';
import { Input, Route, type RouteInput } from '../routes/route.decorator';
import { VisitorEvents } from './visitor-events.service';

type R = typeof ROUTES;
const ACCEPTED: VisitorAcceptedResponse = { accepted: true };

/** POST /api/visitor/track and /api/visitor/session/end: validated, queued, 202. */
@Controller()
export class VisitorController {
  constructor(private readonly events: VisitorEvents) {}

  @Route(ROUTES.visitorTrack)
  async track(@Input() input: RouteInput<R['visitorTrack']>, @Req() request: FastifyRequest): Promise<VisitorAcceptedResponse> {
    await this.events.track(input, request);
    return ACCEPTED;
  }

  @Route(ROUTES.visitorSessionEnd)
  async end(@Input() input: RouteInput<R['visitorSessionEnd']>, @Req() request: FastifyRequest): Promise<VisitorAcceptedResponse> {
    await this.events.end(input, request);
    return ACCEPTED;
  }
}
