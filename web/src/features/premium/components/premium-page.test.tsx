import { PREMIUM_TOOL_LIST } from '@nivesh/proto/premium-tools';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FetchHandler } from '../../../testing/fetch-mock';
import { LOGIN_VERIFIED, ME, PREMIUM_UNTIL, json, notFound, premiumStatus, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';

const planCard = () => screen.findByRole('region', { name: 'Nivesh Premium' }, { timeout: 5000 });
const account = () => screen.findByRole('region', { name: 'Your premium' }, { timeout: 5000 });

const PAYMENT_URL = 'http://localhost:8080/dev/pay/sub-9';

type Status = ReturnType<typeof premiumStatus>;

/** The server: /me, the premium status (changeable by the test) and whatever else a test adds. */
const server = (status: () => Status, routes: Record<string, FetchHandler> = {}): FetchHandler => (call) => {
  if (call.url === '/me') return json(ME);
  if (call.url.startsWith('/api/premium/status?')) return json(status());
  return (routes[call.url] ?? notFound)(call);
};

/** window.location.assign, which would leave the app for the payment page. */
const stubAssign = () => {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
};

describe('/premium', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('offers the plan at ₹200 per month; visitors are asked to log in first', async () => {
    const { calls } = stubFetch(() => notFound());
    renderRoutes('/premium');
    const card = await planCard();
    expect(card.textContent).toContain('₹200 per month');
    expect(card.textContent).toContain('one device at a time');
    expect(card.textContent).not.toMatch(/not available/i);
    fireEvent.click(within(card).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 5000 })).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/premium/'))).toBe(false);
  });

  it('lists no advertisements and exactly the premium tools, each linked to its page', async () => {
    stubFetch(() => notFound());
    renderRoutes('/premium');
    const card = await planCard();
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['No advertisements', ...PREMIUM_TOOL_LIST.map((tool) => tool.name)]);
    for (const tool of PREMIUM_TOOL_LIST) {
      expect(within(card).getByRole('link', { name: tool.name }).getAttribute('href')).toBe(tool.path);
      expect(card.textContent).toContain(tool.description);
    }
  });

  it('subscribes with this device and goes to the payment page', async () => {
    const session = startSession(LOGIN_VERIFIED);
    const assign = stubAssign();
    const { callsTo } = stubFetch(
      server(() => premiumStatus({ is_premium: false }), {
        '/api/premium/subscribe': () => json({ success: true, payment_url: PAYMENT_URL, order_id: 'sub-9', error: null }),
      }),
    );
    renderRoutes('/premium');
    const card = await planCard();
    fireEvent.click(await within(card).findByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    const [call] = callsTo('/api/premium/subscribe');
    expect(call.method).toBe('POST');
    expect(call.headers.Authorization).toBe('Bearer token-abc');
    // jsdom draws no canvas: the stored device id stands in for the fingerprint.
    expect(call.body).toEqual({ plan_id: 'premium_monthly', device_fingerprint: session.device_id, ip_address: 'unknown' });
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it("shows the server's sentence when it will not start a subscription", async () => {
    startSession(LOGIN_VERIFIED);
    const assign = stubAssign();
    stubFetch(
      server(() => premiumStatus({ is_premium: false }), {
        '/api/premium/subscribe': () =>
          json({ success: false, payment_url: null, order_id: null, error: 'You already have Premium. It is active until 24 Dec 2026.' }),
      }),
    );
    renderRoutes('/premium');
    const card = await planCard();
    fireEvent.click(await within(card).findByRole('button', { name: 'Subscribe' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('You already have Premium. It is active until 24 Dec 2026.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the subscription of a premium user: plan, status and the date premium lasts until', async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch(server(() => premiumStatus({ subscription: { expires_at: '2026-12-24T10:00:00.000Z' } })));
    renderRoutes('/premium');
    const panel = await account();
    expect(panel.textContent).toContain('Premium Monthly');
    expect(panel.textContent).toContain('Active');
    expect(within(panel).getByText('Premium until 24 Dec 2026')).toBeTruthy();
    expect(within(await planCard()).queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('cancels after a confirm step, shows the server’s message, and that premium stays until its date', async () => {
    startSession(LOGIN_VERIFIED);
    let status = premiumStatus({ subscription: { expires_at: '2026-12-24T10:00:00.000Z' } });
    const message = 'Your subscription is cancelled and will not renew. Premium stays active until 24 Dec 2026.';
    const { calls, callsTo } = stubFetch(
      server(() => status, {
        '/api/premium/cancel': () => {
          status = premiumStatus({ subscription: { status: 'cancelled', expires_at: '2026-12-24T10:00:00.000Z' } });
          return json({ success: true, message, premium_expires_at: '2026-12-24T10:00:00.000Z' });
        },
      }),
    );
    renderRoutes('/premium');
    const panel = await account();
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel subscription' }));
    expect(within(panel).getByText('Cancel your subscription? It will not renew, and premium stays active until 24 Dec 2026.')).toBeTruthy();
    expect(callsTo('/api/premium/cancel')).toHaveLength(0);

    // 'Keep subscription' backs out.
    fireEvent.click(within(panel).getByRole('button', { name: 'Keep subscription' }));
    expect(callsTo('/api/premium/cancel')).toHaveLength(0);
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel subscription' }));
    const statusChecks = () => calls.filter((call) => call.url.startsWith('/api/premium/status?')).length;
    const checksBefore = statusChecks();
    fireEvent.click(within(panel).getByRole('button', { name: 'Yes, cancel' }));

    expect((await within(panel).findByRole('status')).textContent).toBe(message);
    expect(await within(panel).findByText('Renewal is off. Your premium lasts until 24 Dec 2026, and no further payment will be taken.')).toBeTruthy();
    expect(within(panel).getByText('Cancelled')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(callsTo('/api/premium/cancel')).toHaveLength(1);
    expect(callsTo('/api/premium/cancel')[0].method).toBe('POST');
    // The status is re-checked after cancelling (section 7).
    expect(statusChecks()).toBeGreaterThan(checksBefore);
  });

  it('says renewal is off for a cancelled subscription that still runs', async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch(server(() => premiumStatus({ subscription: { status: 'cancelled', expires_at: '2026-12-24T10:00:00.000Z' } })));
    renderRoutes('/premium');
    const panel = await account();
    expect(within(panel).getByText('Renewal is off. Your premium lasts until 24 Dec 2026, and no further payment will be taken.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('on a device in conflict, offers to use premium on this device instead of subscribing', async () => {
    startSession({ ...LOGIN_VERIFIED, is_premium: true, premium_expires_at: PREMIUM_UNTIL });
    let status = premiumStatus({ device_allowed: false });
    const { callsTo } = stubFetch(
      server(() => status, {
        '/api/premium/device': () => {
          status = premiumStatus();
          return json(status);
        },
      }),
    );
    renderRoutes('/premium');
    const conflict = await screen.findByTestId('device-conflict', {}, { timeout: 5000 });
    expect(conflict.textContent).toContain('Device Session Conflict: Premium is in use on another device.');
    // One notice on this page: the layout's banner stays away.
    expect(screen.getAllByTestId('device-conflict')).toHaveLength(1);
    expect(within(await planCard()).queryByRole('button', { name: 'Subscribe' })).toBeNull();
    // The one premium action here (in the notice and the sidebar) is moving it: no button asks for a payment.
    const actions = screen.getAllByRole('button', { name: /premium|subscribe|upgrade/i }).map((button) => button.textContent);
    expect([...new Set(actions)]).toEqual(['Use Premium on this device']);
    expect(screen.queryByRole('region', { name: 'Your premium' })).toBeNull();

    fireEvent.click(within(conflict).getByRole('button', { name: 'Use Premium on this device' }));
    expect(await account()).toBeTruthy();
    expect(screen.queryByTestId('device-conflict')).toBeNull();
    expect(callsTo('/api/premium/device')[0].method).toBe('POST');
  });
});
