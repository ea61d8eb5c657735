import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOGIN_VERIFIED, json, stubFetch } from '../../../testing/fetch-mock';
import type { FetchCall } from '../../../testing/fetch-mock';
import { stubViewport } from '../../../testing/match-media';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { UNDERVALUED_TEXTS } from '../texts';
import {
  BANK_DEBT_REASON,
  HDFCBANK_PB_REASON,
  HDFCBANK_ROE_REASON,
  SCREENER,
  TATAMOTORS_UNAVAILABLE,
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

const openPage = async (path = '/undervalued-analytics', routes: Server = {}) => {
  const fetch = stubFetch(fundamentalsServer(routes));
  const view = renderRoutes(path);
  // The first test loads the page's lazy chunk, which can take more than the default second on a busy machine.
  const results = await screen.findByRole('region', { name: UNDERVALUED_TEXTS.resultsTitle }, { timeout: 5000 });
  return { ...fetch, ...view, results, form: screen.getByRole('region', { name: UNDERVALUED_TEXTS.screenerTitle }) };
};

const screenerCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/fundamentals/screener')).map((call) => call.url);

const symbols = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getAllByRole('link')[0]!.textContent);

const header = (table: HTMLElement, name: string) =>
  within(table)
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .closest('th')!;

describe('Undervalued Analytics screener', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession(LOGIN_VERIFIED);
  });

  it('lists every stock with each measure against its 5-year and sector medians, the filing behind it, and links to its pages', async () => {
    const { results, calls } = await openPage();
    const table = await within(results).findByRole('table', { name: /Stocks that pass the filters/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual([
      'Company',
      'P/E',
      'P/B',
      'Earnings yield',
      'ROE',
      'Net margin',
      'Revenue growth',
      'Profit growth',
      'Debt-to-equity',
      'Dividend payout',
      'Filing',
    ]);
    expect(screenerCalls(calls)).toEqual(['/api/fundamentals/screener']);
    expect(calls.find((call) => call.url === '/api/fundamentals/screener')?.headers.Authorization).toBe(
      'Bearer token-abc',
    );
    expect(within(results).getByTestId('screener-summary').textContent).toBe(
      '5 of 48 stocks match · prices of 28 Mar 2024 · ratios from NSE filings published by then',
    );

    const infy = within(table).getByRole('link', { name: 'INFY' }).closest('tr')!;
    const cells = within(infy).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('25.45y median 27.8 · sector 28.3');
    expect(cells[2]!.textContent).toBe('3.9%5y median 3.6% · sector 3.5%');
    expect(cells[5]!.textContent).toBe('+4.7%5y median +12.9% · sector +5.2%');
    expect(cells[7]!.textContent).toBe('0.095y median — · sector 0.07');
    expect(cells[9]!.textContent).toBe('Q3 FY2024 · consolidated · published 11 Jan 2024');

    const infyHeader = within(infy).getByRole('rowheader');
    expect(within(infyHeader).getByRole('link', { name: 'INFY' }).getAttribute('href')).toBe(
      '/undervalued-analytics?symbol=INFY',
    );
    expect(within(infyHeader).getByRole('link', { name: 'Technical analysis of INFY' }).getAttribute('href')).toBe(
      '/technical-analysis?symbol=INFY',
    );
    expect(within(infyHeader).getByRole('link', { name: 'Risk detection of INFY' }).getAttribute('href')).toBe(
      '/risk-detection?symbol=INFY',
    );
    expect(infyHeader.textContent).toContain('Infosys Ltd.');
  });

  it('says why a value is missing, and marks banks with P/B and ROE in bold', async () => {
    const { results } = await openPage();
    const table = await within(results).findByRole('table', { name: /Stocks that pass the filters/ });
    const zeel = within(table).getByRole('link', { name: 'ZEEL' }).closest('tr')!;
    const pe = within(zeel).getAllByRole('cell')[0]!;
    expect(pe.textContent).toContain(
      'P/E: no figure. The company made a loss over the last twelve months, so P/E has no meaning.',
    );
    expect(pe.querySelector('[title]')?.getAttribute('title')).toBe(
      'The company made a loss over the last twelve months, so P/E has no meaning.',
    );

    const bank = within(table).getByRole('link', { name: 'HDFCBANK' }).closest('tr')!;
    expect(within(bank).getByRole('rowheader').textContent).toContain('Bank');
    const bankCells = within(bank).getAllByRole('cell');
    // After its merger HDFC Bank had no balance sheet yet: its P/B and ROE say why, in words.
    expect(bankCells.filter((cell) => cell.classList.contains('key-measure')).map((cell) => cell.textContent)).toEqual([
      `—P/B: no figure. ${HDFCBANK_PB_REASON}5y median 3.35 · banks 2.08`,
      `—ROE: no figure. ${HDFCBANK_ROE_REASON}5y median 16.2% · banks 14.9%`,
    ]);
    expect(bankCells[1]!.querySelector('[title]')?.getAttribute('title')).toBe(HDFCBANK_PB_REASON);
    expect(bankCells[7]!.textContent).toContain(BANK_DEBT_REASON);
    expect(within(results).getByText(UNDERVALUED_TEXTS.bankNote)).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'INFY' }).closest('th')!.textContent).not.toContain('Bank');
  });

  it('lists every stock that could not be judged with its reason', async () => {
    const unavailable = [
      TATAMOTORS_UNAVAILABLE,
      {
        symbol: 'HDFCBANK',
        company: 'HDFC Bank Ltd.',
        reason: 'No debt-to-equity: Debt-to-equity does not apply to banks: borrowing and deposits are their business.',
      },
    ];
    const { results } = await openPage('/undervalued-analytics?debt_to_equity_max=1', {
      screener: () => json({ ...SCREENER, rows: SCREENER.rows.filter((row) => !row.bank), unavailable }),
    });
    const notJudged = await within(results).findByRole('region', { name: UNDERVALUED_TEXTS.notJudgedTitle });
    expect(
      within(notJudged)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "TATAMOTORS Tata Motors Ltd.: NSE's financial results for Tata Motors Ltd. are not in the data Nivesh was given, so it cannot be valued.",
      'HDFCBANK HDFC Bank Ltd.: No debt-to-equity: Debt-to-equity does not apply to banks: borrowing and deposits are their business.',
    ]);
    expect(within(results).getByTestId('screener-summary').textContent).toMatch(/^4 of 48 stocks match/);
  });

  it('puts the filters into the address and the request, and clears them', async () => {
    const { form, calls, router } = await openPage();
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Highest P/E (price ÷ earnings per share)' }), {
      target: { value: '25' },
    });
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Lowest ROE (return on equity), %' }), {
      target: { value: '15' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(router.state.location.search).toBe('?pe_max=25&roe_min=15'));
    await waitFor(() =>
      expect(screenerCalls(calls)).toEqual([
        '/api/fundamentals/screener',
        '/api/fundamentals/screener?pe_max=25&roe_min=15',
      ]),
    );

    fireEvent.click(within(form).getByRole('link', { name: UNDERVALUED_TEXTS.clear }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The form shows the address' filters again, so its boxes are empty.
    await waitFor(() =>
      expect(
        (screen.getByRole('spinbutton', { name: 'Highest P/E (price ÷ earnings per share)' }) as HTMLInputElement)
          .value,
      ).toBe(''),
    );
  });

  it('reads the filters from a shared address into the boxes and the request, keeping the stock shown', async () => {
    const { form, calls, router } = await openPage(
      '/undervalued-analytics?symbol=RELIANCE&pb_max=3&roe_min=8&junk=1&pe_min=abc',
    );
    expect(
      (within(form).getByRole('spinbutton', { name: 'Highest P/B (price ÷ book value per share)' }) as HTMLInputElement)
        .value,
    ).toBe('3');
    expect(
      (within(form).getByRole('spinbutton', { name: 'Lowest ROE (return on equity), %' }) as HTMLInputElement).value,
    ).toBe('8');
    expect(
      (within(form).getByRole('spinbutton', { name: 'Lowest P/E (price ÷ earnings per share)' }) as HTMLInputElement)
        .value,
    ).toBe('');
    expect(screenerCalls(calls)).toEqual(['/api/fundamentals/screener?pb_max=3&roe_min=8']);

    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Highest P/B (price ÷ book value per share)' }), {
      target: { value: '' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?symbol=RELIANCE&junk=1&roe_min=8'));
  });

  it("shows the server's sentence beside the form when it refuses the filters", async () => {
    const detail = 'The lowest P/E asked for (30) is above the highest (20); no stock can match.';
    const { form, results } = await openPage('/undervalued-analytics', {
      screener: (call) => (call.url.includes('pe_min=30') ? json({ detail }, 400) : json(SCREENER)),
    });
    await within(results).findByRole('table', { name: /Stocks that pass the filters/ });
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Lowest P/E (price ÷ earnings per share)' }), {
      target: { value: '30' },
    });
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Highest P/E (price ÷ earnings per share)' }), {
      target: { value: '20' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));

    const alert = await within(screen.getByRole('region', { name: UNDERVALUED_TEXTS.screenerTitle })).findByRole(
      'alert',
    );
    expect(alert.textContent).toBe(`${UNDERVALUED_TEXTS.filtersRejected} ${detail}`);
    await waitFor(() => expect(within(results).queryByRole('table')).toBeNull());
    expect(results.textContent).toContain(UNDERVALUED_TEXTS.fixFilters);
    expect(results.textContent).not.toContain(detail);
  });

  it('sorts by the column whose header is clicked, stocks without the figure last, and marks it with aria-sort', async () => {
    const { results } = await openPage();
    const table = await within(results).findByRole('table', { name: /Stocks that pass the filters/ });
    expect(symbols(table)).toEqual(['HDFCBANK', 'INFY', 'RELIANCE', 'TCS', 'ZEEL']);
    expect(header(table, 'Company').getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(table).getByRole('button', { name: /^P\/B/ }));
    expect(symbols(table)).toEqual(['ZEEL', 'RELIANCE', 'INFY', 'TCS', 'HDFCBANK']);
    expect(header(table, 'P/B').getAttribute('aria-sort')).toBe('ascending');
    expect(header(table, 'Company').hasAttribute('aria-sort')).toBe(false);

    // ZEEL made a loss, so it has no P/E: last, whichever the direction.
    fireEvent.click(within(table).getByRole('button', { name: /^P\/E/ }));
    expect(symbols(table)).toEqual(['HDFCBANK', 'INFY', 'RELIANCE', 'TCS', 'ZEEL']);
    expect(header(table, 'P/E').getAttribute('aria-sort')).toBe('ascending');
    expect(header(table, 'P/B').hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(within(table).getByRole('button', { name: /^P\/E/ }));
    expect(symbols(table)).toEqual(['TCS', 'RELIANCE', 'INFY', 'HDFCBANK', 'ZEEL']);
    expect(header(table, 'P/E').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(table).getByRole('button', { name: /^Filing/ }));
    expect(symbols(table)).toEqual(['INFY', 'TCS', 'HDFCBANK', 'RELIANCE', 'ZEEL']);
    for (const cell of within(table).getAllByRole('columnheader'))
      expect(within(cell).getByRole('button').getAttribute('type')).toBe('button');
  });

  it('shows each stock as a card on a phone, every figure beside its label, and sorts the cards', async () => {
    stubViewport(390);
    const { results } = await openPage();
    const list = await within(results).findByRole('list', { name: /Stocks that pass the filters/ });
    // No table whose headers would be off-screen, leaving the grey medians to read as the stock's figure.
    expect(within(results).queryByRole('table')).toBeNull();

    const card = (symbol: string) => within(list).getByRole('link', { name: symbol }).closest('li')!;
    const figures = (symbol: string) =>
      within(card(symbol))
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures('INFY')).toEqual([
      ['P/E', '25.45y median 27.8 · sector 28.3'],
      ['P/B', expect.stringMatching(/^[\d.]+5y median /)],
      ['Earnings yield', '3.9%5y median 3.6% · sector 3.5%'],
      ['ROE', expect.stringMatching(/^[\d.]+%5y median /)],
      ['Net margin', expect.stringMatching(/%5y median /)],
      ['Revenue growth', '+4.7%5y median +12.9% · sector +5.2%'],
      ['Profit growth', '+3.1%5y median +9.8% · sector +2.4%'],
      ['Debt-to-equity', '0.095y median — · sector 0.07'],
      ['Dividend payout', expect.stringMatching(/%5y median /)],
      ['Filing', 'Q3 FY2024 · consolidated · published 11 Jan 2024'],
    ]);
    // Every value and every median line sits in the definition of a label, never on its own.
    for (const item of within(list).getAllByRole('listitem')) {
      const shown = item.querySelectorAll('.measure-value, .measure-context');
      expect(shown.length).toBe(18);
      for (const element of shown) expect(element.closest('dd')?.previousElementSibling?.tagName).toBe('DT');
    }
    expect(within(card('INFY')).getByRole('link', { name: 'Technical analysis of INFY' })).toBeTruthy();
    expect(card('INFY').textContent).toContain('Infosys Ltd.');
    // A bank's P/B and ROE are in bold, their missing figures said in words.
    expect(within(card('HDFCBANK')).getByText('Bank')).toBeTruthy();
    expect(Array.from(card('HDFCBANK').querySelectorAll('.key-measure dt'), (term) => term.textContent)).toEqual(['P/B', 'ROE']);
    expect(card('HDFCBANK').textContent).toContain(`P/B: no figure. ${HDFCBANK_PB_REASON}`);

    const cardSymbols = () => within(list).getAllByRole('listitem').map((item) => item.querySelector('.screener-symbol a')?.textContent);
    expect(cardSymbols()).toEqual(['HDFCBANK', 'INFY', 'RELIANCE', 'TCS', 'ZEEL']);
    fireEvent.change(within(results).getByRole('combobox', { name: UNDERVALUED_TEXTS.sortBy }), { target: { value: 'pe' } });
    expect(cardSymbols()).toEqual(['HDFCBANK', 'INFY', 'RELIANCE', 'TCS', 'ZEEL']);
    fireEvent.change(within(results).getByRole('combobox', { name: UNDERVALUED_TEXTS.sortOrder }), { target: { value: 'descending' } });
    expect(cardSymbols()).toEqual(['TCS', 'RELIANCE', 'INFY', 'HDFCBANK', 'ZEEL']);
  });

  it('keeps the table from 481 px up', async () => {
    stubViewport(481);
    const { results } = await openPage();
    expect(await within(results).findByRole('table', { name: /Stocks that pass the filters/ })).toBeTruthy();
    expect(within(results).queryByRole('list', { name: /Stocks that pass the filters/ })).toBeNull();
  });

  it('says so when no stock passes the filters', async () => {
    const { results } = await openPage('/undervalued-analytics?pe_max=1', {
      screener: () => json({ ...SCREENER, rows: [], unavailable: [] }),
    });
    expect(await within(results).findByText(UNDERVALUED_TEXTS.resultsEmpty)).toBeTruthy();
    expect(within(results).queryByRole('table')).toBeNull();
    expect(within(results).queryByRole('region', { name: UNDERVALUED_TEXTS.notJudgedTitle })).toBeNull();
  });

  it('says in a sentence when the results cannot be loaded, with a retry', async () => {
    const { results } = await openPage('/undervalued-analytics', {
      screener: () => json({ detail: 'Internal server error' }, 500),
    });
    // A server error is asked once more (a refusal is not), a second later.
    const alert = await within(results).findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('Could not load the screener results:');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    // A server error is not a refusal of the filters: nothing is said beside the form.
    expect(
      within(screen.getByRole('region', { name: UNDERVALUED_TEXTS.screenerTitle })).queryByRole('alert'),
    ).toBeNull();
  });

  it('opens a stock picked in the table below it, its heading focused, and keeps the filters', async () => {
    const { results, router } = await openPage('/undervalued-analytics?pe_max=40');
    const table = await within(results).findByRole('table', { name: /Stocks that pass the filters/ });
    expect(screen.queryByTestId('stock-valuation')).toBeNull();
    fireEvent.click(within(table).getByRole('link', { name: 'RELIANCE' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pe_max=40&symbol=RELIANCE'));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Reliance Industries Ltd. — valuation' });
    expect(document.activeElement).toBe(heading);
  });

  it('sets the page title and a description that promises only what the page does', async () => {
    await openPage();
    // The page sets its title in an effect, which may run a moment after its content shows.
    await waitFor(() => expect(document.title).toBe('Undervalued Analytics | Nivesh'));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      UNDERVALUED_TEXTS.description,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Undervalued Analytics',
    ]);
  });
});
