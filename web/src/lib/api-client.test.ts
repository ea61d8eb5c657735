import { LOGIN_VERIFIED, ME, json, never, stubFetch } from '../testing/fetch-mock';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  NOT_AVAILABLE_MESSAGE,
  REQUEST_FAILED_MESSAGE,
  SERVER_ERROR_MESSAGE,
  apiGet,
  apiPost,
  errorMessageOf,
  isTextForPeople,
  newTraceparent,
  parseWith,
} from './api-client';
import { SESSION_KEYS, getSession, reload, startSession } from './session';

const anything = (body: unknown) => body;

/** W3C trace context: version 00, a 16-byte trace id, an 8-byte span id, sampled. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
};

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('says how long a refused request must wait, from Retry-After', async () => {
    const limited = (headers: Record<string, string>) =>
      new Response(JSON.stringify({ detail: 'Too many requests. Please try again later.', code: 'rate_limited' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    stubFetch(() => limited({ 'Retry-After': '42' }));
    expect(await failure(apiPost('/login-request-otp', { username: 'a' }, { parse: anything }))).toMatchObject({
      status: 429,
      retryAfterSeconds: 42,
      message: 'Too many requests. Please try again later. You can try again in 42 seconds.',
      baseMessage: 'Too many requests. Please try again later.',
    });
    // Without the header, the refusal is shown as the server wrote it.
    stubFetch(() => limited({}));
    expect(await failure(apiGet('/x', { parse: anything }))).toMatchObject({ retryAfterSeconds: null, message: 'Too many requests. Please try again later.' });
    // Other statuses keep their text whatever the header says.
    stubFetch(() => new Response(JSON.stringify({ detail: 'Shutting down' }), { status: 503, headers: { 'Retry-After': '5' } }));
    expect(await failure(apiGet('/x', { parse: anything }))).toMatchObject({ retryAfterSeconds: null, message: 'Shutting down' });
  });

  it('reads the error text from detail, then msg, then says Error', async () => {
    expect(errorMessageOf({ detail: 'Invalid OTP', msg: 'ignored' })).toBe('Invalid OTP');
    expect(errorMessageOf({ msg: 'Bad input' })).toBe('Bad input');
    expect(errorMessageOf({})).toBe('Error');
    expect(errorMessageOf(null)).toBe('Error');

    stubFetch(() => json({ detail: 'Invalid username or password' }, 401));
    const withDetail = await failure(apiPost('/login-request-otp', { username: 'a' }, { parse: anything }));
    expect(withDetail).toMatchObject({ status: 401, kind: 'http', message: 'Invalid username or password' });

    stubFetch(() => json({ msg: 'Too many requests' }, 429));
    expect((await failure(apiGet('/x', { parse: anything }))).message).toBe('Too many requests');

    // No text at all: a generic sentence, marked as not the server's own.
    stubFetch(() => new Response('<html>oops</html>', { status: 502 }));
    expect(await failure(apiGet('/x', { parse: anything }))).toMatchObject({ message: SERVER_ERROR_MESSAGE, fromServer: false });
    stubFetch(() => json({}, 400));
    expect((await failure(apiGet('/x', { parse: anything }))).message).toBe(REQUEST_FAILED_MESSAGE);
  });

  it('never shows an RPC pattern, an error code or a stack trace from the server', async () => {
    const shown = async (detail: string, status = 500) => {
      stubFetch(() => json({ detail }, status));
      return (await failure(apiGet('/x', { parse: anything }))).message;
    };
    expect(await shown('prediction.predict is not available yet', 501)).toBe(NOT_AVAILABLE_MESSAGE);
    expect(await shown('premium.subscribe is not available yet', 501)).toBe(NOT_AVAILABLE_MESSAGE);
    expect(await shown('not_implemented', 501)).toBe(NOT_AVAILABLE_MESSAGE);
    expect(await shown('TypeError: Cannot read properties of undefined')).toBe(SERVER_ERROR_MESSAGE);
    expect(await shown('Failed\n    at Object.<anonymous> (/srv/app/main.js:10:5)')).toBe(SERVER_ERROR_MESSAGE);
    expect(await shown('Unknown RPC pattern chat.sentimentStart', 404)).toBe(REQUEST_FAILED_MESSAGE);

    // Sentences for people pass as they are, addresses and abbreviations included.
    expect(await shown('Price forecasts are not available yet.', 501)).toBe('Price forecasts are not available yet.');
    expect(isTextForPeople('OTP sent to asha@example.com.')).toBe(true);
    expect(isTextForPeople('The market service is unavailable. Please try again shortly.')).toBe(true);
    expect(isTextForPeople('Error')).toBe(false);
  });

  it('reports a fetch TypeError as a network error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(apiGet('/x', { parse: anything }));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
  });

  it('reports an answer it cannot read as invalid', async () => {
    stubFetch(() => json({ unexpected: true }));
    const error = await failure(apiGet('/x', { parse: () => null }));
    expect(error.kind).toBe('invalid');
  });

  it('sends JSON and the bearer token of the session', async () => {
    startSession(LOGIN_VERIFIED);
    const { calls } = stubFetch(() => json({ ok: true }));
    await apiPost('/logout', {}, { parse: anything });
    expect(calls[0]).toMatchObject({ url: '/logout', method: 'POST', body: {} });
    expect(calls[0].headers).toMatchObject({ Authorization: 'Bearer token-abc', 'Content-Type': 'application/json' });
  });

  it("sends a call's own headers beside the client's, which it cannot replace", async () => {
    startSession(LOGIN_VERIFIED);
    const { calls } = stubFetch(() => json({ ok: true }));
    await apiPost('/predict', { ticker: 'TCS' }, {
      parse: anything,
      headers: { 'x-device-fingerprint': 'device-1', authorization: 'Bearer other', 'Content-Type': 'text/plain', ACCEPT: 'text/html' },
    });
    expect(calls[0].headers).toEqual({
      'x-device-fingerprint': 'device-1',
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer token-abc',
      traceparent: expect.stringMatching(TRACEPARENT),
    });

    // Without a call's own headers, the client's are all there is.
    await apiGet('/me', { parse: anything });
    expect(calls[1].headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer token-abc', traceparent: expect.stringMatching(TRACEPARENT) });
  });

  it('starts a trace with each request: a W3C traceparent of random ids, which a call cannot replace', async () => {
    const { calls } = stubFetch(() => json({ ok: true }));
    await apiGet('/api/market/overview', { parse: anything, headers: { Traceparent: '00-00000000000000000000000000000001-0000000000000001-00' } });
    await apiGet('/api/market/overview', { parse: anything });
    const [first, second] = calls.map((call) => TRACEPARENT.exec(call.headers.traceparent ?? ''));
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(calls[0].headers).not.toHaveProperty('Traceparent');
    // Every request is a trace of its own: new ids each time, never the all-zero ids the standard calls invalid.
    expect(first![1]).not.toBe(second![1]);
    expect(first![2]).not.toBe(second![2]);
    for (let n = 0; n < 50; n += 1) {
      const [, traceId, spanId] = TRACEPARENT.exec(newTraceparent())!;
      expect(traceId).not.toBe('0'.repeat(32));
      expect(spanId).not.toBe('0'.repeat(16));
    }
  });

  it('sends no token when logged out', async () => {
    const { calls } = stubFetch(() => json({ ok: true }));
    await apiGet('/me', { parse: anything });
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('clears the session when the server rejects the token (401)', async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch(() => json({ detail: 'Invalid or expired token' }, 401));
    const error = await failure(apiGet('/me', { parse: anything }));
    expect(error.status).toBe(401);
    expect(getSession()).toBeNull();
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });

  it('aborts after the timeout and reports it as aborted, not as a network error', async () => {
    vi.useFakeTimers();
    const { calls } = stubFetch(() => never());
    const pending = failure(apiPost('/login-verify-otp', {}, { parse: anything, timeoutMs: 30_000 }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls[0].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(calls[0].signal?.aborted).toBe(true);
    expect(error.kind).toBe('aborted');
  });

  it('parses answers with the proto schema, loaded on first use', async () => {
    stubFetch(() => json(ME));
    expect(await apiGet('/me', { parse: parseWith((contracts) => contracts.MeResponseSchema) })).toEqual(ME);
    stubFetch(() => json({ ...ME, is_admin: 'no' }));
    const error = await failure(apiGet('/me', { parse: parseWith((contracts) => contracts.MeResponseSchema) }));
    expect(error.kind).toBe('invalid');
  });

  it('reports schemas that could not be loaded as a network error', async () => {
    stubFetch(() => json(ME));
    const error = await failure(apiGet('/me', { parse: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) }));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("passes the caller's cancellation on", async () => {
    stubFetch(() => never());
    const controller = new AbortController();
    const pending = failure(apiGet('/x', { parse: anything, signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
  });
});
