// A handler that fails because PostgreSQL or Redis is restarting or out of reach has not broken anything: its caller
// should hear 503 and try again, not 500. These are the signs of such a failure, as pg, TypeORM and ioredis report them.

/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** PostgreSQL SQLSTATEs of a server shutting down, starting, or refusing connections (class 08: connection exception). */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

const MESSAGES = /connection terminated|terminating connection|the database system is (starting up|shutting down|not yet accepting connections|in recovery mode)|timeout exceeded when trying to connect|stream isn't writeable|connection is closed|reached the max retries per request/i;

/** The sentence a caller gets when a dependency is briefly out of reach. */
export const DEPENDENCY_UNAVAILABLE = 'Nivesh could not reach its data just now because a part of it is restarting. Please try again in a moment.';

const codeOf = (value: unknown): string | undefined =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string' ? (value as { code: string }).code : undefined;

/** True when an error says that PostgreSQL or Redis could not be reached, rather than that something is wrong. */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth++) {
    const code = codeOf(cause);
    if (code && (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || code.startsWith('08'))) return true;
    if (cause instanceof Error && MESSAGES.test(cause.message)) return true;
    // TypeORM keeps pg's error as driverError; Node's own errors chain theirs as cause.
    const next = cause as { driverError?: unknown; cause?: unknown };
    cause = next.driverError ?? next.cause;
  }
  return false;
}
