import { act, renderHook, waitFor } from '@testing-library/react';
import { LOGIN_VERIFIED, json, notFound, stubFetch } from '../testing/fetch-mock';
import { saveAnalyticsOptIn } from './analytics-opt-in';
import { apiGet } from './api-client';
import { clearSession, reload, startSession } from './session';
import { useAnalyticsSession } from './use-analytics-session';

const SESSION_ID = 'session-9';

const server = () =>
  stubFetch((call) => {
    if (call.url === '/api/analytics/session/start') return json({ session_id: SESSION_ID, started_at: '2026-11-24T06:00:00Z' });
    if (call.url.startsWith('/api/analytics/session/')) return json({ recorded: true, session_id: SESSION_ID });
    if (call.url === '/api/market/overview') return json({ detail: 'Market data is resting.' }, 503);
    return notFound();
  });

const analyticsCalls = (calls: { url: string }[]) => calls.filter((call) => call.url.startsWith('/api/analytics/')).map((call) => call.url);

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useAnalyticsSession', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('calls nothing for a visitor, nor for a signed-in user who has not turned analytics on', async () => {
    const { calls } = server();
    const visitor = renderHook(({ path }) => useAnalyticsSession(path), { initialProps: { path: '/dashboard' } });
    visitor.rerender({ path: '/about' });
    visitor.unmount();

    startSession(LOGIN_VERIFIED);
    const user = renderHook(({ path }) => useAnalyticsSession(path), { initialProps: { path: '/dashboard' } });
    user.rerender({ path: '/about' });
    await act(() => apiGet('/api/market/overview', { parse: () => true }).catch(() => undefined));
    await settle();
    user.unmount();
    expect(analyticsCalls(calls)).toEqual([]);
  });

  it('for a user who turned it on: opens the session, records pages and requests, and ends it on logout', async () => {
    startSession(LOGIN_VERIFIED);
    saveAnalyticsOptIn(LOGIN_VERIFIED.user_id, true);
    const { calls, callsTo } = server();
    const { rerender, unmount } = renderHook(({ path }) => useAnalyticsSession(path), { initialProps: { path: '/dashboard' } });
    await waitFor(() => expect(callsTo('/api/analytics/session/start')[0]?.body).toEqual({ page_name: '/dashboard' }));

    rerender({ path: '/technical-analysis' });
    await act(() => apiGet('/api/market/overview', { parse: () => true }).catch(() => undefined));
    await settle();
    expect(callsTo('/api/analytics/session/page-visit')[0]?.body).toEqual({ session_id: SESSION_ID, page_name: '/technical-analysis', referrer_page: '/dashboard' });
    expect(callsTo('/api/analytics/session/action')[0]?.body).toMatchObject({
      session_id: SESSION_ID,
      page_name: '/technical-analysis',
      action_category: 'market',
      action_target: 'GET /api/market/overview',
      success: false,
      error_message: 'Market data is resting.',
    });
    for (const call of calls.filter((each) => each.url.startsWith('/api/analytics/'))) expect(call.headers.Authorization).toBe('Bearer token-abc');

    // Turning it off ends the session, and requests are no longer recorded.
    act(() => void saveAnalyticsOptIn(LOGIN_VERIFIED.user_id, false));
    await settle();
    expect(callsTo('/api/analytics/session/end')).toHaveLength(1);
    await act(() => apiGet('/api/market/overview', { parse: () => true }).catch(() => undefined));
    await settle();
    expect(callsTo('/api/analytics/session/action')).toHaveLength(1);

    // On again, then a logout: the session closes without a call the server could only refuse.
    act(() => void saveAnalyticsOptIn(LOGIN_VERIFIED.user_id, true));
    await waitFor(() => expect(callsTo('/api/analytics/session/start')).toHaveLength(2));
    act(() => clearSession());
    await settle();
    expect(callsTo('/api/analytics/session/end')).toHaveLength(1);
    unmount();
  });

  it('ends the session when the page goes away', async () => {
    startSession(LOGIN_VERIFIED);
    saveAnalyticsOptIn(LOGIN_VERIFIED.user_id, true);
    const { callsTo } = server();
    const { unmount } = renderHook(() => useAnalyticsSession('/chat'));
    await waitFor(() => expect(callsTo('/api/analytics/session/start')).toHaveLength(1));
    await settle();
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await settle();
    expect(callsTo('/api/analytics/session/end')[0]?.body).toEqual({ session_id: SESSION_ID });
    unmount();
  });
});
