/** Test helpers: a fetch stub that records calls and honours abort signals like the real fetch. */
import type { PremiumStatusResponse, Subscription } from '@nivesh/proto';

/**
 * jsdom draws no canvas and logs 'Not implemented' for every try. Here it answers like a browser without a 2D
 * canvas, quietly: the device fingerprint (lib/device-fingerprint.ts) then falls back to the stored device id,
 * which tests can predict. Tests of the fingerprint itself stub the canvas.
 */
if (typeof HTMLCanvasElement !== 'undefined') HTMLCanvasElement.prototype.getContext = () => null;

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

/** An expiry date far in the future, for premium that has not run out. */
export const PREMIUM_UNTIL = '2999-12-24T10:00:00.000Z';

type PremiumStatusOptions = {
  is_premium?: boolean;
  device_allowed?: boolean;
  reason?: string | null;
  logout_message?: string | null;
  subscription?: Partial<Subscription> | null;
  user_id?: string;
};

/**
 * A GET /api/premium/status answer: premium and allowed on this device by default (an active subscription
 * until PREMIUM_UNTIL); `is_premium: false` gives a free account without a subscription.
 */
export const premiumStatus = ({
  is_premium = true,
  device_allowed = true,
  reason = device_allowed ? null : 'Premium is in use on another device.',
  logout_message = null,
  subscription,
  user_id = 'user-1',
}: PremiumStatusOptions = {}): PremiumStatusResponse => ({
  success: true,
  is_premium,
  device_allowed,
  device_check_reason: reason,
  device_check: { allowed: device_allowed, reason, logout_message },
  subscription:
    subscription === null || (subscription === undefined && !is_premium)
      ? null
      : {
          subscription_id: 'sub-1',
          plan_id: 'premium_monthly',
          plan_name: 'Premium Monthly',
          status: 'active',
          expires_at: is_premium ? PREMIUM_UNTIL : null,
          ...subscription,
        },
  user: { user_id, username: 'asha', is_premium, premium_expires_at: is_premium ? PREMIUM_UNTIL : null },
});
