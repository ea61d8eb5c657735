import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reload, startSession } from '../../../lib/session';
import { LOGIN_VERIFIED, json, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { PORTFOLIO_TEXTS } from '../texts';
import {
  EMPTY_SUMMARY,
  IMPORTED,
  MALFORMED_DETAIL,
  SUMMARY,
  TRANSACTIONS,
  portfolioServer,
} from '../testing/fixtures';
import type { ValueChartProps } from './value-chart';
import { TRADEBOOK_MAX_CHARS } from '@nivesh/proto/values';

// jsdom has no canvas: the lazily loaded chart is replaced by what the page hands it.
vi.mock('./value-chart-canvas', () => ({
  default: ({ series }: ValueChartProps) => <div data-testid="value-canvas" data-weeks={series.length} />,
}));

type Server = Parameters<typeof portfolioServer>[0];

const openPage = async (routes: Server = {}) => {
  const fetch = stubFetch(portfolioServer(routes));
  const view = renderRoutes('/portfolio');
  // The first test loads the page's lazy chunk, which can take more than the default second on a busy machine.
  await screen.findByRole('heading', { level: 1, name: PORTFOLIO_TEXTS.title }, { timeout: 5000 });
  return { ...fetch, ...view };
};

const region = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });

/** The trade book a test picks; jsdom's File has no text(), which every browser's has. */
const tradebook = (content: string, name = 'tradebook.csv') => {
  const file = new File([content], name, { type: 'text/csv' });
  Object.defineProperty(file, 'text', { value: () => Promise.resolve(content) });
  return file;
};

