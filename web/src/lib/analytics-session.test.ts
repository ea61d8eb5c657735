import { AnalyticsActionRequestSchema } from '@nivesh/proto';
import { LOGIN_VERIFIED, json, stubFetch } from '../testing/fetch-mock';
import type { AnalyticsTransport } from './analytics-session';
import { actionOfRequest, createAnalyticsClient, requestCategory } from './analytics-session';
import { ApiError } from './api-client';
import { clearSession, reload, startSession } from './session';

const SESSION_ID = 'a1b2c3';

/** A transport that records every call; `start` answers as given. */
const recording = (start: AnalyticsTransport['start'] = () => Promise.resolve({ session_id: SESSION_ID })) => {
  const calls: { call: string; body: unknown; keepalive?: boolean }[] = [];
  const transport: AnalyticsTransport = {
    start: (body) => {
      calls.push({ call: 'start', body });
      return start(body);
    },
    end: (body, keepalive) => {
      calls.push({ call: 'end', body, keepalive });
      return Promise.resolve({});
    },
    pageVisit: (body) => {
      calls.push({ call: 'page-visit', body });
      return Promise.resolve({});
    },
    action: (body) => {
      calls.push({ call: 'action', body });
      return Promise.resolve({});
    },
  };
  return { transport, calls };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('analytics client', () => {
  it('opens a session on the first page, then records each new page with the page before it', async () => {
    const { transport, calls } = recording();
    const client = createAnalyticsClient({ transport });
    client.visit('/dashboard');
    client.visit('/dashboard');
    client.visit('/technical-analysis');
    client.visit('/chat');
    await settle();
    expect(calls).toEqual([
      { call: 'start', body: { page_name: '/dashboard' } },
      { call: 'page-visit', body: { session_id: SESSION_ID, page_name: '/technical-analysis', referrer_page: '/dashboard' } },
      { call: 'page-visit', body: { session_id: SESSION_ID, page_name: '/chat', referrer_page: '/technical-analysis' } },
    ]);
  });

  it('records actions on the page in view, and ends the session (keepalive when the page goes away)', async () => {
    const { transport, calls } = recording();
    const client = createAnalyticsClient({ transport });
    client.visit('/chat');
    client.action({ action_type: 'api_request', action_category: 'chat', success: false, error_message: 'Service unavailable' });
    client.close(true);
    expect(client.isOpen()).toBe(false);
    await settle();
    expect(calls.slice(1)).toEqual([
      {
        call: 'action',
        body: { action_type: 'api_request', action_category: 'chat', success: false, error_message: 'Service unavailable', session_id: SESSION_ID, page_name: '/chat' },
      },
      { call: 'end', body: { session_id: SESSION_ID }, keepalive: true },
    ]);

    client.visit('/about');
    await settle();
    expect(calls.at(-1)).toEqual({ call: 'start', body: { page_name: '/about' } });
  });

  it('sends nothing before a session is open', async () => {
    const { transport, calls } = recording();
    const client = createAnalyticsClient({ transport });
    client.action({ action_type: 'api_request', success: true });
    client.close(false);
    await settle();
    expect(calls).toEqual([]);
  });

  it('only warns, once, when the session cannot start, and then sends nothing more', async () => {
    const warn = vi.fn();
    const { transport, calls } = recording(() => Promise.reject(new ApiError(503, 'Analytics is resting.')));
    const client = createAnalyticsClient({ transport, warn });
    client.visit('/dashboard');
    client.visit('/about');
    client.action({ action_type: 'api_request', success: true });
    client.close(false);
    await settle();
    expect(calls.map((call) => call.call)).toEqual(['start']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe('Usage analytics could not be recorded.');
  });
});

describe('API requests as analytics actions', () => {
  it('names the part of the app a request belongs to', () => {
    expect(requestCategory('/api/market/quote')).toBe('market');
    expect(requestCategory('/chat/sentiment/query')).toBe('chat');
    expect(requestCategory('/predict')).toBe('prediction');
    expect(requestCategory('/api/premium/status')).toBe('premium');
    expect(requestCategory('/me')).toBe('account');
    expect(requestCategory('/login-verify-otp')).toBe('account');
    expect(requestCategory('/api/auth/reset-password')).toBe('account');
    expect(requestCategory('/api/system/status')).toBe('admin');
    expect(requestCategory('/readyz')).toBe('other');
  });

  it('records how long a request took and whether it worked, never what it carried', () => {
    const failed = actionOfRequest({ method: 'POST', path: '/chat/technical/query', durationMs: 812.4, error: new ApiError(503, 'Warren AI is resting.') });
    expect(failed).toEqual({
      action_type: 'api_request',
      action_category: 'chat',
      action_target: 'POST /chat/technical/query',
      response_time_ms: 812,
      success: false,
      error_message: 'Warren AI is resting.',
      action_data: { status: 503, kind: 'http' },
    });
    expect(AnalyticsActionRequestSchema.safeParse(failed).success).toBe(true);
    expect(actionOfRequest({ method: 'GET', path: '/api/market/overview', durationMs: 40, error: null })).toMatchObject({
      success: true,
      error_message: null,
      action_data: null,
    });
  });

  it('leaves out its own calls, the visitor calls and cancelled requests', () => {
    expect(actionOfRequest({ method: 'POST', path: '/api/analytics/session/action', durationMs: 5, error: null })).toBeNull();
    expect(actionOfRequest({ method: 'GET', path: '/api/analytics/dashboard/overview', durationMs: 5, error: null })).toBeNull();
    expect(actionOfRequest({ method: 'POST', path: '/api/visitor/track', durationMs: 5, error: null })).toBeNull();
    expect(actionOfRequest({ method: 'GET', path: '/api/market/quote', durationMs: 5, error: new ApiError(0, 'cancelled', 'aborted') })).toBeNull();
  });
});

describe('analytics over HTTP', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('sends the bearer token from local storage, and the session end as a keepalive request', async () => {
    startSession(LOGIN_VERIFIED);
    const { calls } = stubFetch((call) => (call.url === '/api/analytics/session/start' ? json({ session_id: SESSION_ID, started_at: '2026-11-24T06:00:00Z' }) : json({ recorded: true, session_id: SESSION_ID })));
    const fetchInit = vi.mocked(fetch);
    const client = createAnalyticsClient();
    client.visit('/dashboard');
    client.visit('/about');
    client.close(true);
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/analytics/session/start', '/api/analytics/session/page-visit', '/api/analytics/session/end']));
    for (const call of calls) expect(call.headers.Authorization).toBe('Bearer token-abc');
    expect(calls[2]?.body).toEqual({ session_id: SESSION_ID });
    expect(fetchInit.mock.calls[2]?.[1]?.keepalive).toBe(true);
  });

  it('does not try to end a session once the user has logged out', async () => {
    startSession(LOGIN_VERIFIED);
    const { calls } = stubFetch(() => json({ session_id: SESSION_ID, started_at: '2026-11-24T06:00:00Z' }));
    const client = createAnalyticsClient();
    client.visit('/dashboard');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    clearSession();
    client.close(false);
    await settle();
    await settle();
    expect(calls).toHaveLength(1);
  });
});
