import { randomUUID } from 'node:crypto';
import type { ArgumentsHost, RpcExceptionFilter } from '@nestjs/common';
import { Catch } from '@nestjs/common';
import { type Observable, throwError } from 'rxjs';
import { DomainError, type RpcErrorPayload } from '@nivesh/proto';
import type { Logger } from './logger';
import { DEPENDENCY_UNAVAILABLE, isDependencyUnavailable } from './unavailable';
import { RedisStreamsContext } from './redis-streams.server';

/**
 * Turns what a handler throws into the wire error: domain errors keep their code and message; PostgreSQL or Redis out
 * of reach becomes `service_unavailable`; anything else becomes `internal` with a correlation id, logged here with its
 * cause and never sent with a stack.
 */
@Catch()
export class DomainRpcExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (exception instanceof DomainError) return throwError(() => exception.toPayload());
    const context = host.switchToRpc().getContext<unknown>();
    const correlationId = context instanceof RedisStreamsContext ? context.correlationId : randomUUID();
    const pattern = context instanceof RedisStreamsContext ? context.pattern : undefined;
    if (isDependencyUnavailable(exception)) {
      // PostgreSQL or Redis restarting: the caller retries (503); one line, not a stack per request.
      this.logger.warn({ correlation_id: correlationId, pattern, error: exception instanceof Error ? exception.message : String(exception) }, 'dependency unavailable');
      return throwError(() => ({ code: 'service_unavailable', message: DEPENDENCY_UNAVAILABLE, correlation_id: correlationId }) satisfies RpcErrorPayload);
    }
    this.logger.error({ err: exception, correlation_id: correlationId, pattern }, 'Unexpected error in RPC handler');
    const payload: RpcErrorPayload = { code: 'internal', message: 'Internal server error', correlation_id: correlationId };
    return throwError(() => payload);
  }
}
