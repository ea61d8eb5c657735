/**
 * The one HTTP client of the web app: it owns the base address, sends the session's bearer token,
 * applies timeouts and turns every failure into an `ApiError`. The gateway answers errors as
 * `{ "detail": message }`; other servers may use `msg`.
 */
import type { z } from 'zod';
import type { Contracts } from './contracts';
import { checkAnswer } from './answer-check';
import { messageWithWait, parseRetryAfter } from './retry-after';
import { clearSession, getSession, getToken } from './session';
import { SERVICE_NAMES } from '@nivesh/proto/values';

/** Empty by default: the app is served by the gateway, so requests go to the same origin. */
const baseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

/** The address of an API path, for calls that cannot go through this client (a beacon at page unload). */
export const apiUrl = (path: string): string => `${baseUrl}${path}`;

/** http: the server answered with an error; network: no answer; aborted: cancelled or timed out; invalid: an unreadable answer. */
export type ApiErrorKind = 'http' | 'network' | 'aborted' | 'invalid';

export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check your connection and try again.';

/** Said for a server error whose answer carries no text meant for people. */
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';
export const REQUEST_FAILED_MESSAGE = 'The request could not be completed. Please try again.';
export const NOT_AVAILABLE_MESSAGE = 'This feature is not available yet.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status, or 0 when the request never got an answer (network down, aborted). */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The message is the server's own text for people (false: a generic sentence stands in for a missing or internal one). */
  readonly fromServer: boolean;
  /** Seconds the server asked to wait before trying again (a 429's Retry-After), or null. */
  readonly retryAfterSeconds: number | null;
  /** The message without the wait a 429 adds to it, for a screen that counts the wait down itself. */
  readonly baseMessage: string;

  constructor(
    status: number,
    message: string,
    kind: ApiErrorKind = status === 0 ? 'network' : 'http',
    fromServer = kind === 'http',
    retryAfterSeconds: number | null = null,
  ) {
    // A refusal says how long to wait wherever it is shown ('… You can try again in 42 seconds.').
    super(status === 429 && retryAfterSeconds !== null ? messageWithWait(message, retryAfterSeconds) : message);
    this.status = status;
    this.kind = kind;
    this.fromServer = fromServer;
    this.retryAfterSeconds = status === 429 ? retryAfterSeconds : null;
    this.baseMessage = message;
  }
}

const RPC_PATTERN = new RegExp(`\\b(?:${SERVICE_NAMES.join('|')})\\.[a-z][A-Za-z]*\\b`);
const STACK_FRAME = /\n\s*at\s|\bat\s+\S+\s+\(|\.[cm]?[jt]sx?:\d+/;
const EXCEPTION_NAME = /^[A-Z][A-Za-z]*(?:Error|Exception):/;
const BARE_CODE = /^[a-z0-9]+(?:[._][a-z0-9]+)+$/i;

/** Whether a server's error text can be shown as it is: words for people, not an RPC pattern, a code or a stack trace. */
export const isTextForPeople = (text: string): boolean => {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'Error') return false;
  return !RPC_PATTERN.test(trimmed) && !STACK_FRAME.test(trimmed) && !EXCEPTION_NAME.test(trimmed) && !BARE_CODE.test(trimmed);
};

/** The server's error text when it is meant for people; otherwise a generic sentence for the status. A 429 keeps its Retry-After. */
const httpError = (status: number, body: unknown, retryAfterSeconds: number | null = null): ApiError => {
  const text = errorMessageOf(body);
  if (isTextForPeople(text)) return new ApiError(status, text, 'http', true, retryAfterSeconds);
  const generic = status === 501 ? NOT_AVAILABLE_MESSAGE : status >= 500 ? SERVER_ERROR_MESSAGE : REQUEST_FAILED_MESSAGE;
  return new ApiError(status, generic, 'http', false, retryAfterSeconds);
};

/** An aborted or timed-out request: callers stay silent about it. */
export const isAbortedError = (error: unknown): boolean =>
  (error instanceof ApiError && error.kind === 'aborted') || (error instanceof DOMException && error.name === 'AbortError');

/** The error text of a response body: `detail`, then `msg`, then 'Error' (section 8). */
export const errorMessageOf = (body: unknown): string => {
  if (typeof body === 'object' && body !== null) {
    const { detail, msg } = body as { detail?: unknown; msg?: unknown };
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
    if (Array.isArray(detail)) {
      const first: unknown = detail[0];
      if (typeof first === 'object' && first !== null && 'msg' in first && typeof first.msg === 'string') return first.msg;
    }
    if (typeof msg === 'string' && msg.trim() !== '') return msg;
  }
  return 'Error';
};

export type RequestOptions<T> = {
  /** Narrows the parsed body to T, or returns null when the body is not what was expected. */
  parse: (body: unknown) => T | null | Promise<T | null>;
  signal?: AbortSignal;
  /** Abort the request after this many milliseconds (reported as an aborted request). */
  timeoutMs?: number;
  /** Non-2xx statuses whose body is still a valid answer (e.g. 503 from /readyz). */
  acceptStatuses?: readonly number[];
  /** Send no bearer token, even when logged in (section 7: the chat calls carry no auth header). */
  anonymous?: boolean;
  /**
   * Headers of this call only (e.g. a premium tool's device fingerprint). Accept, Content-Type and Authorization stay
   * the client's own: a header of the same name here is dropped, whatever its case.
   */
  headers?: Readonly<Record<string, string>>;
  /** Let the request outlive the page (a ping sent as the tab is hidden or closed). */
  keepalive?: boolean;
};

