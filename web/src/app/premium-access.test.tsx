import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FetchHandler } from '../testing/fetch-mock';
import { LOGIN_VERIFIED, ME, OTP_SENT, PREMIUM_UNTIL, json, notFound, premiumStatus, stubFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { reload, startSession } from '../lib/session';

type Status = ReturnType<typeof premiumStatus>;

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const headerAd = () => screen.queryByTestId('ad-slot-header');
const ticker = () => screen.queryByRole('region', { name: 'Premium benefits' });
const upgradeButton = () => within(sidebar()).queryByRole('button', { name: 'Upgrade to Premium' });
const badge = () => sidebar().querySelector('.premium-badge');

const logInPremium = (premium_expires_at: string | null = PREMIUM_UNTIL) => startSession({ ...LOGIN_VERIFIED, is_premium: true, premium_expires_at });

/**
 * /me, the premium status (a function, so a test can change it) and any other routes. /me reports the account's
 * entitlement as the status does (auth asks premium for it); while the status fails, what was stored at login.
 */
const server =
  (status: () => Status | Response, routes: Record<string, FetchHandler> = {}): FetchHandler =>
  (call) => {
    if (call.url === '/me') {
      const answer = status();
      if (answer instanceof Response) return json({ ...ME, is_premium: localStorage.getItem('is_premium') === 'true', premium_expires_at: localStorage.getItem('premium_expires_at') || null });
      return json({ ...ME, is_premium: answer.is_premium, premium_expires_at: answer.user.premium_expires_at });
    }
    if (call.url.startsWith('/api/premium/status?')) {
      const answer = status();
      return answer instanceof Response ? answer : json(answer);
    }
    return (routes[call.url] ?? notFound)(call);
  };

describe('what premium hides, on this device', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    reload();
  });

  it('shows visitors and free users the ads, the ticker and the upgrade button, and no badge', async () => {
    startSession(LOGIN_VERIFIED);
    const { calls } = stubFetch(server(() => premiumStatus({ is_premium: false })));
    renderRoutes('/dashboard');
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/premium/status?'))).toBe(true));
    expect(headerAd()).toBeTruthy();
    expect(ticker()).toBeTruthy();
    expect(upgradeButton()).toBeTruthy();
    expect(badge()).toBeNull();
  });

  it('hides them all, and shows the badge of the plan, when premium is active on this device', async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch(server(() => premiumStatus({ subscription: { plan_name: 'Gold_Monthly (₹200/month)' } })));
    renderRoutes('/dashboard');
    await waitFor(() => expect(badge()?.textContent).toBe('Gold Premium'));
    expect(headerAd()).toBeNull();
    expect(ticker()).toBeNull();
    expect(upgradeButton()).toBeNull();
    expect(screen.queryByTestId('device-conflict')).toBeNull();
    // The stored session follows the server (section 4).
    expect(localStorage.getItem('is_premium')).toBe('true');
    expect(localStorage.getItem('premium_expires_at')).toBe(PREMIUM_UNTIL);
  });

  it('gives a premium account limited access on a device in conflict: ads shown, no badge, and nothing that asks it to pay again', async () => {
    logInPremium();
    let status = premiumStatus({ device_allowed: false });
    const { callsTo } = stubFetch(
      server(() => status, {
        '/api/premium/device': () => {
          status = premiumStatus();
          return json(status);
        },
      }),
    );
    renderRoutes('/dashboard');
    expect(await screen.findByTestId('device-conflict', {}, { timeout: 5000 })).toBeTruthy();
    expect(headerAd()).toBeTruthy();
    expect(badge()).toBeNull();
    // Every upsell gives way to the one action: the ticker's 'Go Premium · ₹200/month' and 'Upgrade to Premium' go.
    expect(ticker()).toBeNull();
    expect(upgradeButton()).toBeNull();
    expect(document.body.textContent).not.toMatch(/Go Premium|Upgrade to Premium|Upgrade Now|Subscribe|₹200/);
    expect(screen.queryAllByRole('button', { name: /upgrade|subscribe|go premium/i, hidden: true })).toEqual([]);

    // Dismissed, the banner goes; the sidebar still offers to move premium here, and nothing else.
    fireEvent.click(within(screen.getByTestId('device-conflict')).getByRole('button', { name: 'Dismiss' }));
    const move = await within(sidebar()).findByRole('button', { name: 'Use Premium on this device' });
    fireEvent.click(move);
    await waitFor(() => expect(badge()).toBeTruthy());
    expect(callsTo('/api/premium/device')).toHaveLength(1);
    expect(headerAd()).toBeNull();
    expect(within(sidebar()).queryByRole('button', { name: 'Use Premium on this device' })).toBeNull();
    expect(upgradeButton()).toBeNull();
  });

  it("says in the sidebar why premium could not be moved here", async () => {
    logInPremium();
    const detail = 'Another device took premium a moment ago. Please try again if you want to use premium here.';
    stubFetch(server(() => premiumStatus({ device_allowed: false }), { '/api/premium/device': () => json({ detail }, 409) }));
    renderRoutes('/dashboard');
    fireEvent.click(within(await screen.findByTestId('device-conflict', {}, { timeout: 5000 })).getByRole('button', { name: 'Dismiss' }));
    fireEvent.click(await within(sidebar()).findByRole('button', { name: 'Use Premium on this device' }));
    expect((await within(sidebar()).findByRole('alert')).textContent).toBe(detail);
  });

  it('uses the stored flag when the premium endpoint fails, while its expiry date is in the future', async () => {
    logInPremium();
    const { calls } = stubFetch(server(() => json({ detail: 'Service unavailable' }, 503)));
    renderRoutes('/dashboard');
    // Asked, and asked once more after a second, then given up on.
    const statusCalls = () => calls.filter((call) => call.url.startsWith('/api/premium/status?')).length;
    await waitFor(() => expect(statusCalls()).toBe(2), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(headerAd()).toBeNull();
    expect(ticker()).toBeNull();
    expect(badge()?.textContent).toBe('Premium');
  });

  it('does not count a stored flag whose expiry date has passed when the endpoint cannot be reached', async () => {
    logInPremium('2020-01-01T00:00:00.000Z');
    const { calls } = stubFetch((call) =>
      call.url === '/me' || call.url.startsWith('/api/premium/') ? Promise.reject(new TypeError('Failed to fetch')) : notFound(),
    );
    renderRoutes('/dashboard');
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/premium/status?'))).toBe(true));
    expect(headerAd()).toBeTruthy();
    expect(ticker()).toBeTruthy();
    expect(badge()).toBeNull();
  });
});

