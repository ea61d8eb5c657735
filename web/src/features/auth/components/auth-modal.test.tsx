import { PASSWORD_INPUT_TITLE, PASSWORD_RULE_MESSAGE } from '@nivesh/proto';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { FetchHandler } from '../../../testing/fetch-mock';
import { LOGIN_VERIFIED, ME, OTP_SENT, json, never, notFound, stubFetch } from '../../../testing/fetch-mock';
import { testQueryClient } from '../../../testing/render';
import { reload } from '../../../lib/session';
import { AUTH_TEXTS } from '../texts';
import { AuthModal } from './auth-modal';

type View = 'signin' | 'register';

const renderModal = (initialView: View = 'signin', path = '/login') => {
  const onClose = vi.fn();
  const onLoggedIn = vi.fn();
  const router = createMemoryRouter(
    [{ path: '*', element: <AuthModal initialView={initialView} onClose={onClose} onLoggedIn={onLoggedIn} /> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onClose, onLoggedIn };
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Lets pending promises settle while fake timers are on. */
const settle = async () => {
  for (let round = 0; round < 5; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
};

const server = (routes: Record<string, FetchHandler>): FetchHandler => (call) => (routes[call.url] ?? notFound)(call);

const signInToCodeStep = async (extra: Record<string, FetchHandler> = {}) => {
  const fetch = stubFetch(server({ '/login-request-otp': () => json(OTP_SENT), ...extra }));
  const handlers = renderModal('signin');
  type('Username', 'asha');
  type('Password', 'Secret123');
  click('Sign in');
  return { fetch, handlers };
};

describe('AuthModal', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a labelled modal dialog that opens on sign in, with the links between the views', () => {
    stubFetch(() => notFound());
    renderModal('signin');
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));

    click("Don't have an account? Create one");
    expect(heading()).toBe('Create account');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    click('Already have an account? Sign in');
    expect(heading()).toBe('Sign in');
    click('Forgot password?');
    expect(heading()).toBe('Forgot password');
    click('Back to sign in');
    expect(heading()).toBe('Sign in');
  });

  it('marks username, email and password required and gives password inputs the rule as title, without a pattern', () => {
    stubFetch(() => notFound());
    renderModal('register');
    for (const label of ['Username', 'Email', 'Password']) expect(screen.getByLabelText(label).hasAttribute('required')).toBe(true);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('title')).toBe(PASSWORD_INPUT_TITLE);
    expect(password.hasAttribute('pattern')).toBe(false);
  });

  it('closes on Escape and with the close button', () => {
    stubFetch(() => notFound());
    const { onClose } = renderModal('signin');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    click('Close');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', () => {
    stubFetch(() => notFound());
    renderModal('signin');
    const close = button('Close');
    const last = button("Don't have an account? Create one");
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('registers: code step with a 6-digit input, then back to sign in with the success message', async () => {
    const { calls } = stubFetch(
      server({
        '/register-request-otp': () => json(OTP_SENT),
        '/register-verify-otp': () => json({ message: 'Registered', user_id: 'user-1', username: 'asha' }),
      }),
    );
    renderModal('register');
    type('Username', 'asha');
    type('Email', 'asha@example.com');
    type('Password', 'Secret123');
    click('Create account');

    const code = await screen.findByLabelText('Verification code');
    expect(code.getAttribute('maxLength')).toBe('6');
    expect(code.getAttribute('inputMode')).toBe('numeric');
    expect(code.getAttribute('autoComplete')).toBe('one-time-code');
    expect(calls[0]).toMatchObject({ url: '/register-request-otp', method: 'POST', body: { username: 'asha', email: 'asha@example.com', password: 'Secret123' } });

    fireEvent.change(code, { target: { value: '123456' } });
    click('Verify');

    expect(await screen.findByText(AUTH_TEXTS.registrationSuccess)).toBeTruthy();
    expect(heading()).toBe('Sign in');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('asha');
    expect(calls[1]).toMatchObject({ url: '/register-verify-otp', body: { email: 'asha@example.com', otp: '123456' } });
  });

  it('shows a registration detail that contains "exists", or "User/email already exists"', async () => {
    stubFetch(() => json({ detail: 'Username already exists' }, 409));
    renderModal('register');
    type('Username', 'asha');
    type('Email', 'asha@example.com');
    type('Password', 'Secret123');
    click('Create account');
    expect((await screen.findByRole('alert')).textContent).toBe('Username already exists');

    stubFetch(() => json({}, 409));
    click('Create account');
    expect((await screen.findByText(AUTH_TEXTS.userExists)).getAttribute('role')).toBe('alert');
  });

  it('checks the password rule before asking for a code', () => {
    const { calls } = stubFetch(() => notFound());
    renderModal('register');
    type('Username', 'asha');
    type('Email', 'asha@example.com');
    type('Password', 'lettersonly');
    click('Create account');
    expect(screen.getByRole('alert').textContent).toBe(PASSWORD_RULE_MESSAGE);
    expect(calls).toHaveLength(0);
  });

  it('forgot password: a missing field gives the exact message', () => {
    const { calls } = stubFetch(() => notFound());
    renderModal('signin');
    click('Forgot password?');
    type('Username', 'asha');
    click('Send code');
    expect(screen.getByRole('alert').textContent).toBe('Please enter both your username and email address');
    type('Username', '');
    type('Email', 'asha@example.com');
    click('Send code');
    expect(screen.getByRole('alert').textContent).toBe(AUTH_TEXTS.forgotPasswordMissingField);
    expect(calls).toHaveLength(0);
  });

  it('password reset: the username is read-only, the code has no length limit, then sign in with the message', async () => {
    const { calls } = stubFetch(
      server({
        '/api/auth/forgot-password': () => json(OTP_SENT),
        '/api/auth/reset-password': () => json({ message: 'Password reset' }),
      }),
    );
    renderModal('signin');
    click('Forgot password?');
    type('Username', 'asha');
    type('Email', 'asha@example.com');
    click('Send code');

    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeTruthy();
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.value).toBe('asha');
    expect(username.readOnly).toBe(true);
    const code = screen.getByLabelText('Verification code');
    expect(code.hasAttribute('maxLength')).toBe(false);
    expect(screen.getByLabelText('New password').getAttribute('title')).toBe(PASSWORD_INPUT_TITLE);

    fireEvent.change(code, { target: { value: '654321' } });
    type('New password', 'short');
    click('Reset password');
    expect(screen.getByRole('alert').textContent).toBe(PASSWORD_RULE_MESSAGE);

    type('New password', 'Newpass123');
    click('Reset password');
    expect(await screen.findByText(AUTH_TEXTS.passwordResetSuccess)).toBeTruthy();
    expect(heading()).toBe('Sign in');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/forgot-password', '/api/auth/reset-password']);
    expect(calls[1].body).toEqual({ username: 'asha', email: 'asha@example.com', otp: '654321', new_password: 'Newpass123' });
  });

  it('"Back to sign in" leaves the reset flow', async () => {
    stubFetch(server({ '/api/auth/forgot-password': () => json(OTP_SENT) }));
    renderModal('signin');
    click('Forgot password?');
    type('Username', 'asha');
    type('Email', 'asha@example.com');
    click('Send code');
    await screen.findByRole('heading', { name: 'Reset password' });
    click('Back to sign in');
    expect(heading()).toBe('Sign in');
  });

  it('login: the code step has a 6-digit input; a verified code stores the session and goes to /dashboard', async () => {
    const { calls } = stubFetch(
      server({
        '/login-request-otp': () => json(OTP_SENT),
        '/login-verify-otp': () => json(LOGIN_VERIFIED),
        '/me': () => json(ME),
      }),
    );
    const { onLoggedIn } = renderModal('signin', '/login');
    type('Username', 'asha');
    type('Password', 'Secret123');
    click('Sign in');
    const code = await screen.findByLabelText('Verification code');
    expect(code.getAttribute('maxLength')).toBe('6');
    expect(code.getAttribute('inputMode')).toBe('numeric');
    expect(code.getAttribute('autoComplete')).toBe('one-time-code');

    fireEvent.change(code, { target: { value: '123456' } });
    click('Verify');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith('/dashboard'));
    expect(localStorage.getItem('token')).toBe('token-abc');
    expect(localStorage.getItem('email')).toBe('asha@example.com');
    expect(calls.map((call) => call.url)).toEqual(['/login-request-otp', '/login-verify-otp', '/me']);
    expect(calls[2].headers.Authorization).toBe('Bearer token-abc');
  });

  it('login goes to a same-origin callback path, never elsewhere', async () => {
    stubFetch(server({ '/login-request-otp': () => json(OTP_SENT), '/login-verify-otp': () => json(LOGIN_VERIFIED), '/me': () => json(ME) }));
    const first = renderModal('signin', '/login?callback=%2Fprofile');
    type('Username', 'asha');
    type('Password', 'Secret123');
    click('Sign in');
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    click('Verify');
    await waitFor(() => expect(first.onLoggedIn).toHaveBeenCalledWith('/profile'));
  });

  it('shows the server detail for a wrong code and the OTP network text when verification cannot reach the server', async () => {
    let answer: () => Response | Promise<Response> = () => json({ detail: 'Invalid or expired OTP' }, 400);
    await signInToCodeStep({ '/login-verify-otp': () => answer() });
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '000000' } });
    click('Verify');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired OTP');

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    click('Verify');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(AUTH_TEXTS.otpNetworkError));
  });

  it('shows the login network text when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderModal('signin');
    type('Username', 'asha');
    type('Password', 'Secret123');
    click('Sign in');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Network error. Please check your connection and ensure the server is running.',
    );
  });

  it('says OTP verification failed when the answer carries no session', async () => {
    await signInToCodeStep({ '/login-verify-otp': () => json({ message: 'ok' }) });
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    click('Verify');
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_TEXTS.otpVerificationFailed);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says the authentication state could not be set when storage refuses the session', async () => {
    await signInToCodeStep({ '/login-verify-otp': () => json(LOGIN_VERIFIED) });
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    click('Verify');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to set authentication state');
    setItem.mockRestore();
  });

  it('blocks a second submit while a request is in progress, and Escape does not close meanwhile', async () => {
    const { calls } = stubFetch(() => never());
    const { onClose } = renderModal('signin');
    type('Username', 'asha');
    type('Password', 'Secret123');
    click('Sign in');
    fireEvent.submit(button('Sign in').closest('form')!);
    expect(button('Sign in').disabled).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('a login request that times out after 60 s is silent', async () => {
    vi.useFakeTimers();
    const { calls } = stubFetch(() => never());
    renderModal('signin');
    type('Username', 'asha');
    type('Password', 'Secret123');
    click('Sign in');
    await settle();
    expect(button('Sign in').disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(calls[0].signal?.aborted).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await settle();
    expect(calls[0].signal?.aborted).toBe(true);
    expect(button('Sign in').disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(heading()).toBe('Sign in');
  });

  it('an OTP verification that times out after 30 s is silent', async () => {
    vi.useFakeTimers();
    const { fetch } = await signInToCodeStep({ '/login-verify-otp': () => never() });
    await settle();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    click('Verify');
    await settle();
    const verify = fetch.callsTo('/login-verify-otp')[0];
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(verify.signal?.aborted).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await settle();
    expect(verify.signal?.aborted).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button('Verify').disabled).toBe(false);
  });

  it('resend: disabled for 30 s with the seconds shown, enabled at 0, restarted by a resend', async () => {
    vi.useFakeTimers();
    const { fetch } = await signInToCodeStep({
      '/get-user-email': () => json({ email: 'asha@example.com' }),
      '/resend-otp': () => json(OTP_SENT),
    });
    await settle();
    const opened = Date.now();

    expect(button('Resend code').disabled).toBe(true);
    expect(button('Resend code').textContent).toBe('Resend code (30s)');

    await act(() => vi.advanceTimersByTimeAsync(opened + 29_000 - Date.now()));
    expect(button('Resend code').disabled).toBe(true);
    expect(button('Resend code').textContent).toBe('Resend code (1s)');

    await act(() => vi.advanceTimersByTimeAsync(opened + 30_000 - Date.now()));
    expect(button('Resend code').disabled).toBe(false);
    expect(button('Resend code').textContent).toBe('Resend code');

    click('Resend code');
    await settle();
    expect(fetch.callsTo('/get-user-email')[0].body).toEqual({ username: 'asha' });
    expect(fetch.callsTo('/resend-otp')[0].body).toEqual({ email: 'asha@example.com', otp_type: 'login' });
    expect(button('Resend code').disabled).toBe(true);
    expect(button('Resend code').textContent).toBe('Resend code (30s)');

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(button('Resend code').disabled).toBe(true);
  });

  it('resend for login says so when the e-mail address cannot be found', async () => {
    vi.useFakeTimers();
    await signInToCodeStep({ '/get-user-email': () => json({ detail: 'User not found' }, 404) });
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    click('Resend code');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Could not find user email for resending OTP');
  });

  it('resend during registration uses the e-mail address typed and the registration type', async () => {
    vi.useFakeTimers();
    const { callsTo } = stubFetch(server({ '/register-request-otp': () => json(OTP_SENT), '/resend-otp': () => json(OTP_SENT) }));
    renderModal('register');
    type('Username', 'asha');
    type('Email', 'asha@example.com');
    type('Password', 'Secret123');
    click('Create account');
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    click('Resend code');
    await settle();
    expect(callsTo('/get-user-email')).toHaveLength(0);
    expect(callsTo('/resend-otp')[0].body).toEqual({ email: 'asha@example.com', otp_type: 'registration' });
  });

  describe('when the server refuses for a while (429 with Retry-After)', () => {
    const TOO_MANY = 'Too many requests. Please try again later.';
    const refused = (seconds: number, detail = TOO_MANY) => () =>
      new Response(JSON.stringify({ detail, code: 'rate_limited' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': String(seconds) },
      });
    const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

    it('sign in: says how many seconds, counts them down with the button held back, then lets it try again', async () => {
      vi.useFakeTimers();
      const { callsTo } = stubFetch(server({ '/login-request-otp': refused(42) }));
      renderModal('signin');
      type('Username', 'asha');
      type('Password', 'Secret123');
      click('Sign in');
      await settle();
      const refusedAt = Date.now();
      expect(alertText()).toBe(`${TOO_MANY} You can try again in 42 seconds.`);
      expect(button('Sign in').disabled).toBe(true);
      expect(button('Sign in').textContent).toBe('Sign in (42s)');

      await act(() => vi.advanceTimersByTimeAsync(refusedAt + 41_000 - Date.now()));
      expect(alertText()).toBe(`${TOO_MANY} You can try again in 1 second.`);
      expect(button('Sign in').textContent).toBe('Sign in (1s)');
      // The Enter key does not get around the held-back button.
      fireEvent.submit(button('Sign in').closest('form')!);
      await settle();
      expect(callsTo('/login-request-otp')).toHaveLength(1);

      await act(() => vi.advanceTimersByTimeAsync(refusedAt + 42_000 - Date.now()));
      expect(alertText()).toBeNull();
      expect(button('Sign in').disabled).toBe(false);
      expect(button('Sign in').textContent).toBe('Sign in');
      click('Sign in');
      await settle();
      expect(callsTo('/login-request-otp')).toHaveLength(2);
    });

    it('register, verify, forgot and reset password hold their button back the same way', async () => {
      vi.useFakeTimers();
      let forgotCalls = 0;
      stubFetch(
        server({
          '/register-request-otp': refused(5),
          '/login-request-otp': () => json(OTP_SENT),
          '/login-verify-otp': refused(65),
          // Refused once, then the code is sent.
          '/api/auth/forgot-password': () => (forgotCalls++ === 0 ? refused(3)() : json(OTP_SENT)),
          '/api/auth/reset-password': refused(900),
        }),
      );
      renderModal('register');
      type('Username', 'asha');
      type('Email', 'asha@example.com');
      type('Password', 'Secret123');
      click('Create account');
      await settle();
      expect(alertText()).toBe(`${TOO_MANY} You can try again in 5 seconds.`);
      expect(button('Create account').disabled).toBe(true);

      click('Already have an account? Sign in');
      type('Username', 'asha');
      type('Password', 'Secret123');
      click('Sign in');
      await settle();
      type('Verification code', '123456');
      click('Verify');
      await settle();
      expect(alertText()).toBe(`${TOO_MANY} You can try again in 1 minute 5 seconds.`);
      expect(button('Verify').disabled).toBe(true);
      expect(button('Verify').textContent).toBe('Verify (1:05)');
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(alertText()).toBe(`${TOO_MANY} You can try again in 59 seconds.`);
      expect(button('Verify').textContent).toBe('Verify (59s)');

      click('Back to sign in');
      click('Forgot password?');
      type('Email', 'asha@example.com');
      click('Send code');
      await settle();
      expect(alertText()).toBe(`${TOO_MANY} You can try again in 3 seconds.`);
      expect(button('Send code').disabled).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      click('Send code');
      await settle();

      expect(heading()).toBe('Reset password');
      type('Verification code', '123456');
      type('New password', 'Secret456');
      click('Reset password');
      await settle();
      expect(alertText()).toBe(`${TOO_MANY} You can try again in 15 minutes.`);
      expect(button('Reset password').disabled).toBe(true);
      expect(button('Reset password').textContent).toBe('Reset password (15:00)');
    });

    it('resend: the server\'s own wait counts down in its message and on the button, and Verify stays usable', async () => {
      vi.useFakeTimers();
      await signInToCodeStep({
        '/get-user-email': () => json({ email: 'asha@example.com' }),
        '/resend-otp': refused(20, 'Please wait 20 seconds before requesting another code.'),
      });
      await settle();
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      click('Resend code');
      await settle();
      expect(alertText()).toBe('Please wait 20 seconds before requesting another code.');
      expect(button('Resend code').disabled).toBe(true);
      expect(button('Resend code').textContent).toBe('Resend code (20s)');
      expect(button('Verify').disabled).toBe(false);

      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(alertText()).toBe('Please wait 15 seconds before requesting another code.');
      expect(button('Resend code').textContent).toBe('Resend code (15s)');

      await act(() => vi.advanceTimersByTimeAsync(15_000));
      expect(alertText()).toBeNull();
      expect(button('Resend code').disabled).toBe(false);
    });
  });
});
