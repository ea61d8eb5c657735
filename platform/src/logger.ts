import type { LoggerService } from '@nestjs/common';
import { trace, type Span } from '@opentelemetry/api';
import pino from 'pino';
import { traceIdsOf } from './telemetry';

/** Paths whose values never reach a log line: credentials, codes, tokens. */
export const REDACT_PATHS = [
  'password',
  'new_password',
  'otp',
  'code',
  'access_token',
  'token',
  'sealed_code',
  '*.password',
  '*.new_password',
  '*.otp',
  '*.code',
  '*.access_token',
  '*.token',
  '*.sealed_code',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
];

export type Logger = pino.Logger;

const TIED_SPAN = Symbol('nivesh.tiedSpan');
const REQUEST_ID = Symbol('nivesh.requestId');
type TiedLogger = Logger & { [TIED_SPAN]?: Span; [REQUEST_ID]?: string };

/**
 * A request's own logger, for fastify's `childLoggerFactory`: its lines carry `reqId` as a pino child's would, but the
 * id is added as a line is written rather than bound when the logger is made. pino passes a child's bindings through
 * the redactor as it makes the child, which on the gateway was 9 % of everything allocated per request, though few
 * requests write a line.
 */
export const requestLogger = (logger: Logger, bindings: { reqId?: unknown }): Logger => {
  const child = logger.child({}) as TiedLogger;
  if (typeof bindings.reqId === 'string') child[REQUEST_ID] = bindings.reqId;
  return child;
};

/**
 * Makes the lines of `logger` (a request's own logger) name `span` even when they are written outside its context,
 * as the access log line is when the response has finished.
 */
export const tieLoggerToSpan = (logger: Logger, span: Span): void => {
  (logger as TiedLogger)[TIED_SPAN] = span;
};

/**
 * JSON logs with secrets redacted; a line written inside a span carries its `trace_id` and `span_id`. Lines go to
 * standard output unless a destination is given.
 */
export const createLogger = (name: string, level: string, destination?: pino.DestinationStream): Logger => {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: name, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // A new object each time: pino merges the line's own fields into it.
    mixin: (_fields, _level, logger) => {
      const tied = logger as TiedLogger;
      const ids = traceIdsOf(tied[TIED_SPAN] ?? trace.getActiveSpan());
      const reqId = tied[REQUEST_ID];
      return reqId === undefined ? (ids ?? {}) : { reqId, ...ids };
    },
  };
  return destination ? pino(options, destination) : pino(options);
};

/** Lets NestJS write its own log lines through pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
