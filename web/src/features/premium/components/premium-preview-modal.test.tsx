import { PREMIUM_TOOL_LIST } from '@nivesh/proto/premium-tools';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { clearSession, startSession } from '../../../lib/session';
import { LOGIN_VERIFIED, PREMIUM_UNTIL, json, notFound, premiumStatus, stubFetch } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/providers';
import { PremiumPreviewModal } from './premium-preview-modal';
import { PREMIUM_MONTHLY_PRICE } from './premium-widget-texts';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>Dashboard page</p>
      <PremiumPreviewModal open={open} onOpenChange={setOpen} />
    </>
  );
}

const renderModal = () => {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Harness /> },
      { path: '/premium', element: <p>Premium page</p> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

describe('PremiumPreviewModal', () => {
  beforeEach(() => {
    clearSession();
  });

  it('lists only what Premium does today, no advertisements and the premium tools, and the price of ₹200 per month', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Nivesh Premium' });
    const features = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(features).toEqual(['No advertisements', ...PREMIUM_TOOL_LIST.map((tool) => tool.name)]);
    for (const tool of PREMIUM_TOOL_LIST) expect(within(dialog).getByText(tool.description)).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/not available/i);
    expect(PREMIUM_MONTHLY_PRICE).toBe('₹200');
    expect(dialog.querySelector('.premium-price')?.textContent).toBe('₹200 per month');
  });

  it("has 'Maybe Later', 'Close' and 'Upgrade Now'", () => {
    renderModal();
    for (const name of ['Maybe Later', 'Close', 'Upgrade Now']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it("goes to /premium and closes with 'Upgrade Now'", () => {
    const router = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    expect(router.state.location.pathname).toBe('/premium');
    expect(screen.getByText('Premium page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(['Maybe Later', 'Close'])("closes and stays on the page with '%s'", (name) => {
    const router = renderModal();
    fireEvent.click(screen.getByRole('button', { name }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Dashboard page')).toBeTruthy();
  });

  it("offers no 'Upgrade Now' while premium is active on this device", async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch((call) => (call.url.startsWith('/api/premium/status') ? json(premiumStatus()) : notFound()));
    renderModal();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upgrade Now' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Maybe Later' })).toBeTruthy();
  });

  it("offers only 'Use Premium on this device' on a device in conflict, which moves premium here", async () => {
    startSession({ ...LOGIN_VERIFIED, is_premium: true, premium_expires_at: PREMIUM_UNTIL });
    let status = premiumStatus({ device_allowed: false });
    const { callsTo } = stubFetch((call) => {
      if (call.url === '/api/premium/device') {
        status = premiumStatus();
        return json(status);
      }
      return call.url.startsWith('/api/premium/status') ? json(status) : notFound();
    });
    const router = renderModal();
    const move = await screen.findByRole('button', { name: 'Use Premium on this device' });
    expect(screen.queryByRole('button', { name: 'Upgrade Now' })).toBeNull();
    fireEvent.click(move);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Use Premium on this device' })).toBeNull());
    expect(callsTo('/api/premium/device')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Upgrade Now' })).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });
});
