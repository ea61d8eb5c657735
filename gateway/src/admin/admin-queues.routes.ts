import { Injectable } from '@nestjs/common';
import { ROUTES } from '@nivesh/proto';
import { callerOf } from '../auth/caller';
import { apiRoute, type ApiRoute } from '../http/api-route';
import { QueueBoard } from './queue-board';

/** POST /api/admin/queues/session: the pass that opens /admin/queues in this browser (admins only). */
@Injectable()
export class AdminQueuesRoutes {
  readonly routes: readonly ApiRoute[];

  constructor(board: QueueBoard) {
    // An 'admin' route: RouteAccess found the caller, an admin, before this runs.
    this.routes = [apiRoute(ROUTES.adminQueuesSession, (_input, request, reply) => board.issuePass(callerOf(request)!, reply))];
  }
}
