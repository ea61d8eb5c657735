import { Injectable } from '@nestjs/common';
import { DomainError, type RouteDefinition } from '@nivesh/proto';
import type { FastifyRequest } from 'fastify';
import { setCaller } from './caller';
import { notAuthenticated, SessionVerifier } from './session-verifier.service';

/**
 * Who may call a route, by its `auth`: 'user' and 'admin' routes need a valid token and a live session, 'admin' ones an
 * admin's; 'optional' routes accept anonymous requests, but a token that is sent must be valid; 'none' routes ignore
 * tokens. The caller it finds is the request's (`callerOf`).
 */
@Injectable()
export class RouteAccess {
  constructor(private readonly sessions: SessionVerifier) {}

  async check(definition: RouteDefinition, request: FastifyRequest): Promise<void> {
    if (definition.auth === 'none') return;
    const authorization = request.headers.authorization;
    if (!authorization) {
      if (definition.auth === 'optional') return;
      throw notAuthenticated();
    }
    const caller = await this.sessions.authenticate(authorization);
    setCaller(request, caller);
    // The role comes from the live session (SessionVerifier), so a role change applies at once.
    if (definition.auth === 'admin' && !caller.is_admin) throw new DomainError('forbidden', 'Admin access required');
  }
}
