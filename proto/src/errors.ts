import { z } from 'zod';
import type { Feature } from './rpc';

/** The closed list of error codes that cross process boundaries. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'payload_too_large',
  'unprocessable',
  'rate_limited',
  'internal',
  'not_implemented',
  'service_unavailable',
  'deadline_exceeded',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one table that maps each error code to its HTTP status. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  service_unavailable: 503,
  deadline_exceeded: 504,
};

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** An error as it travels between processes. */
export const RpcErrorPayloadSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
  correlation_id: z.string().optional(),
});
export type RpcErrorPayload = z.infer<typeof RpcErrorPayloadSchema>;

/** The HTTP error body the specification's client reads. */
export const ErrorBodySchema = z.object({
  detail: z.string(),
  code: ErrorCodeSchema.optional(),
  correlation_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A domain error with a code from the closed list; services throw it, the gateway maps it once. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly correlationId?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }

  toPayload(): RpcErrorPayload {
    return {
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
      ...(this.correlationId ? { correlation_id: this.correlationId } : {}),
    };
  }

  static fromPayload(payload: RpcErrorPayload): DomainError {
    return new DomainError(payload.code, payload.message, payload.details, payload.correlation_id);
  }
}

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;

/** The sentence people read about a feature that is not built yet, e.g. 'Price forecasts are not available yet.' */
export const notAvailableYet = (feature: Feature): string => `${feature.name} ${feature.plural ? 'are' : 'is'} not available yet.`;

/** The error a pattern answers until its feature is built: 501 with a sentence naming the feature, never the pattern. */
export const notImplemented = (feature: Feature): DomainError => new DomainError('not_implemented', notAvailableYet(feature));
