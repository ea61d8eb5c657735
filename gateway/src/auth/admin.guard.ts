import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@nivesh/proto';
import type { FastifyRequest } from 'fastify';
import { routeDefinitionOf } from '../http/route-metadata';
import { callerOf } from './caller';
import { notAuthenticated } from './session-verifier.service';

/** 'admin' routes: the session guard has run; the caller's live session must be an admin's. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (routeDefinitionOf(context.getHandler())?.auth !== 'admin') return true;
    const caller = callerOf(context.switchToHttp().getRequest<FastifyRequest>());
    if (!caller) throw notAuthenticated();
    if (!caller.is_admin) throw new DomainError('forbidden', 'Admin access required');
    return true;
  }
}
