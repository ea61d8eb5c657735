import { Injectable } from '@nestjs/common';
import { ROUTES, type VisitorAcceptedResponse } from '@nivesh/proto';
import { apiRoute, type ApiRoute } from '../http/api-route';
import { VisitorEvents } from './visitor-events.service';

const ACCEPTED: VisitorAcceptedResponse = { accepted: true };

/** POST /api/visitor/track and /api/visitor/session/end: validated, queued, 202. */
@Injectable()
export class VisitorRoutes {
  readonly routes: readonly ApiRoute[];

  constructor(events: VisitorEvents) {
    this.routes = [
      apiRoute(ROUTES.visitorTrack, async (input, request) => {
        await events.track(input, request);
        return ACCEPTED;
      }),
      apiRoute(ROUTES.visitorSessionEnd, async (input, request) => {
        await events.end(input, request);
        return ACCEPTED;
      }),
    ];
  }
}
