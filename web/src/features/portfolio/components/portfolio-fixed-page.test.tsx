import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reload, startSession } from '../../../lib/session';
import { LOGIN_VERIFIED, json, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { ALERT_TEXTS, PORTFOLIO_TEXTS, RISK_TEXTS, WHAT_IF_TEXTS } from '../texts';
import { EXAMPLE, EXAMPLE_TEXT, portfolioServer } from '../testing/fixtures';
import type { ValueChartProps } from './value-chart';

vi.mock('./value-chart-canvas', () => ({
  default: ({ series }: ValueChartProps) => <div data-testid="value-canvas" data-weeks={series.length} />,
}));

type Server = Parameters<typeof portfolioServer>[0];

const openPage = async (routes: Server = {}) => {
  const fetch = stubFetch(portfolioServer(routes));
  const view = renderRoutes('/portfolio-fixed');
  await screen.findByRole('heading', { level: 1, name: PORTFOLIO_TEXTS.exampleTitle }, { timeout: 5000 });
  const holdings = await screen.findByRole('region', { name: PORTFOLIO_TEXTS.holdingsTitle }, { timeout: 5000 });
  return { ...fetch, ...view, holdings };
};

describe('/portfolio-fixed', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('says plainly it is an example, in the server’s words, and asks visitors to log in for their own', async () => {
    const { callsTo } = await openPage();
    const banner = screen.getByTestId('example-banner');
    expect(banner.textContent).toContain(`${EXAMPLE_TEXT} ${PORTFOLIO_TEXTS.exampleLogIn}`);
    expect(callsTo('/api/portfolio/example')[0]?.headers.Authorization).toBeUndefined();
    fireEvent.click(within(banner).getByRole('button', { name: PORTFOLIO_TEXTS.logIn }));
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('falls back to its own sentence, and sends a logged-in user to their own portfolio', async () => {
    startSession(LOGIN_VERIFIED);
    await openPage({ example: () => json({ ...EXAMPLE, example: null }) });
    const banner = screen.getByTestId('example-banner');
    expect(banner.textContent).toBe(
      'This is an example portfolio: ten stocks bought on one day. Your own portfolio is on the Portfolio page.',
    );
    expect(within(banner).getByRole('link', { name: 'Portfolio page' }).getAttribute('href')).toBe('/portfolio');
    expect(within(banner).queryByRole('button')).toBeNull();
  });

  it('shows the ten holdings read-only: no import, no form, no delete', async () => {
    const { holdings, callsTo } = await openPage();
    const table = within(holdings).getByRole('table');
    expect(within(table).getAllByRole('rowheader')).toHaveLength(11);
    expect(within(holdings).getByTestId('portfolio-as-of').textContent).toBe(
      'Prices as of 28 Mar 2024 (end of day, NSE)',
    );
    expect(screen.getByTestId('xirr-sentence').textContent).toBe(
      'This portfolio earned 25.7\u00a0% a year; the same payments into NIFTY 50 would have earned 29.0\u00a0% a year.',
    );
    const performance = screen.getByRole('region', { name: PORTFOLIO_TEXTS.performanceTitle });
    expect(within(performance).getByText(PORTFOLIO_TEXTS.realisedEmpty)).toBeTruthy();
    expect(screen.getByRole('region', { name: PORTFOLIO_TEXTS.allocationTitle })).toBeTruthy();
    const risk = screen.getByRole('region', { name: RISK_TEXTS.title });
    expect(within(risk).getByTestId('risk-window').textContent).toBe(
      'Based on the last year of daily closes, to 28 Mar 2024 (247 daily returns).',
    );
    expect(within(within(risk).getByRole('table')).getAllByRole('rowheader')).toHaveLength(10);
    // The premium what-if and the alerts are the user's own, not the example's.
    expect(screen.queryByRole('region', { name: WHAT_IF_TEXTS.title })).toBeNull();
    expect(screen.queryByRole('region', { name: ALERT_TEXTS.title })).toBeNull();

    expect(screen.queryByRole('region', { name: PORTFOLIO_TEXTS.importTitle })).toBeNull();
    expect(screen.queryByRole('region', { name: PORTFOLIO_TEXTS.addTitle })).toBeNull();
    expect(screen.queryByRole('region', { name: PORTFOLIO_TEXTS.transactionsTitle })).toBeNull();
    expect(screen.queryByLabelText(PORTFOLIO_TEXTS.importFile)).toBeNull();
    expect(screen.queryByRole('button', { name: /delete|import|add transaction/i })).toBeNull();
    expect(callsTo('/api/portfolio')).toHaveLength(0);
    expect(callsTo('/api/portfolio/transactions')).toHaveLength(0);
    expect(callsTo('/api/portfolio/what-if')).toHaveLength(0);
    expect(callsTo('/api/portfolio/alerts')).toHaveLength(0);
    // The page sets its title in an effect, which may run a moment after its content shows.
    await waitFor(() => expect(document.title).toBe('Portfolio Overview | Nivesh'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      PORTFOLIO_TEXTS.exampleDescription,
    );
  });
});
