import { screen, within } from '@testing-library/react';
import { LOGIN_VERIFIED, json, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { UNDERVALUED_TEXTS } from '../texts';
import { BACKTEST, fundamentalsServer } from '../testing/fixtures';

type Server = Parameters<typeof fundamentalsServer>[0];

const openBacktest = async (routes: Server = {}) => {
  stubFetch(fundamentalsServer(routes));
  renderRoutes('/undervalued-analytics');
  // The first test loads the page's lazy chunk, which can take more than the default second on a busy machine.
  return screen.findByRole('region', { name: UNDERVALUED_TEXTS.backtestTitle }, { timeout: 5000 });
};

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('How has cheapness done?', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession(LOGIN_VERIFIED);
  });

  it('says what the stocks are ranked by and lists each year’s quintiles against NIFTY 50, the partial year marked', async () => {
    const section = await openBacktest();
    expect(await within(section).findByText(BACKTEST.signal)).toBeTruthy();
    expect(section.textContent).toContain(UNDERVALUED_TEXTS.backtestLead);
    const years = within(section).getByRole('table', { name: UNDERVALUED_TEXTS.yearsCaption });
    expect(
      within(years)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Formed on', 'Ends on', 'Stocks', 'NIFTY 50', 'Q1 (cheapest)', 'Q2', 'Q3', 'Q4', 'Q5 (most expensive)']);
    expect(rowTexts(years)[0]).toEqual([
      '1 Jul 2019',
      '30 Jun 2020',
      '45',
      '−13.4%',
      '−24.1%',
      '−12.6%',
      '−9.8%',
      '−4.2%',
      '+1.7%',
    ]);
    expect(rowTexts(years)[4]).toEqual([
      '3 Jul 2023',
      '28 Mar 2024 (partial)',
      '47',
      '+15.3%',
      '+31.2%',
      '+22.5%',
      '+14.9%',
      '+12.3%',
      '+9.6%',
    ]);
    expect(section.textContent).toContain(UNDERVALUED_TEXTS.partialNote);
  });

  it('sums up each quintile over the full years', async () => {
    const section = await openBacktest();
    const summary = await within(section).findByRole('table', { name: UNDERVALUED_TEXTS.summaryCaption });
    expect(rowTexts(summary)).toEqual([
      ['Quintile 1 (cheapest)', '+25.7%', '+9.8%', '3 of 4'],
      ['Quintile 2', '+18.2%', '+2.3%', '2 of 4'],
      ['Quintile 3', '+13.7%', '−2.3%', '2 of 4'],
      ['Quintile 4', '+15.2%', '−0.7%', '2 of 4'],
      ['Quintile 5 (most expensive)', '+12.5%', '−3.4%', '1 of 4'],
    ]);
  });

  it('lists the caveats word for word as the server gives them', async () => {
    const section = await openBacktest();
    const caveats = await within(section).findByRole('region', { name: UNDERVALUED_TEXTS.caveatsTitle });
    expect(
      within(caveats)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(BACKTEST.caveats);
  });

  it('says so when no year could be ranked, and still gives the caveats', async () => {
    const section = await openBacktest({ backtest: () => json({ ...BACKTEST, years: [], summary: [] }) });
    expect(await within(section).findByText(UNDERVALUED_TEXTS.backtestEmpty)).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
    expect(within(section).getAllByRole('listitem')).toHaveLength(BACKTEST.caveats.length);
  });

  it('says in a sentence when the back-test cannot be loaded', async () => {
    const section = await openBacktest({
      backtest: () => json({ detail: 'Your session has expired. Please log in again.' }, 403),
    });
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Could not load the back-test: Your session has expired. Please log in again.',
    );
  });
});
