import { Injectable, NotFoundException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isLoopbackRequest } from '../http/loopback';

/**
 * Development routes that hand out what signs people in (the mailbox's one-time codes, the payment simulator) answer
 * only clients on this machine, whatever address the gateway listens on. Others get the 404 of an unknown path, so
 * nothing says the route exists.
 */
@Injectable()
export class LoopbackOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!isLoopbackRequest(context.switchToHttp().getRequest<FastifyRequest>())) throw new NotFoundException();
    return true;
  }
}
