import { fireEvent, screen, within } from '@testing-library/react';
import { LOGIN_VERIFIED, ME, json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';

const planCard = () => screen.findByRole('region', { name: 'Nivesh Premium' }, { timeout: 5000 });

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
    expect(within(card).getByTestId('premium-not-available').textContent).toBe('Premium subscriptions are not available yet.');
    fireEvent.click(within(card).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 5000 })).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/premium/subscribe')).toBe(false);
  });

  it("subscribes with this device and shows the server's detail when it refuses", async () => {
    const session = startSession(LOGIN_VERIFIED);
    const { callsTo } = stubFetch((call) => {
      if (call.url === '/me') return json(ME);
      if (call.url === '/api/premium/subscribe') return json({ detail: 'Premium subscriptions are not available yet' }, 501);
      return notFound();
    });
    renderRoutes('/premium');
    const card = await planCard();
    fireEvent.click(within(card).getByRole('button', { name: 'Subscribe' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Premium subscriptions are not available yet');
    const [call] = callsTo('/api/premium/subscribe');
    expect(call.method).toBe('POST');
    expect(call.headers.Authorization).toBe('Bearer token-abc');
    expect(call.body).toEqual({ plan_id: 'premium_monthly', device_fingerprint: session.device_id, ip_address: 'unknown' });
  });

  it('tells premium users they already have it', async () => {
    startSession({ ...LOGIN_VERIFIED, is_premium: true });
    stubFetch((call) => (call.url === '/me' ? json({ ...ME, is_premium: true }) : notFound()));
    renderRoutes('/premium');
    const card = await planCard();
    expect(within(card).queryByRole('button', { name: 'Subscribe' })).toBeNull();
    expect(card.textContent).toContain('You already have Premium');
  });
});
