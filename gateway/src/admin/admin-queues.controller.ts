import { Controller, Res } from '@nestjs/common';
import { ROUTES, type Caller } from '@nivesh/proto';
import type { FastifyReply } from 'fastify';
import { CurrentCaller, Route } from '../routes/route.decorator';
import { QueueBoard } from './queue-board';

/** POST /api/admin/queues/session: the pass that opens /admin/queues in this browser (admins only). */
@Controller()
export class AdminQueuesController {
  constructor(private readonly board: QueueBoard) {}

  @Route(ROUTES.adminQueuesSession)
  open(@CurrentCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.board.issuePass(caller, reply);
  }
}
