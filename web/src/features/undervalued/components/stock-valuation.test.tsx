import { screen, within } from '@testing-library/react';
import { LOGIN_VERIFIED, json, stubFetch } from '../../../testing/fetch-mock';
import type { FetchCall } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { MEASURE_MEANINGS, TTM_METHODS, UNDERVALUED_TEXTS, bankNotice } from '../texts';
import {
  HDFCBANK_PB_REASON,
  HDFCBANK_ROE_REASON,
  HDFCBANK_VALUATION,
  RELIANCE_VALUATION,
  ZEEL,
  fundamentalsServer,
} from '../testing/fixtures';
import type { ValuationChartProps } from './valuation-chart';

// jsdom has no canvas: the lazily loaded chart is replaced by what the page hands it.
vi.mock('./valuation-chart-canvas', () => ({
  default: ({ history, filings }: ValuationChartProps) => (
    <div data-testid="valuation-canvas" data-weeks={history.length} data-filings={filings.length} />
  ),
}));

type Server = Parameters<typeof fundamentalsServer>[0];

const openValuation = async (symbol: string, routes: Server = {}) => {
  const fetch = stubFetch(fundamentalsServer(routes));
  renderRoutes(`/undervalued-analytics?symbol=${encodeURIComponent(symbol)}`);
  // The first test loads the page's lazy chunk, which can take more than the default second on a busy machine.
  const panel = await screen.findByTestId('stock-valuation', {}, { timeout: 5000 });
  return { ...fetch, panel };
};

const valuationCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/fundamentals/stock')).map((call) => call.url);

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('a stock’s valuation on Undervalued Analytics', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession(LOGIN_VERIFIED);
  });

  it('shows nothing of a stock until the address names one', async () => {
    stubFetch(fundamentalsServer());
    renderRoutes('/undervalued-analytics');
    await screen.findByRole('region', { name: UNDERVALUED_TEXTS.resultsTitle }, { timeout: 5000 });
    expect(screen.queryByTestId('stock-valuation')).toBeNull();
  });

  it('lists the filings newest first, with revenue and profit in ₹ crore and EPS as filed and in today’s shares', async () => {
    const { panel, calls } = await openValuation('reliance');
    expect(
      await within(panel).findByRole('heading', { level: 2, name: 'Reliance Industries Ltd. — valuation' }),
    ).toBeTruthy();
    expect(valuationCalls(calls)).toEqual(['/api/fundamentals/stock?symbol=RELIANCE']);

    const table = within(panel).getByRole('table', { name: UNDERVALUED_TEXTS.filingsCaption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Period',
      'Published',
      'Revenue, ₹\u00a0crore',
      'Profit, ₹\u00a0crore',
      'EPS as filed',
      'EPS in today’s shares',
      'Adjustment',
    ]);
    const bonus = 'Divided by 2 for the 1:1 bonus issue of 2024-10-28.';
    expect(rowTexts(table)).toEqual([
      ['Q3 FY2024 consolidated', '19 Jan 2024', '6,90,892', '51,975', '₹76.81', '₹38.41', bonus],
      ['H1 FY2024 consolidated', '27 Oct 2023', '4,56,986', '34,781', '₹51.41', '₹25.71', bonus],
      ['FY2023 consolidated', '21 Apr 2023', '8,77,835', '66,702', '₹98.59', '₹49.30', bonus],
      ['Q3 FY2023 consolidated', '20 Jan 2023', '—', '48,720', '₹72.01', '₹36.01', bonus],
    ]);
    expect(panel.textContent).toContain(RELIANCE_VALUATION.basis_note);
    expect(panel.textContent).toContain(UNDERVALUED_TEXTS.credit);
  });

  it('shows today’s measures against their medians, TTM EPS and how it was formed, book value and the Graham number', async () => {
    const { panel } = await openValuation('RELIANCE');
    const today = await within(panel).findByRole('table', { name: /Today’s measures of Reliance Industries Ltd\./ });
    expect(rowTexts(today)[0]).toEqual(['P/E', '29.2', '26.4', '8.1']);
    expect(rowTexts(today)[5]).toEqual(['Revenue growth', '+1.9%', '+16.4%', '−3.8%']);
    expect(panel.textContent).toContain('₹101.80 (last annual results plus this year to date)');
    expect(panel.textContent).toContain('₹1,176.20');
    expect(panel.textContent).toContain('₹1,641.10');
    expect(panel.textContent).toContain(UNDERVALUED_TEXTS.grahamMeaning);
    expect(panel.textContent).toContain('The close of ₹2,971.90 is 1.8 times the Graham number.');
    expect(panel.textContent).toContain('Close ₹2,971.90 on 28 Mar 2024');
  });

  it('draws P/E and P/B over time with the filings marked, described in words', async () => {
    const { panel } = await openValuation('RELIANCE');
    const canvas = await within(panel).findByTestId('valuation-canvas');
    expect(canvas.dataset.weeks).toBe(String(RELIANCE_VALUATION.history.length));
    expect(canvas.dataset.filings).toBe('4');
    const label = within(panel).getByTestId('valuation-chart').getAttribute('aria-label') ?? '';
    expect(label).toMatch(
      /^P\/E and P\/B over time\. P\/E: [\d.]+ on 6 Jan 2023, 29\.2 on 28 Mar 2024; low [\d.]+, high [\d.]+\. P\/B: .* 4 weeks with filings marked\.$/,
    );
  });

  it('says what each ratio means and where it misleads', async () => {
    const { panel } = await openValuation('RELIANCE');
    const meanings = await within(panel).findByRole('region', { name: UNDERVALUED_TEXTS.meaningsTitle });
    expect(
      within(meanings)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'P/E',
      'P/B',
      'Earnings yield',
      'ROE',
      'Net margin',
      'Revenue growth',
      'Profit growth',
      'Debt-to-equity',
      'Dividend payout',
    ]);
    expect(meanings.textContent).toContain(MEASURE_MEANINGS.pe.limits);
    expect(meanings.textContent).toMatch(/Cyclical companies .* lowest P\/E when profits are at a peak/);
    expect(within(meanings).queryByTestId('bank-notice')).toBeNull();
  });

  it('tells plainly that a bank is read on P/B and ROE, and why, with those first and in bold', async () => {
    const { panel } = await openValuation('HDFCBANK');
    const meanings = await within(panel).findByRole('region', { name: UNDERVALUED_TEXTS.meaningsTitle });
    expect(within(meanings).getByTestId('bank-notice').textContent).toBe(bankNotice('HDFC Bank Ltd.'));
    expect(bankNotice('HDFC Bank Ltd.')).toMatch(/^HDFC Bank Ltd\. is a bank\. For banks, read P\/B and ROE: /);
    expect(
      within(meanings)
        .getAllByRole('term')
        .map((term) => term.textContent)
        .slice(0, 2),
    ).toEqual(['P/B', 'ROE']);

    const today = within(panel).getByRole('table', { name: /Today’s measures/ });
    const bold = today.querySelectorAll('tr.key-measure th');
    expect([...bold].map((cell) => cell.textContent)).toEqual(['P/B', 'ROE']);
    const debt = within(today).getByRole('rowheader', { name: 'Debt-to-equity' }).closest('tr')!;
    expect(debt.textContent).toContain('Debt-to-equity does not apply to banks');
    expect(within(panel).getAllByText('Bank').length).toBeGreaterThan(0);
    const filings = within(panel).getByRole('table', { name: UNDERVALUED_TEXTS.filingsCaption });
    expect(rowTexts(filings)[0]).toEqual([
      'Q3 FY2024 standalone',
      '16 Jan 2024',
      '2,20,877',
      '44,347',
      '₹58.76',
      '₹58.76',
      UNDERVALUED_TEXTS.noAdjustment,
    ]);
  });

  it('says in sentences why a merged bank has no P/B or ROE yet, and that its EPS is the quarters since the merger', async () => {
    const { panel } = await openValuation('HDFCBANK');
    const today = await within(panel).findByRole('table', { name: /Today’s measures/ });
    const row = (name: string) => within(today).getByRole('rowheader', { name }).closest('tr')!;
    expect([...row('P/B').querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      `—${HDFCBANK_PB_REASON}`,
      '3.35',
      '2.08',
    ]);
    expect(within(row('ROE')).getByText(HDFCBANK_ROE_REASON).className).toBe('measure-reason');
    expect(HDFCBANK_PB_REASON).toMatch(
      /^HDFC Bank’s amalgamation of HDFC Ltd\. took effect on 1 July 2023\. Book value comes only from a balance sheet dated after it/,
    );
    expect(within(row('P/E')).getAllByRole('cell')[0]!.textContent).toBe('16.1');
    expect(panel.textContent).toContain(`₹89.96 (${TTM_METHODS.annualised_since_merger})`);
    expect(panel.textContent).toContain('Book value per share—');
    expect(panel.textContent).toContain(UNDERVALUED_TEXTS.grahamMissing);
    expect(within(panel).getByText(HDFCBANK_VALUATION.basis_note).textContent).toMatch(
      /took effect on 1 July 2023 \(42 HDFC Bank shares for every 25 HDFC Ltd\. shares\)\. From that day the measures use only results and balance sheets from after it/,
    );
  });

  it('says in one sentence how ROE is computed: on the average of the opening and closing equity', async () => {
    const { panel } = await openValuation('RELIANCE');
    const meanings = await within(panel).findByRole('region', { name: UNDERVALUED_TEXTS.meaningsTitle });
    const roe = within(meanings).getByText(MEASURE_MEANINGS.roe.meaning);
    expect(roe.textContent).toMatch(
      /^Net profit over the twelve months to the latest balance sheet divided by the average of shareholders’ equity at the start and the end of those months/,
    );
    expect(roe.textContent!.split('. ')).toHaveLength(1);
  });

  it('says why a loss-maker has no P/E and no Graham number', async () => {
    const { panel } = await openValuation('ZEEL', {
      valuation: () =>
        json({
          ...RELIANCE_VALUATION,
          latest: ZEEL,
          history: [{ date: '2024-03-28', pe: null, pb: 1.21 }],
          filings: [],
        }),
    });
    const today = await within(panel).findByRole('table', { name: /Today’s measures/ });
    expect(rowTexts(today)[0]).toEqual([
      'P/E',
      '—The company made a loss over the last twelve months, so P/E has no meaning.',
      '24.6',
      '24.6',
    ]);
    expect(panel.textContent).toContain(UNDERVALUED_TEXTS.grahamMissing);
    expect(panel.textContent).toContain(UNDERVALUED_TEXTS.noFilings);
  });

  it('says in a sentence when the address names a stock the server does not know', async () => {
    const { panel } = await openValuation('NOPE');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toBe('Could not load the valuation of NOPE: We have no stock with the symbol NOPE.');
    // A refusal is not asked again.
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('NOPE — valuation');
  });
});
