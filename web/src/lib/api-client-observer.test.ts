import { json, never, stubFetch } from '../testing/fetch-mock';
import type { RequestOutcome } from './api-client';
import { ApiError, apiGet, apiPost, apiUrl, observeRequests } from './api-client';

const anything = (body: unknown) => body;

describe('api client: what the opt-in analytics hears', () => {
  afterEach(() => observeRequests(null));

  it('tells the observer how each request ended, by its path without the query', async () => {
    const heard: RequestOutcome[] = [];
    observeRequests((outcome) => heard.push(outcome));
    stubFetch((call) => (call.url.startsWith('/api/market/quote') ? json({ ok: true }) : json({ detail: 'Market data is resting.' }, 503)));
    await apiGet('/api/market/quote?symbol=TCS', { parse: anything });
    await apiPost('/api/market/overview', {}, { parse: anything }).catch(() => undefined);

    expect(heard.map(({ method, path, error }) => ({ method, path, error: error?.message ?? null }))).toEqual([
      { method: 'GET', path: '/api/market/quote', error: null },
      { method: 'POST', path: '/api/market/overview', error: 'Market data is resting.' },
    ]);
    expect(heard[1]?.error).toBeInstanceOf(ApiError);
    expect(heard[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('hears a cancelled request as aborted, and a failing observer never breaks a request', async () => {
    const heard: RequestOutcome[] = [];
    observeRequests((outcome) => {
      heard.push(outcome);
      throw new Error('observer bug');
    });
    stubFetch(() => never());
    const controller = new AbortController();
    const pending = apiGet('/api/market/quote', { parse: anything, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(heard[0]?.error?.kind).toBe('aborted');

    stubFetch(() => json({ ok: true }));
    await expect(apiGet('/x', { parse: anything })).resolves.toEqual({ ok: true });
  });

  it('lets a request outlive the page (keepalive), and gives the address of a path for beacons', async () => {
    stubFetch(() => json({ accepted: true }, 202));
    await apiPost('/api/visitor/track', {}, { parse: anything, keepalive: true });
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.keepalive).toBe(true);
    expect(apiUrl('/api/visitor/session/end')).toBe('/api/visitor/session/end');
  });
});
