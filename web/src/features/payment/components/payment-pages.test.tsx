import { act, screen, waitFor, within } from '@testing-library/react';
import { LOGIN_VERIFIED, ME, json, notFound, premiumStatus, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { loadContracts } from '../../../lib/contracts';
import { reload, startSession } from '../../../lib/session';

const UNTIL = '2026-12-24T10:00:00.000Z';

type Status = ReturnType<typeof premiumStatus>;

const pending = (id = 'sub-9'): Status => premiumStatus({ is_premium: false, subscription: { subscription_id: id, status: 'pending' } });
const paid = (id = 'sub-9'): Status => {
  const status = premiumStatus({ subscription: { subscription_id: id, status: 'active', expires_at: UNTIL } });
  return { ...status, user: { ...status.user, premium_expires_at: UNTIL } };
};
const failed = (id = 'sub-9'): Status => premiumStatus({ is_premium: false, subscription: { subscription_id: id, status: 'failed' } });

/** The server answers the status calls with `answers` in turn, the last one from then on (or `current()`'s answer). */
const serve = (answers: Status[], current?: () => Status) => {
  let next = 0;
  const stub = stubFetch((call) => {
    if (call.url === '/me') return json(ME);
    if (!call.url.startsWith('/api/premium/status?')) return notFound();
    const answer = current ? current() : answers[Math.min(next, answers.length - 1)];
    next += 1;
    return json(answer);
  });
  return { ...stub, statusCalls: () => stub.calls.filter((call) => call.url.startsWith('/api/premium/status?')).length };
};

const paymentState = () => screen.findByTestId('payment-state', {}, { timeout: 5000 });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Moves the clock on, 200 ms at a time (React updates wrapped in act), until `check` passes or 20 s have gone by. */
const until = async (check: () => void) => {
  for (let waited = 0; waited < 20_000; waited += 200) {
    try {
      check();
      return;
    } catch {
      await advance(200);
    }
  }
  check();
};

describe('/payment/success', () => {
  // Answers are checked against the contracts, which load on first use; loaded here, each answer lands at once.
  beforeAll(async () => {
    await loadContracts();
  });

  beforeEach(() => {
    localStorage.clear();
    reload();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks visitors to log in, and brings them back here afterwards', async () => {
    const { statusCalls } = serve([paid()]);
    renderRoutes('/payment/success?subscription_id=sub-9');
    const panel = await screen.findByTestId('payment-login', {}, { timeout: 5000 });
    expect(panel.textContent).toContain('Log in to see whether your payment went through.');
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?callback=${encodeURIComponent('/payment/success?subscription_id=sub-9')}`,
    );
    expect(screen.queryByTestId('payment-state')).toBeNull();
    expect(statusCalls()).toBe(0);
  });

  it('says the payment is still being confirmed until the server reports it active, asking every 2 seconds', async () => {
    startSession(LOGIN_VERIFIED);
    let answer = pending();
    const { statusCalls } = serve([], () => answer);
    renderRoutes('/payment/success?subscription_id=sub-9');
    const state = await paymentState();
    expect(state.dataset.state).toBe('confirming');
    expect(state.textContent).toContain('We are still confirming your payment with the bank. This page updates by itself.');

    // It keeps asking while the payment is pending.
    const before = statusCalls();
    await until(() => expect(statusCalls()).toBeGreaterThanOrEqual(before + 2));
    expect(screen.getByTestId('payment-state').dataset.state).toBe('confirming');

    answer = paid();
    await until(() => expect(screen.getByTestId('payment-state').dataset.state).toBe('active'));
    const active = screen.getByTestId('payment-state');
    expect(within(active).getByRole('heading', { name: 'Premium is active' })).toBeTruthy();
    expect(active.textContent).toContain('Premium until 24 Dec 2026.');
    expect(within(active).getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');

    // Settled: no more asking.
    const asked = statusCalls();
    await advance(10_000);
    expect(statusCalls()).toBe(asked);
  });

  it('keeps confirming while the server still reports an earlier subscription', async () => {
    startSession(LOGIN_VERIFIED);
    const { statusCalls } = serve([failed('sub-1')]);
    renderRoutes('/payment/success?subscription_id=sub-9');
    const state = await paymentState();
    await until(() => expect(statusCalls()).toBeGreaterThanOrEqual(3));
    expect(state.dataset.state).toBe('confirming');
  });

  it('says the payment did not go through when the server reports it failed, with a way to try again', async () => {
    startSession(LOGIN_VERIFIED);
    let answer = pending();
    serve([], () => answer);
    renderRoutes('/payment/success?subscription_id=sub-9');
    expect((await paymentState()).dataset.state).toBe('confirming');
    answer = failed();
    await until(() => expect(screen.getByTestId('payment-state').dataset.state).toBe('failed'));
    const state = screen.getByTestId('payment-state');
    expect(state.textContent).toContain('Your payment did not go through. No money was taken for premium.');
    expect(within(state).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/premium');
  });

  it('stops asking after about 90 seconds and says it is taking longer', async () => {
    startSession(LOGIN_VERIFIED);
    const { statusCalls } = serve([pending()]);
    renderRoutes('/payment/success?subscription_id=sub-9');
    await paymentState();
    await advance(91_000);
    const state = screen.getByTestId('payment-state');
    expect(state.dataset.state).toBe('confirming');
    expect(state.textContent).toContain('This is taking longer than usual.');
    const asked = statusCalls();
    expect(asked).toBeGreaterThan(30);
    expect(asked).toBeLessThanOrEqual(47);
    await advance(10_000);
    expect(statusCalls()).toBe(asked);
  });
});

describe('/payment/failure', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it("says the payment did not go through, with the payment page's reason and a way to try again", async () => {
    startSession(LOGIN_VERIFIED);
    const { statusCalls } = serve([failed()]);
    renderRoutes(`/payment/failure?subscription_id=sub-9&reason=${encodeURIComponent('The bank declined the card.')}`);
    await waitFor(() => expect(screen.getByTestId('payment-state').dataset.state).toBe('failed'), { timeout: 5000 });
    const state = screen.getByTestId('payment-state');
    expect(state.textContent).toContain('Your payment did not go through. No money was taken for premium.');
    expect(state.textContent).toContain('The payment page said: “The bank declined the card.”');
    expect(within(state).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/premium');
    expect(statusCalls()).toBeGreaterThanOrEqual(1);
  });

  it('shows no reason that is not a sentence for people', async () => {
    startSession(LOGIN_VERIFIED);
    serve([failed()]);
    renderRoutes('/payment/failure?subscription_id=sub-9&reason=payment.declined_by_bank');
    await waitFor(() => expect(screen.getByTestId('payment-state').dataset.state).toBe('failed'), { timeout: 5000 });
    expect(screen.getByTestId('payment-state').textContent).not.toContain('payment.declined_by_bank');
  });

  it('says premium is active when the server says so, whatever the address claims', async () => {
    startSession(LOGIN_VERIFIED);
    serve([paid()]);
    renderRoutes('/payment/failure?subscription_id=sub-9&reason=Payment%20failed.');
    await waitFor(() => expect(screen.getByTestId('payment-state').dataset.state).toBe('active'), { timeout: 5000 });
    const state = screen.getByTestId('payment-state');
    expect(state.textContent).toContain('Premium is active');
    expect(state.textContent).not.toContain('did not go through');
  });
});
