import type { LoggerService } from '@nestjs/common';
import pino from 'pino';

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

/** JSON logs with secrets redacted. */
export const createLogger = (name: string, level: string): Logger =>
  pino({
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: name, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  });

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