const chooseFile = (panel: HTMLElement, file: File) =>
  fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.importFile), { target: { files: [file] } });

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/portfolio', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession(LOGIN_VERIFIED);
  });

  it('shows the holdings with their totals and the date of the prices, each call with the bearer token', async () => {
    const { callsTo } = await openPage();
    const holdings = await region(PORTFOLIO_TEXTS.holdingsTitle);
    const table = await within(holdings).findByRole('table', { name: /Each stock held/ });
    expect(within(holdings).getByTestId('portfolio-as-of').textContent).toBe(
      'Prices as of 28 Mar 2024 (end of day, NSE)',
    );
    expect(callsTo('/api/portfolio')[0]?.headers.Authorization).toBe('Bearer token-abc');
    expect(callsTo('/api/portfolio/transactions')[0]?.headers.Authorization).toBe('Bearer token-abc');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual([
      'Company',
      'Quantity',
      'Average cost',
      'Invested',
      'Close',
      'Value',
      'Unrealised',
      'Unrealised %',
      'Weight',
    ]);
    // Heaviest first.
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'RELIANCEReliance Industries Ltd.',
      'ITCITC Ltd.',
      'INFYInfosys Ltd.',
      'HDFCBANKHDFC Bank Ltd.',
      'Total',
    ]);
    const hdfc = within(table).getByRole('rowheader', { name: /HDFCBANK/ }).closest('tr')!;
    expect(cellTexts(hdfc)).toEqual([
      '15',
      '₹1,602.40',
      '₹24,036.00',
      '₹1,447.9028 Mar 2024',
      '₹21,718.50',
      '−₹2,317.50',
      '−9.6\u00a0%',
      '21.8\u00a0%',
    ]);
    expect(within(hdfc).getByText('−₹2,317.50').className).toBe('change down');

    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(total.parentElement?.tagName).toBe('TFOOT');
    expect(cellTexts(total)).toEqual([
      '',
      '',
      '₹85,313.60',
      '',
      '₹99,607.25',
      '+₹14,293.65',
      '+16.8\u00a0%',
      '100.0\u00a0%',
    ]);

    expect(within(holdings).getByLabelText(PORTFOLIO_TEXTS.summaryLabel).textContent).toBe(
      'Invested₹85,313.60Value₹99,607.25Unrealised gain+₹14,293.65Realised gain+₹8,113.35Dividends₹405.00',
    );
  });

  it('sorts the holdings by the column chosen, and back', async () => {
    await openPage();
    const table = await within(await region(PORTFOLIO_TEXTS.holdingsTitle)).findByRole('table');
    const symbols = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.querySelector('.holding-symbol')?.textContent ?? cell.textContent);
    const header = (name: string) => within(table).getByRole('button', { name: new RegExp(`^${name}`) }).closest('th')!;

    fireEvent.click(within(header('Unrealised %')).getByRole('button'));
    expect(header('Unrealised %').getAttribute('aria-sort')).toBe('descending');
    expect(symbols()).toEqual(['ITC', 'RELIANCE', 'INFY', 'HDFCBANK', 'Total']);
    fireEvent.click(within(header('Unrealised %')).getByRole('button'));
    expect(header('Unrealised %').getAttribute('aria-sort')).toBe('ascending');
    expect(symbols()).toEqual(['HDFCBANK', 'INFY', 'RELIANCE', 'ITC', 'Total']);
    fireEvent.click(within(header('Company')).getByRole('button'));
    expect(symbols()).toEqual(['HDFCBANK', 'INFY', 'ITC', 'RELIANCE', 'Total']);
  });

  it('says the XIRR against NIFTY 50’s in words, what XIRR is, and the realised gains by fiscal year', async () => {
    await openPage();
    const performance = await region(PORTFOLIO_TEXTS.performanceTitle);
    expect(within(performance).getByTestId('xirr-sentence').textContent).toBe(
      'Your money earned 14.2\u00a0% a year; the same payments into NIFTY 50 would have earned 12.1\u00a0% a year.',
    );
    expect(performance.textContent).toContain('From the first transaction on 1 Apr 2021 to the close of 28 Mar 2024.');
    expect(within(performance).getByText(PORTFOLIO_TEXTS.xirrMeaning)).toBeTruthy();

    const gains = within(performance).getByRole('table', { name: /Realised gains of each fiscal year/ });
    expect(
      within(gains)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fiscal year', 'Short term12 months or less', 'Long termmore than 12 months', 'Total']);
    const rows = within(gains)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'FY2022-23+₹368.00₹0.00+₹368.00',
      'FY2023-24−₹904.35+₹8,649.70+₹7,745.35',
      'Total−₹536.35+₹8,649.70+₹8,113.35',
    ]);
  });

  it('draws the value against NIFTY 50 and the money invested, and the allocation by sector in %', async () => {
    await openPage();
    const chartPanel = await region(PORTFOLIO_TEXTS.chartTitle);
    const plot = within(chartPanel).getByTestId('value-chart');
    const description = plot.getAttribute('aria-label');
    expect(description).toContain('Portfolio value: ₹22,005 on 1 Apr 2021, ₹99,607 on 28 Mar 2024');
    expect(description).toContain('The same payments in NIFTY 50: ₹22,005 on 1 Apr 2021, ₹97,813 on 29 Dec 2023');
    expect((await within(chartPanel).findByTestId('value-canvas')).dataset.weeks).toBe(String(SUMMARY.series.length));

    const allocation = await region(PORTFOLIO_TEXTS.allocationTitle);
    expect(allocation.textContent).toContain('Each sector’s share of the holdings’ value at the close of 28 Mar 2024.');
    const list = within(allocation).getByRole('list', { name: PORTFOLIO_TEXTS.allocationCaption });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Oil Gas & Consumable Fuels29.8\u00a0% · ₹29,717',
      'Fast Moving Consumer Goods25.8\u00a0% · ₹25,701',
      'Information Technology22.6\u00a0% · ₹22,471',
      'Financial Services21.8\u00a0% · ₹21,719',
    ]);
  });

  it('imports a trade book and says what it did, with the skipped rows and their reasons', async () => {
    const csv = 'symbol,isin,trade_date,exchange,segment\nRELIANCE,INE002A01018,2024-03-15,NSE,EQ\n';
    const { callsTo } = await openPage();
    const panel = await region(PORTFOLIO_TEXTS.importTitle);
    expect(panel.textContent).toContain('Zerodha Console tradebook (CSV)');
    expect(panel.textContent).toContain('Upstox trade history (JSON or CSV)');
    expect(panel.textContent).toContain('Upstox trade report, saved as CSV');
    expect(within(panel).getByLabelText(PORTFOLIO_TEXTS.importFile).getAttribute('accept')).toBe('.csv,text/csv,.json,application/json');

    chooseFile(panel, tradebook(csv));
    fireEvent.click(within(panel).getByRole('button', { name: PORTFOLIO_TEXTS.importButton }));
    const result = await within(panel).findByTestId('import-result');
    expect(result.querySelector('p')?.textContent).toBe(
      'Imported 42 trades from Zerodha: 12 new transactions, 30 already imported; 3 rows skipped as not equity trades.',
    );
    const details = result.querySelector('details')!;
    expect(details.querySelector('summary')?.textContent).toBe(PORTFOLIO_TEXTS.skippedSummary);
    expect([...details.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Line 5: segment FO is not equity',
      'Line 17: segment FO is not equity',
      'Line 31: segment MF is not equity',
    ]);
    expect(callsTo('/api/portfolio/import')).toHaveLength(1);
    expect(callsTo('/api/portfolio/import')[0]).toMatchObject({ method: 'POST', body: { csv } });
    expect(callsTo('/api/portfolio/import')[0]?.headers.Authorization).toBe('Bearer token-abc');
    // The holdings and the list are asked for again.
    await waitFor(() => expect(callsTo('/api/portfolio')).toHaveLength(2));
    await waitFor(() => expect(callsTo('/api/portfolio/transactions')).toHaveLength(2));
    expect(IMPORTED.skipped).toHaveLength(3);
  });

  it('shows the server’s sentence as it is when a row is malformed, and that nothing was imported', async () => {
    const { callsTo } = await openPage({ import: () => json({ detail: MALFORMED_DETAIL }, 400) });
    const panel = await region(PORTFOLIO_TEXTS.importTitle);
    chooseFile(panel, tradebook('symbol,quantity\nINFY,ten\n'));
    fireEvent.click(within(panel).getByRole('button', { name: PORTFOLIO_TEXTS.importButton }));
    const error = await within(panel).findByTestId('import-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe(`${PORTFOLIO_TEXTS.notImported}${MALFORMED_DETAIL}`);
    expect(within(error).getByText(MALFORMED_DETAIL)).toBeTruthy();
    expect(within(panel).queryByTestId('import-result')).toBeNull();
    // Nothing changed: nothing is asked for again.
    expect(callsTo('/api/portfolio')).toHaveLength(1);
  });

  it('says before sending that a file is too large, empty or not chosen', async () => {
    const { callsTo } = await openPage();
    const panel = await region(PORTFOLIO_TEXTS.importTitle);
    const button = within(panel).getByRole('button', { name: PORTFOLIO_TEXTS.importButton });

    fireEvent.click(button);
    expect((await within(panel).findByRole('alert')).textContent).toBe(PORTFOLIO_TEXTS.chooseFile);

    chooseFile(panel, tradebook('x'.repeat(TRADEBOOK_MAX_CHARS + 1)));
    fireEvent.click(button);
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The trade book is larger than 30,00,000 characters; split it by year and import each part.',
    );

    chooseFile(panel, tradebook('  \n'));
    fireEvent.click(button);
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe(PORTFOLIO_TEXTS.emptyFile));
    expect(callsTo('/api/portfolio/import')).toHaveLength(0);
  });

  it('adds a transaction by hand with the stock picked, the figures as numbers and no empty note', async () => {
    const { callsTo } = await openPage();
    const panel = await region(PORTFOLIO_TEXTS.addTitle);
    const picker = within(panel).getByRole('combobox', { name: 'Stock' });
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'relia' } });
    fireEvent.keyDown(picker, { key: 'Enter' });
    fireEvent.click(within(panel).getByRole('radio', { name: 'Sell' }));
    fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.date), { target: { value: '2024-03-15' } });
    fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.quantityLabel), { target: { value: '1,250' } });
    fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.priceLabel), { target: { value: '2890.5' } });
    fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.chargesLabel), { target: { value: '45.20' } });
    fireEvent.click(within(panel).getByRole('button', { name: PORTFOLIO_TEXTS.addButton }));

    expect(await within(panel).findByText('Added: sell of 1,250 RELIANCE at ₹2,890.50 on 15 Mar 2024.')).toBeTruthy();
    expect(callsTo('/api/portfolio/transactions').filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        body: { symbol: 'RELIANCE', date: '2024-03-15', kind: 'sell', quantity: 1250, price: 2890.5, charges: 45.2 },
      }),
    ]);
    // The figures are cleared for the next one; the date and kind stay.
    expect((within(panel).getByLabelText(PORTFOLIO_TEXTS.quantityLabel) as HTMLInputElement).value).toBe('');
    expect((within(panel).getByLabelText(PORTFOLIO_TEXTS.date) as HTMLInputElement).value).toBe('2024-03-15');
    await waitFor(() => expect(callsTo('/api/portfolio')).toHaveLength(2));
  });

  it('names what is missing in the form, and shows the server’s refusal', async () => {
    const { callsTo } = await openPage({
      add: () => json({ detail: 'You hold no TCS shares on 15 Mar 2024 to sell.' }, 422),
    });
    const panel = await region(PORTFOLIO_TEXTS.addTitle);
    fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.date), { target: { value: '2999-01-01' } });
    fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.quantityLabel), { target: { value: 'ten' } });
    fireEvent.click(within(panel).getByRole('button', { name: PORTFOLIO_TEXTS.addButton }));
    const alert = await within(panel).findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      PORTFOLIO_TEXTS.chooseStock,
      PORTFOLIO_TEXTS.futureDate,
      PORTFOLIO_TEXTS.enterQuantity,
      PORTFOLIO_TEXTS.enterPrice,
    ]);
    expect(callsTo('/api/portfolio/transactions').filter((call) => call.method === 'POST')).toHaveLength(0);

    const picker = within(panel).getByRole('combobox', { name: 'Stock' });
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'TCS' } });
    fireEvent.keyDown(picker, { key: 'Enter' });
    fireEvent.click(within(panel).getByRole('radio', { name: 'Dividend' }));
    fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.date), { target: { value: '2024-03-15' } });
    fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.quantityLabel), { target: { value: '5' } });
    fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.dividendLabel), { target: { value: '28' } });
    fireEvent.change(within(panel).getByLabelText(PORTFOLIO_TEXTS.noteLabel), { target: { value: '  Interim  ' } });
    fireEvent.click(within(panel).getByRole('button', { name: PORTFOLIO_TEXTS.addButton }));
    await waitFor(() =>
      expect(within(panel).getByRole('alert').textContent).toBe(
        `${PORTFOLIO_TEXTS.notAdded} You hold no TCS shares on 15 Mar 2024 to sell.`,
      ),
    );
    expect(callsTo('/api/portfolio/transactions').filter((call) => call.method === 'POST')[0]?.body).toEqual({
      symbol: 'TCS',
      date: '2024-03-15',
      kind: 'dividend',
      quantity: 5,
      price: 28,
      charges: 0,
      note: 'Interim',
    });
  });

  it('lists the transactions newest first with their source, and deletes one after asking', async () => {
    const { callsTo } = await openPage();
    const panel = await region(PORTFOLIO_TEXTS.transactionsTitle);
    const table = await within(panel).findByRole('table', { name: /Your transactions, newest first/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(TRANSACTIONS.length);
    expect(rows[0]!.textContent).toBe(
      '12 Jun 2023HDFCBANKBuy15₹1,600.80₹24.00By handBought after the mergerDelete',
    );
    expect(rows.map((row) => within(row).getAllByRole('cell')[5]!.textContent)).toEqual([
      'By hand',
      'Upstox',
      'Zerodha',
      'By hand',
      'Zerodha',
      'Zerodha',
      'Zerodha',
      'Zerodha',
      'Upstox',
    ]);

    const deleteButton = within(table).getByRole('button', {
      name: 'Delete the buy of 10 RELIANCE at ₹2,596.30 on 15 Jun 2022',
    });
    fireEvent.click(deleteButton);
    const dialog = await screen.findByRole('dialog', { name: PORTFOLIO_TEXTS.deleteTitle });
    expect(dialog.textContent).toContain('Buy of 10 RELIANCE at ₹2,596.30 on 15 Jun 2022 (Zerodha).');
    // Keeping it sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: PORTFOLIO_TEXTS.deleteCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/api/portfolio/transactions/delete')).toHaveLength(0);

    fireEvent.click(deleteButton);
    const again = await screen.findByRole('dialog', { name: PORTFOLIO_TEXTS.deleteTitle });
    fireEvent.click(within(again).getByRole('button', { name: PORTFOLIO_TEXTS.deleteConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/api/portfolio/transactions/delete')).toEqual([
      expect.objectContaining({ method: 'POST', body: { id: 'tx-2' } }),
    ]);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(TRANSACTIONS.length));
    expect(within(table).queryByText('RELIANCE')).toBeNull();
    await waitFor(() => expect(callsTo('/api/portfolio')).toHaveLength(2));
  });

  it('keeps the dialog open with the server’s reason when a delete is refused', async () => {
    await openPage({ remove: () => json({ detail: 'That transaction is not yours or no longer exists.' }, 404) });
    const panel = await region(PORTFOLIO_TEXTS.transactionsTitle);
    fireEvent.click((await within(panel).findAllByRole('button', { name: /^Delete the/ }))[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: PORTFOLIO_TEXTS.deleteConfirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `${PORTFOLIO_TEXTS.notDeleted} That transaction is not yours or no longer exists.`,
    );
  });

  it('explains how to begin when there are no transactions yet', async () => {
    await openPage({ summary: () => json(EMPTY_SUMMARY), transactions: () => json({ transactions: [] }) });
    const empty = await screen.findByTestId('portfolio-empty', {}, { timeout: 5000 });
    expect(within(empty).getByRole('heading', { name: PORTFOLIO_TEXTS.emptyTitle })).toBeTruthy();
    expect(empty.textContent).toContain(PORTFOLIO_TEXTS.emptyText);
    expect(within(empty).getByRole('link', { name: PORTFOLIO_TEXTS.importTitle }).getAttribute('href')).toBe('#import');
    expect(within(empty).getByRole('link', { name: PORTFOLIO_TEXTS.addTitle }).getAttribute('href')).toBe('#add');
    expect(screen.queryByRole('region', { name: PORTFOLIO_TEXTS.holdingsTitle })).toBeNull();
    expect(await region(PORTFOLIO_TEXTS.importTitle)).toBeTruthy();
    expect(await region(PORTFOLIO_TEXTS.addTitle)).toBeTruthy();
  });

  it('shows the server’s reason when the portfolio cannot be loaded', async () => {
    await openPage({ summary: () => json({ detail: 'The portfolio service is not answering.' }, 503) });
    const message = 'Could not load the portfolio: The portfolio service is not answering.';
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeTruthy();
    // The page sets its title in an effect, which may run a moment after its content shows.
    await waitFor(() => expect(document.title).toBe('Portfolio | Nivesh'));
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
    expect(description).toBe(PORTFOLIO_TEXTS.description);
  });
});
