import { SERVICE_FEATURES, notAvailableYet } from '@nivesh/proto';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PENDING } from '../../../lib/pending';
import { reload } from '../../../lib/session';
import { notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { PremiumPreviewModal } from './premium-preview-modal';
import { PremiumTicker } from './premium-ticker';
import { PREMIUM_WIDGET_TEXTS } from './premium-widget-texts';

/**
 * Claims the premium texts may make only while the feature behind them exists. Prices are end-of-day bars (the
 * market service imports daily closes; no live feed exists); alerts and optimisation belong to the portfolio.
 */
const LIVE_PRICES_EXIST = false;
const CLAIMS: Array<{ words: RegExp; exists: boolean }> = [
  { words: /real[- ]?time/i, exists: LIVE_PRICES_EXIST },
  { words: /live (?:nse )?(?:prices?|data|quotes?)|as the market moves/i, exists: LIVE_PRICES_EXIST },
  { words: /price alerts?/i, exists: !('portfolio' in PENDING) },
  { words: /portfolio optimi[sz]ation/i, exists: !('portfolio' in PENDING) },
  // TrendVision's forecasts are open to everyone; Premium's longer horizon is not built, so Premium claims none.
  { words: /ai predictions|trendvision|forecasts/i, exists: false },
];

const unkeptClaims = (text: string) => CLAIMS.filter((claim) => !claim.exists && claim.words.test(text)).map((claim) => String(claim.words));

describe('premium copy promises only what exists', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('in its texts', () => {
    expect(unkeptClaims(JSON.stringify(PREMIUM_WIDGET_TEXTS))).toEqual([]);
  });

  it('on /premium, its title and description included', async () => {
    stubFetch(() => notFound());
    renderRoutes('/premium');
    const card = await screen.findByRole('region', { name: 'Nivesh Premium' }, { timeout: 5000 });
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    expect(unkeptClaims(`${document.title} ${description} ${screen.getByRole('main').textContent}`)).toEqual([]);
    expect(card.textContent).toContain('Premium subscriptions are not available yet.');
  });

  it('in the preview modal and the ticker', () => {
    render(
      <MemoryRouter>
        <PremiumTicker />
        <PremiumPreviewModal open onOpenChange={() => undefined} />
      </MemoryRouter>,
    );
    expect(unkeptClaims(document.body.textContent ?? '')).toEqual([]);
    expect(screen.getByRole('dialog').textContent).toContain('₹200 per month');
  });

  it('and says what the server says about what is not built', () => {
    expect(PENDING.premium).toBe(notAvailableYet(SERVICE_FEATURES.premium));
  });
});
