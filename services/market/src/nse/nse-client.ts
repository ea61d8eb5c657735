import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';
import { CookieJar } from 'tough-cookie';
import { Agent, type Dispatcher, interceptors } from 'undici';
import { WEB_PATHS } from './archive-paths';

/** The headers NSE's hosts expect of a browser; without a browser-like User-Agent its website answers 403. */
export const NSE_HEADERS: Readonly<Record<string, string>> = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,application/json,text/csv,application/zip,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};

export type NseClientOptions = {
  /** NSE's archive host (bhavcopies, index files), e.g. https://nsearchives.nseindia.com. */
  archiveUrl: string;
  /** NSE's website (its JSON API), e.g. https://www.nseindia.com. */
  webUrl: string;
  /** Requests per second across every request of this client (NSE blocks clients that ask faster). */
  requestsPerSecond: number;
  /** Deadline to connect, to receive the headers and between body chunks. */
  timeoutMs: number;
  /** Retries of a request that timed out, lost its connection or got a 5xx; 4xx answers are never retried. */
  retries: number;
  /** The first retry's wait; each later one doubles it (undici's retry interceptor, which also honours Retry-After). */
  retryMinMs: number;
};

/** What a request of a file came back with: its bytes, or NSE saying it has no such file (yet). */
export type Fetched = { found: true; status: number; body: Buffer; contentType: string | null; url: string } | { found: false; status: number; url: string };

/** NSE could not be reached or kept failing after every retry (a timeout, a refused connection, 5xx). */
export class NseUnavailableError extends Error {
  constructor(
    readonly url: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'NseUnavailableError';
  }
}

/** Failures a retry may cure: timeouts and lost or refused connections. */
const RETRIED_ERRORS = [
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
];
/** Server errors; NSE's 404 (not published yet) and 401/403 (no session, blocked) are answers, not failures. */
const RETRIED_STATUS = [500, 502, 503, 504];

/**
 * The one HTTP client of NSE's hosts: undici (Node's own HTTP client) with its retry interceptor (timeouts,
 * connection errors and 5xx, exponential backoff), a tough-cookie jar (the website's API needs the session cookies its
 * home page sets), browser headers, and at most `requestsPerSecond` requests (rate-limiter-flexible's queue). The
 * pipeline asks for one file at a time, so retries, spaced at least `retryMinMs` apart, stay under the same rate.
 */
export class NseClient {
  private readonly dispatcher: Dispatcher;
  private readonly jar = new CookieJar();
  private readonly limiter: RateLimiterQueue;
  /** Requests sent, for the run's record. */
  requests = 0;

  constructor(private readonly options: NseClientOptions) {
    const agent = new Agent({ connectTimeout: options.timeoutMs, headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs, keepAliveTimeout: 4_000 });
    this.dispatcher = agent.compose(
      interceptors.retry({
        maxRetries: options.retries,
        minTimeout: options.retryMinMs,
        maxTimeout: options.retryMinMs * 2 ** Math.max(0, options.retries),
        timeoutFactor: 2,
        methods: ['GET'],
        statusCodes: RETRIED_STATUS,
        errorCodes: RETRIED_ERRORS,
      }),
    );
    this.limiter = new RateLimiterQueue(new RateLimiterMemory({ points: options.requestsPerSecond, duration: 1 }), { maxQueueSize: 10_000 });
  }

  /** A file of the archive host by path; 404 (and 403, NSE's answer to a missing archive file) means not there. */
  archive(path: string): Promise<Fetched> {
    return this.get(at(this.options.archiveUrl, path));
  }

  /**
   * A JSON answer of the website's API. The first call, and a call answered 401/403 (an expired session), visits the
   * home page for fresh cookies and asks once more.
   */
  async api(path: string): Promise<unknown> {
    const url = at(this.options.webUrl, path);
    if (!(await this.jar.getCookieString(url.toString()))) await this.home();
    let answer = await this.get(url);
    if (!answer.found && (answer.status === 401 || answer.status === 403)) {
      await this.home();
      answer = await this.get(url);
    }
    if (!answer.found) throw new NseUnavailableError(url.toString(), `NSE's API answered ${answer.status} for ${url.pathname}`);
    try {
      return JSON.parse(answer.body.toString('utf8')) as unknown;
    } catch (error) {
      throw new NseUnavailableError(url.toString(), `NSE's API answered something other than JSON for ${url.pathname}`, { cause: error });
    }
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async home(): Promise<void> {
    await this.get(at(this.options.webUrl, WEB_PATHS.home));
  }

  private async get(url: URL): Promise<Fetched> {
    await this.limiter.removeTokens(1);
    this.requests += 1;
    const href = url.toString();
    const cookie = await this.jar.getCookieString(href);
    let response: Dispatcher.ResponseData;
    try {
      response = await this.dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: 'GET',
        headers: { ...NSE_HEADERS, ...(cookie ? { cookie } : {}), referer: withSlash(this.options.webUrl) },
      });
    } catch (error) {
      throw new NseUnavailableError(href, `NSE did not answer ${url.pathname}: ${describe(error)}`, { cause: error });
    }
    const setCookie = response.headers['set-cookie'];
    for (const line of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
      await this.jar.setCookie(line, href, { ignoreError: true });
    }
    let body: Buffer;
    try {
      body = Buffer.from(await response.body.arrayBuffer());
    } catch (error) {
      throw new NseUnavailableError(href, `NSE's answer for ${url.pathname} broke off: ${describe(error)}`, { cause: error });
    }
    const status = response.statusCode;
    if (status >= 200 && status < 300) {
      const type = response.headers['content-type'];
      return { found: true, status, body, contentType: typeof type === 'string' ? type : null, url: href };
    }
    if (status >= 400 && status < 500) return { found: false, status, url: href };
    throw new NseUnavailableError(href, `NSE answered ${status} for ${url.pathname}`);
  }
}

const withSlash = (base: string): string => (base.endsWith('/') ? base : `${base}/`);
/** `path` under `base`, keeping a path prefix of the base (a stand-in may serve NSE's paths under one). */
const at = (base: string, path: string): URL => new URL(path.replace(/^\//, ''), withSlash(base));

/** An undici error's code (UND_ERR_HEADERS_TIMEOUT, ECONNREFUSED …) and message, or a RequestRetryError's status. */
const describe = (error: unknown): string => {
  const { code, statusCode, message } = error as { code?: string; statusCode?: number; message?: string };
  if (statusCode) return `status ${statusCode} after every retry`;
  return [code, message].filter(Boolean).join(' ');
};
