import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorReplies } from './errors/error-replies';

/** Errors of Nest's own routes (health, metrics, feeds, webhooks) and unknown paths, answered as the API's are. */
@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  constructor(private readonly replies: ErrorReplies) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.replies.send(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }
}
