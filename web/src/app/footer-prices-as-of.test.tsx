import { screen } from '@testing-library/react';
import { reload } from '../lib/session';
import { json, notFound, stubFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

describe('footer', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('dates the prices on every page, here About Us', async () => {
    stubFetch((call) =>
      call.url.startsWith('/api/market/status') ? json({ as_of: '2024-03-28', symbols: 48, bars: 270660, first_date: '1995-11-03' }) : notFound(),
    );
    renderRoutes('/about');
    expect((await screen.findByTestId('footer-prices-as-of')).textContent).toBe(' · NSE prices as of 28 Mar 2024 (end of day)');
  });

  it('says nothing about prices while none are stored', async () => {
    stubFetch((call) =>
      call.url.startsWith('/api/market/status') ? json({ as_of: null, symbols: 0, bars: 0, first_date: null }) : notFound(),
    );
    renderRoutes('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Nivesh' });
    expect(screen.queryByTestId('footer-prices-as-of')).toBeNull();
  });
});
