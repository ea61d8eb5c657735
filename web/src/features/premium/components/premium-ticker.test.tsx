import { PREMIUM_TOOL_LIST } from '@nivesh/proto/premium-tools';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { clearSession, startSession } from '../../../lib/session';
import { PREMIUM_UNTIL, json, never, premiumStatus, stubFetch } from '../../../testing/fetch-mock';
import type { FetchHandler } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/providers';
import { PremiumTicker } from './premium-ticker';
import { PREMIUM_WIDGET_TEXTS } from './premium-widget-texts';

const logIn = (is_premium: boolean) =>
  startSession({
    access_token: 'token-1',
    user_id: 'user-1',
    username: 'asha',
    is_admin: false,
    is_premium,
    premium_expires_at: is_premium ? PREMIUM_UNTIL : null,
  });

/** The premium status call: unanswered unless a test answers it, so the stored flag and its expiry decide. */
const renderTicker = (server: FetchHandler = () => never()) => {
  stubFetch(server);
  return renderWithProviders(
    <MemoryRouter>
      <PremiumTicker />
    </MemoryRouter>,
  );
};

describe('PremiumTicker', () => {
  afterEach(() => {
    clearSession();
  });

  it('is shown to visitors, with a link to /premium', () => {
    renderTicker();
    expect(screen.getByRole('region', { name: 'Premium benefits' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /Go Premium/ });
    expect(link.getAttribute('href')).toBe('/premium');
    expect(link.textContent).toContain('₹200');
  });

  it('is shown to logged-in users without premium', () => {
    logIn(false);
    renderTicker();
    expect(screen.getByRole('region', { name: 'Premium benefits' })).toBeTruthy();
  });

  it('is hidden for premium users (the stored flag, while the server has not answered)', () => {
    logIn(true);
    const { container } = renderTicker();
    expect(screen.queryByRole('region', { name: 'Premium benefits' })).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('is hidden when the server says premium is active on this device', async () => {
    logIn(false);
    renderTicker(() => json(premiumStatus()));
    expect(screen.getByRole('region', { name: 'Premium benefits' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Premium benefits' })).toBeNull());
  });

  it("is not shown to a premium account on a device in conflict: its 'Go Premium' would ask for a second payment", async () => {
    // The stored flag says no premium, so the ticker shows until the server says the account has it elsewhere.
    logIn(false);
    const { calls } = stubFetch(() => json(premiumStatus({ device_allowed: false })));
    renderWithProviders(
      <MemoryRouter>
        <PremiumTicker />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Premium benefits' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Premium benefits' })).toBeNull());
    expect(screen.queryByRole('link', { name: /Go Premium/ })).toBeNull();
    expect(calls[0].url).toMatch(/^\/api\/premium\/status\?device_fingerprint=.+&ip_address=unknown$/);
  });

  it('hides when the user becomes premium', () => {
    logIn(false);
    renderTicker();
    expect(screen.getByRole('region')).toBeTruthy();
    act(() => {
      logIn(true);
    });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('lets screen readers read each benefit once; the loop copy is aria-hidden', () => {
    renderTicker();
    const lists = document.querySelectorAll('.premium-ticker-list');
    expect(lists).toHaveLength(2);
    expect(lists[0].getAttribute('aria-hidden')).toBeNull();
    expect(lists[1].getAttribute('aria-hidden')).toBe('true');
    expect(lists[1].querySelector('a, button, [tabindex]')).toBeNull();
    for (const item of PREMIUM_WIDGET_TEXTS.tickerItems) {
      expect(screen.getAllByRole('listitem').filter((li) => li.textContent === item)).toHaveLength(1);
    }
  });

  it('names each premium tool among the benefits', () => {
    renderTicker();
    const benefits = screen.getByRole('region', { name: 'Premium benefits' }).querySelector('.premium-ticker-list:not([aria-hidden])');
    const items = Array.from(benefits?.querySelectorAll('li') ?? [], (li) => li.textContent);
    expect(items.filter((item) => PREMIUM_TOOL_LIST.some((tool) => tool.name === item))).toEqual(PREMIUM_TOOL_LIST.map((tool) => tool.name));
    expect(items).toContain('Research without advertisements');
  });

  it('can be paused', () => {
    renderTicker();
    const toggle = screen.getByRole('button', { name: 'Pause premium benefits ticker' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('region').classList.contains('is-paused')).toBe(true);
  });
});