describe('the device conflict alert', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    reload();
  });

  it("reads 'Device Session Conflict: {reason}', says premium is active on another device and gives the logout message", async () => {
    logInPremium();
    const logout = 'Your premium account is now active on another device, so premium has ended on this one.';
    stubFetch(server(() => premiumStatus({ device_allowed: false, reason: 'Premium was moved to another device on 2 Jun 2026.', logout_message: logout })));
    renderRoutes('/dashboard');
    const conflict = await screen.findByTestId('device-conflict', {}, { timeout: 5000 });
    const alert = within(conflict).getByRole('alert');
    expect(within(alert).getByText('Device Session Conflict: Premium was moved to another device on 2 Jun 2026.')).toBeTruthy();
    expect(alert.textContent).toContain('Your premium account is already active on another device');
    expect(alert.textContent).toContain(logout);
  });

  it("'Use Premium on this device' moves premium here: the alert goes, and so do the ads", async () => {
    const session = logInPremium();
    let status = premiumStatus({ device_allowed: false });
    const { callsTo } = stubFetch(
      server(() => status, {
        '/api/premium/device': () => {
          status = premiumStatus();
          return json(status);
        },
      }),
    );
    renderRoutes('/dashboard');
    const conflict = await screen.findByTestId('device-conflict', {}, { timeout: 5000 });
    fireEvent.click(within(conflict).getByRole('button', { name: 'Use Premium on this device' }));
    await waitFor(() => expect(screen.queryByTestId('device-conflict')).toBeNull());
    expect(headerAd()).toBeNull();
    expect(badge()).toBeTruthy();
    const [move] = callsTo('/api/premium/device');
    expect(move.method).toBe('POST');
    expect(move.headers.Authorization).toBe('Bearer token-abc');
    expect(move.body).toEqual({ device_fingerprint: session.device_id, ip_address: 'unknown' });
  });

  it("shows the server's sentence when premium cannot be moved", async () => {
    logInPremium();
    stubFetch(
      server(() => premiumStatus({ device_allowed: false }), {
        '/api/premium/device': () => json({ detail: 'Another device took premium a moment ago. Please try again if you want to use premium here.' }, 409),
      }),
    );
    renderRoutes('/dashboard');
    const conflict = await screen.findByTestId('device-conflict', {}, { timeout: 5000 });
    fireEvent.click(within(conflict).getByRole('button', { name: 'Use Premium on this device' }));
    expect(await within(conflict).findByText('Another device took premium a moment ago. Please try again if you want to use premium here.')).toBeTruthy();
  });

  it('shows once per page load: dismissed, it stays away on other pages', async () => {
    logInPremium();
    stubFetch(server(() => premiumStatus({ device_allowed: false })));
    const { router } = renderRoutes('/dashboard');
    const conflict = await screen.findByTestId('device-conflict', {}, { timeout: 5000 });
    fireEvent.click(within(conflict).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('device-conflict')).toBeNull();
    await act(() => router.navigate('/about'));
    await screen.findByRole('heading', { level: 1, name: 'About Nivesh' }, { timeout: 5000 });
    expect(screen.queryByTestId('device-conflict')).toBeNull();
    // Limited access stays: the ads are still there.
    expect(headerAd()).toBeTruthy();
  });
});

describe('premium after login', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    reload();
  });

  it('is re-checked after login', async () => {
    const { calls } = stubFetch(
      server(() => premiumStatus(), {
        '/login-request-otp': () => json(OTP_SENT),
        '/login-verify-otp': () => json(LOGIN_VERIFIED),
      }),
    );
    renderRoutes('/login');
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.url.startsWith('/api/premium/status?'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'asha' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    fireEvent.change(await within(dialog).findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(badge()?.textContent).toBe('Premium'));
    expect(calls.find((call) => call.url.startsWith('/api/premium/status?'))?.headers.Authorization).toBe('Bearer token-abc');
    expect(headerAd()).toBeNull();
  });
});
