/** Test helpers: a fetch stub that records calls and honours abort signals like the real fetch. */

export type FetchCall = {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
};

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A request the server never answers (until it is aborted). */
export const never = (): Promise<Response> => new Promise<Response>(() => undefined);

export const notFound = (): Response => json({ detail: 'Not found' }, 404);

export const stubFetch = (handler: FetchHandler) => {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: FetchCall = {
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (call.signal?.aborted) return abort();
      call.signal?.addEventListener('abort', abort);
      Promise.resolve()
        .then(() => handler(call))
        .then(resolve, reject);
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (url: string) => calls.filter((call) => call.url === url) };
};

export const OTP_SENT = { message: 'OTP sent to your email', expires_in_seconds: 600, resend_after_seconds: 30 };

export const LOGIN_VERIFIED = {
  access_token: 'token-abc',
  token_type: 'bearer',
  expires_at: '2026-02-01T00:00:00.000Z',
  username: 'asha',
  user_id: 'user-1',
  is_admin: false,
  is_premium: false,
  premium_expires_at: null,
};

export const ME = {
  user_id: 'user-1',
  username: 'asha',
  email: 'asha@example.com',
  is_admin: false,
  is_premium: false,
  created_at: '2025-03-05T10:00:00.000Z',
  premium_expires_at: null,
};
