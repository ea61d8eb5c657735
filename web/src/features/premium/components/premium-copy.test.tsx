import { PREMIUM_TOOL_LIST } from '@nivesh/proto/premium-tools';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { reload } from '../../../lib/session';
import { notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/providers';
import { renderRoutes } from '../../../testing/render';
import { PremiumPreviewModal } from './premium-preview-modal';
import { PremiumTicker } from './premium-ticker';
import { DEVICE_CONFLICT_TEXTS, PREMIUM_PAGE_TEXTS, PREMIUM_WIDGET_TEXTS } from './premium-widget-texts';

/**
 * Claims the premium texts may make only while the feature behind them exists. Prices are end-of-day bars (the
 * market service imports daily closes; no live feed exists); alerts and optimisation belong to the portfolio.
 */
const LIVE_PRICES_EXIST = false;
/** Forecasts are a premium claim only while a premium tool is one (TrendVision's 10-day forecast is free to all). */
const PREMIUM_FORECASTS_EXIST = PREMIUM_TOOL_LIST.some((tool) => /forecast/i.test(`${tool.name} ${tool.description}`));
const CLAIMS: Array<{ words: RegExp; exists: boolean }> = [
  { words: /real[- ]?time/i, exists: LIVE_PRICES_EXIST },
  { words: /live (?:nse )?(?:prices?|data|quotes?)|as the market moves/i, exists: LIVE_PRICES_EXIST },
  // The portfolio's price alerts exist; it offers an educational what-if of two textbook mixes, not "optimisation".
  { words: /price alerts?/i, exists: true },
  { words: /portfolio optimi[sz]ation/i, exists: false },
  { words: /ai predictions|trendvision|forecasts/i, exists: PREMIUM_FORECASTS_EXIST },
];

/** The copy's features: no advertisements, then exactly the premium tools proto lists, in its order. */
const FEATURE_TITLES = ['No advertisements', ...PREMIUM_TOOL_LIST.map((tool) => tool.name)];

const unkeptClaims = (text: string) => CLAIMS.filter((claim) => !claim.exists && claim.words.test(text)).map((claim) => String(claim.words));

describe('premium copy promises only what exists', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('in its texts', () => {
    expect(unkeptClaims(JSON.stringify([PREMIUM_WIDGET_TEXTS, PREMIUM_PAGE_TEXTS, DEVICE_CONFLICT_TEXTS]))).toEqual([]);
  });

  it('on /premium, its title and description included', async () => {
    stubFetch(() => notFound());
    renderRoutes('/premium');
    const card = await screen.findByRole('region', { name: 'Nivesh Premium' }, { timeout: 5000 });
    // The page sets its title and description in an effect, which may run after the card first shows.
    await waitFor(() => expect(document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '').toContain('no advertisements'));
    await waitFor(() => expect(document.title).not.toBe('Nivesh'));
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    expect(unkeptClaims(`${document.title} ${description} ${screen.getByRole('main').textContent}`)).toEqual([]);
    // Premium exists: the page offers it, and no longer says it is not available.
    expect(card.textContent).not.toMatch(/not available/i);
    expect(description).toMatch(/^Nivesh Premium: no advertisements/);
    expect(description).toContain('on one device at a time, for ₹200 per month.');
    for (const tool of PREMIUM_TOOL_LIST) expect(description).toContain(tool.name);
  });

  it('in the preview modal and the ticker', () => {
    renderWithProviders(
      <MemoryRouter>
        <PremiumTicker />
        <PremiumPreviewModal open onOpenChange={() => undefined} />
      </MemoryRouter>,
    );
    expect(unkeptClaims(document.body.textContent ?? '')).toEqual([]);
    expect(screen.getByRole('dialog').textContent).toContain('₹200 per month');
    expect(document.body.textContent).not.toMatch(/not available/i);
  });

  it('promises no advertisements, the premium tools and one device at a time, and nothing else', () => {
    const texts = JSON.stringify(PREMIUM_WIDGET_TEXTS);
    expect(PREMIUM_WIDGET_TEXTS.features.map((feature) => feature.title)).toEqual(FEATURE_TITLES);
    // Each tool in its own words, with the page it lives on.
    for (const tool of PREMIUM_TOOL_LIST) {
      expect(PREMIUM_WIDGET_TEXTS.features.find((feature) => feature.id === tool.id)).toEqual({ id: tool.id, title: tool.name, text: tool.description, path: tool.path });
    }
    expect(texts).toMatch(/one device at a time/i);
    expect(texts).not.toMatch(/not available/i);
  });

  it('names every premium tool in the leads and the ticker', () => {
    for (const tool of PREMIUM_TOOL_LIST) {
      expect(PREMIUM_WIDGET_TEXTS.previewLead).toContain(tool.name);
      expect(PREMIUM_PAGE_TEXTS.lead).toContain(tool.name);
      expect(PREMIUM_WIDGET_TEXTS.tickerItems).toContain(tool.name);
    }
  });
});
