import { STATUS_CODES } from 'node:http';
import { HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DomainError, ERROR_CODES, type ErrorBody, type ErrorCode } from '@nivesh/proto';
import type { Logger } from '@nivesh/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WINDOW_SECONDS } from '../rate-limit/rate-limits';
import { LOGGER } from '../tokens';
import { WebApp } from '../spa/web-app.service';

type Answer = { status: number; body: ErrorBody };

const INTERNAL_DETAIL = 'Internal server error';
const NOT_FOUND_DETAIL = 'Not found';

const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

/** A DomainError, also one made by another copy of proto (name and code survive, the class may not). */
const asDomainError = (error: unknown): DomainError | undefined => {
  if (error instanceof DomainError) return error;
  if (error instanceof Error && error.name === 'DomainError' && isErrorCode((error as { code?: unknown }).code)) {
    const { code, details, correlationId } = error as unknown as DomainError;
    return new DomainError(code, error.message, details, correlationId);
  }
  return undefined;
};

/**
 * When a refused client may come back, for Retry-After on every 429: what the rate_limited error says
 * (details.retry_after_seconds, from the rate limits or a service), else the limits' one-minute window.
 */
const retryAfterOf = (error: unknown): number => {
  const seconds = asDomainError(error)?.details?.retry_after_seconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : WINDOW_SECONDS;
};

/** An HTTP status carried by a library error (static file sending, body parsing). */
const statusOf = (error: unknown): number | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { statusCode, status } = error as { statusCode?: unknown; status?: unknown };
  const value = typeof statusCode === 'number' ? statusCode : status;
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599 ? value : undefined;
};

/** An error of fastify's own (`FST_…` codes), whose message is a fixed sentence about the request. */
const isFastifyError = (error: unknown): error is Error => {
  const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('FST_');
};

/**
 * The one place errors become HTTP answers: `{detail}` (plus `code`, and `correlation_id` on 5xx).
 * Domain codes map through proto's table; anything unexpected is a 500 logged with its cause, with
 * no stack or internal message in the answer. Unknown paths get the SPA (browser navigations) or 404.
 * The API routes call it themselves (ApiRoutes); Nest's own routes reach it through GatewayExceptionFilter.
 */
@Injectable()
export class ErrorReplies {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly web: WebApp,
  ) {}

  send(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.sent) {
      this.logger.error({ err: exception, reqId: request.id }, 'error after the response was sent');
      return;
    }
    if (request.is404 && exception instanceof NotFoundException) {
      if (this.web.isNavigation(request)) {
        this.web.sendIndex(reply);
        return;
      }
      reply.status(404).send({ detail: NOT_FOUND_DETAIL } satisfies ErrorBody);
      return;
    }
    const { status, body } = this.answer(exception, request);
    if (status === 401) reply.header('www-authenticate', 'Bearer');
    if (status === 429) reply.header('retry-after', String(retryAfterOf(exception)));
    reply.status(status).send(body);
  }

  private answer(exception: unknown, request: FastifyRequest): Answer {
    const domain = asDomainError(exception);
    if (domain) {
      const status = domain.status;
      if (status >= 500) {
        const correlationId = domain.correlationId ?? request.id;
        // `code` is a redacted log key (OTP codes), hence error_code.
        this.logger.warn({ reqId: request.id, error_code: domain.code, correlation_id: correlationId }, domain.message);
        return { status, body: { detail: domain.message, code: domain.code, correlation_id: correlationId } };
      }
      return { status, body: { detail: domain.message, code: domain.code } };
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return { status: exception.getStatus(), body: { detail: exception.getStatus() === 404 ? NOT_FOUND_DETAIL : exception.message } };
    }
    const status = statusOf(exception);
    // fastify's own refusals (a body too large, a media type it does not take) say what was wrong, as Nest passes them.
    if (status !== undefined && status < 500 && isFastifyError(exception)) return { status, body: { detail: exception.message } };
    if (status !== undefined && status < 500) {
      // A library's own message may carry internals (paths); the status text does not.
      return { status, body: { detail: STATUS_CODES[status] ?? 'Bad request' } };
    }
    this.logger.error({ err: exception, reqId: request.id, url: request.url, method: request.method }, 'unhandled error');
    return { status: 500, body: { detail: INTERNAL_DETAIL, code: 'internal', correlation_id: request.id } };
  }
}
