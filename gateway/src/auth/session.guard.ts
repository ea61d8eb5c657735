import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { routeDefinitionOf } from '../http/route-metadata';
import { setCaller } from './caller';
import { notAuthenticated, SessionVerifier } from './session-verifier.service';

/**
 * 'user' and 'admin' routes need a valid token and live session. 'optional' routes accept anonymous
 * requests, but a token that is sent must be valid. 'none' routes ignore tokens.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const auth = routeDefinitionOf(context.getHandler())?.auth ?? 'none';
    if (auth === 'none') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const authorization = request.headers.authorization;
    if (!authorization) {
      if (auth === 'optional') return true;
      throw notAuthenticated();
    }
    setCaller(request, await this.sessions.authenticate(authorization));
    return true;
  }
}