/** Kept for the callers written before POST support. */
export type GetOptions<T> = RequestOptions<T>;

/** A mutation's variables: the request body and an optional signal to cancel it. */
export type MutationInput<B> = { body: B; signal?: AbortSignal };

/**
 * A `parse` function for answers of a zod schema of @nivesh/proto, which `pick` names: the answer is checked
 * against it in a worker (lib/answer-check.ts), so zod and the schemas never run on the page's thread for
 * answers, and used as it arrived when it matches (answer schemas have no transforms); null when it does not.
 */
export const parseWith = <S extends z.ZodType>(pick: (contracts: Contracts) => S) => {
  return async (body: unknown): Promise<z.output<S> | null> => ((await checkAnswer(pick, body)) ? (body as z.output<S>) : null);
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** One signal for the caller's cancellation and the timeout; `done` releases the timer. */
const linkSignals = (signal: AbortSignal | undefined, timeoutMs: number | undefined) => {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = timeoutMs === undefined ? undefined : setTimeout(abort, timeoutMs);
  return {
    signal: controller.signal,
    done: () => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    },
  };
};

const aborted = () => new ApiError(0, 'The request was cancelled.', 'aborted');

/** The headers the client sets itself; a caller's header of the same name would be sent beside them, not instead. */
const CLIENT_HEADERS = new Set(['accept', 'content-type', 'authorization', 'traceparent']);

const randomHex = (bytes: number): string => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * A W3C `traceparent` for one request: a new trace (16 random bytes), this request as its first span (8), sampled.
 * The gateway continues it, so the request's trace starts here; no tracing library is loaded for that.
 */
export const newTraceparent = (): string => `00-${randomHex(16)}-${randomHex(8)}-01`;

/** A call's own headers, without any the client sets itself. */
const callHeaders = (headers: RequestOptions<unknown>['headers']): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => !CLIENT_HEADERS.has(name.toLowerCase())));

const send = async <T>(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions<T>): Promise<T> => {
  const token = options.anonymous ? null : getToken();
  const headers: Record<string, string> = { ...callHeaders(options.headers), Accept: 'application/json', traceparent: newTraceparent() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const linked = linkSignals(options.signal, options.timeoutMs);
  try {
    let response: Response;
    try {
      response = await fetch(apiUrl(path), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: linked.signal,
        keepalive: options.keepalive,
      });
    } catch {
      // fetch rejects with a TypeError when there is no answer, and with an AbortError when cancelled.
      if (linked.signal.aborted) throw aborted();
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network');
    }

    let parsedBody: unknown;
    try {
      parsedBody = await readJson(response);
    } catch {
      if (linked.signal.aborted) throw aborted();
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network');
    }

    if (response.status === 401 && token !== null && getSession()?.token === token) {
      // An invalid token (expired, logged out elsewhere, reset password) ends the session here too.
      clearSession();
    }
    if (!response.ok && !(options.acceptStatuses ?? []).includes(response.status)) {
      throw httpError(response.status, parsedBody, parseRetryAfter(response.headers.get('retry-after')));
    }
    let parsed: T | null;
    try {
      parsed = await options.parse(parsedBody);
    } catch {
      // The contracts chunk did not load: as unreachable as the server itself.
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network');
    }
    if (parsed === null) {
      throw new ApiError(response.status, 'The server sent an answer this page does not understand.', 'invalid');
    }
    return parsed;
  } finally {
    linked.done();
  }
};

/** How a request ended, for the opt-in usage analytics (lib/analytics-session.ts): never its body or its answer. */
export type RequestOutcome = {
  method: 'GET' | 'POST';
  /** The path without its query. */
  path: string;
  durationMs: number;
  /** The error, or null when the request succeeded. */
  error: ApiError | null;
};

let requestObserver: ((outcome: RequestOutcome) => void) | null = null;

/** Hears how every request ends (one listener; null stops it). */
export const observeRequests = (listener: ((outcome: RequestOutcome) => void) | null): void => {
  requestObserver = listener;
};

const report = (method: RequestOutcome['method'], path: string, startedAt: number, error: unknown) => {
  if (!requestObserver) return;
  const apiError = error === null ? null : error instanceof ApiError ? error : new ApiError(0, NETWORK_ERROR_MESSAGE, 'network');
  try {
    requestObserver({ method, path: path.split('?')[0] ?? path, durationMs: Math.max(0, performance.now() - startedAt), error: apiError });
  } catch {
    // Analytics never breaks a request.
  }
};

const request = async <T>(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions<T>): Promise<T> => {
  const startedAt = performance.now();
  try {
    const answer = await send(method, path, body, options);
    report(method, path, startedAt, null);
    return answer;
  } catch (error) {
    report(method, path, startedAt, error);
    throw error;
  }
};

export const apiGet = <T>(path: string, options: RequestOptions<T>): Promise<T> => request('GET', path, undefined, options);

export const apiPost = <T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T> =>
  request('POST', path, body ?? {}, options);
