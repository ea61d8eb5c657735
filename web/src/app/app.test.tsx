import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import type { FetchHandler } from '../testing/fetch-mock';
import { LOGIN_VERIFIED, ME, OTP_SENT, json, notFound, stubFetch } from '../testing/fetch-mock';
import { renderRoutes, testQueryClient } from '../testing/render';
import { SESSION_KEYS, reload, startSession } from '../lib/session';
import { Providers } from './providers';
import { AppRoutes } from './router';

const HOUR = 60 * 60 * 1000;

const server = (routes: Record<string, FetchHandler>): FetchHandler => (call) => (routes[call.url] ?? notFound)(call);

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });

describe('app routes, layout and session', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('/login and /register open the same full-screen dialog over the dashboard', async () => {
    stubFetch(() => notFound());
    const first = renderRoutes('/login');
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard', hidden: true })).toBeTruthy();
    first.unmount();

    renderRoutes('/register');
    expect(await screen.findByRole('dialog', { name: 'Create account' })).toBeTruthy();
  });

  it('/login and /register name the tab after their screen, and the dashboard gets its name back on close', async () => {
    stubFetch(() => notFound());
    const first = renderRoutes('/register');
    await waitFor(() => expect(document.title).toBe('Create account | Nivesh'));
    first.unmount();

    const { router } = renderRoutes('/login');
    await waitFor(() => expect(document.title).toBe('Sign in | Nivesh'));
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(new URL('/login', window.location.origin).href);
    await screen.findByRole('dialog', { name: 'Sign in' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(document.title).toBe('Dashboard | Nivesh'));
  });

  it('in the browser router (as main.tsx renders it), /LOGIN/ opens the login screen over the dashboard like /login', async () => {
    stubFetch(() => notFound());
    window.history.pushState({}, '', '/LOGIN/');
    try {
      render(
        <Providers queryClient={testQueryClient()}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>,
      );
      expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Dashboard', hidden: true })).toBeTruthy();
      fireEvent.keyDown(document, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(window.location.pathname).toBe('/');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('sends a logged-in user who opens /register or /login to the dashboard (or the callback path), with no form', async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch(server({ '/me': () => json(ME) }));
    for (const [path, target] of [
      ['/register', '/dashboard'],
      ['/login', '/dashboard'],
      ['/login?callback=%2Fportfolio', '/portfolio'],
      ['/register?callback=https%3A%2F%2Fevil.example%2F', '/dashboard'],
    ]) {
      const view = renderRoutes(path);
      await waitFor(() => expect(view.router.state.location.pathname).toBe(target));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByLabelText('Username')).toBeNull();
      // The login address is replaced, so Back does not return to it.
      expect(view.router.state.historyAction).toBe('REPLACE');
      view.unmount();
    }
  });

  it('closing the dialog opened by /login goes to /', async () => {
    stubFetch(() => notFound());
    const { router } = renderRoutes('/login');
    await screen.findByRole('dialog', { name: 'Sign in' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it('logs in from /login, lands on /dashboard and shows the user card', async () => {
    const { calls } = stubFetch(
      server({
        '/login-request-otp': () => json(OTP_SENT),
        '/login-verify-otp': () => json(LOGIN_VERIFIED),
        '/me': () => json(ME),
      }),
    );
    const { router } = renderRoutes('/login');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'asha' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    fireEvent.change(await within(dialog).findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sidebar().textContent).toContain('asha');
    expect(sidebar().textContent).toContain('Standard User');
    expect(within(sidebar()).getByText('A')).toBeTruthy();
    expect(Object.keys(localStorage).sort()).toEqual([...SESSION_KEYS].sort());
    expect(calls.filter((call) => call.url === '/login-verify-otp')[0].body).toEqual({ username: 'asha', otp: '123456' });
  });

  it('the sidebar Login button opens the dialog when logged out', async () => {
    stubFetch(() => notFound());
    renderRoutes('/dashboard');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('re-checks /me on load: changed flags are shown and stored', async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch(server({ '/me': () => json({ ...ME, is_admin: true }) }));
    renderRoutes('/dashboard');
    expect(sidebar().textContent).toContain('Standard User');
    await waitFor(() => expect(sidebar().textContent).toContain('Admin User'));
    expect(localStorage.getItem('is_admin')).toBe('true');
  });

  it('an invalid token (401 from /me) clears the session', async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch(server({ '/me': () => json({ detail: 'Invalid or expired token' }, 401) }));
    renderRoutes('/dashboard');
    expect(sidebar().textContent).toContain('asha');
    expect(await within(sidebar()).findByRole('button', { name: 'Login' })).toBeTruthy();
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });

  it('a session older than 720 hours is cleared on load', () => {
    startSession(LOGIN_VERIFIED, Date.now() - 721 * HOUR);
    reload();
    const { calls } = stubFetch(() => notFound());
    renderRoutes('/dashboard');
    expect(within(sidebar()).getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.some((call) => call.url === '/me')).toBe(false);
  });

  it('/profile sends visitors to /', async () => {
    stubFetch(() => notFound());
    const { router } = renderRoutes('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("/profile shows the user's fields; Logout ends the session and goes to /", async () => {
    startSession(LOGIN_VERIFIED);
    const { calls } = stubFetch(
      server({
        '/me': () => json({ ...ME, is_premium: true, premium_expires_at: '2025-12-31T20:00:00.000Z' }),
        '/logout': () => json({ message: 'Logged out' }),
      }),
    );
    const { router } = renderRoutes('/profile');
    const main = screen.getByRole('main');
    expect(await within(main).findByText('5 March 2025')).toBeTruthy();
    expect(within(main).getByText('asha@example.com')).toBeTruthy();
    expect(within(main).getByText('user-1')).toBeTruthy();
    expect(within(main).getAllByText('Standard User').length).toBeGreaterThan(0);
    // 20:00 UTC on 31 December is 1 January in India.
    expect(within(main).getByText('Premium until 1 January 2026')).toBeTruthy();

    fireEvent.click(within(main).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logout = calls.find((call) => call.url === '/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.Authorization).toBe('Bearer token-abc');
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(within(sidebar()).getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('the sidebar Logout clears the session even when the server cannot be reached', async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch((call) => (call.url === '/me' ? json(ME) : Promise.reject(new TypeError('Failed to fetch'))));
    renderRoutes('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Logout' }));
    expect(await within(sidebar()).findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('an unknown path shows the 404 page with a way back', async () => {
    stubFetch(() => notFound());
    renderRoutes('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
