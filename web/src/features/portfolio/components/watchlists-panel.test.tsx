import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reload, startSession } from '../../../lib/session';
import { LOGIN_VERIFIED, json, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { PORTFOLIO_TEXTS, changeWords, rangeText } from '../texts';
import { WATCHLISTS, portfolioServer } from '../testing/fixtures';
import { WatchlistsPanel } from './watchlists-panel';
import { WATCHLISTS_MAX } from '@nivesh/proto/values';

type Server = Parameters<typeof portfolioServer>[0];

const LIST = '/api/portfolio/watchlists';

/** The panel alone, under a router (its symbols link to the Technical Analysis page). */
const openPanel = async (routes: Server = {}) => {
  const fetch = stubFetch(portfolioServer(routes));
  const view = renderRoutes('/', [
    { path: '/', element: <WatchlistsPanel /> },
    { path: '/technical-analysis', element: <p>Technical analysis</p> },
  ]);
  const panel = await screen.findByRole('region', { name: PORTFOLIO_TEXTS.watchlistsTitle });
  return { ...fetch, ...view, panel };
};

const card = (name: string) => screen.findByRole('region', { name });

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** Picks a stock in a watchlist's picker as a visitor would: typing, then Enter on the best match. */
const pickStock = async (region: HTMLElement, typed: string) => {
  const picker = within(region).getByRole('combobox');
  await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
  fireEvent.change(picker, { target: { value: typed } });
  fireEvent.keyDown(picker, { key: 'Enter' });
};

describe('WatchlistsPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession(LOGIN_VERIFIED);
  });

  it('lists each watchlist with the close and its date, the day’s change in words and the 52-week range', async () => {
    const { callsTo } = await openPanel();
    const banks = await card('Banks');
    const table = within(banks).getByRole('table', { name: /^Banks: each stock with its latest close/ });
    expect(callsTo(LIST)[0]?.headers.Authorization).toBe('Bearer token-abc');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Company', 'Latest close', 'Day’s change', '52-week range', 'Remove']);

    const hdfc = within(table)
      .getByRole('rowheader', { name: /HDFCBANK/ })
      .closest('tr')!;
    expect(within(hdfc).getByRole('rowheader').textContent).toBe('HDFCBANKHDFC Bank Ltd.');
    expect(within(hdfc).getByRole('link', { name: 'HDFCBANK' }).getAttribute('href')).toBe(
      '/technical-analysis?symbol=HDFCBANK',
    );
    expect(cellTexts(hdfc)).toEqual([
      '₹1,447.9028 Mar 2024',
      '+0.50%Up 0.50% on the day',
      '₹1,363.55 – ₹1,757.50',
      'Remove',
    ]);
    expect(within(hdfc).getByText('+0.50%').parentElement?.className).toBe('change up');
    expect(within(hdfc).getByText('+0.50%').getAttribute('aria-hidden')).toBe('true');
    expect(within(hdfc).getByRole('button', { name: 'Remove HDFCBANK from Banks' })).toBeTruthy();

    const energy = await card('IT and energy');
    const reliance = within(energy)
      .getByRole('rowheader', { name: /RELIANCE/ })
      .closest('tr')!;
    expect(within(reliance).getByText('−0.47%').parentElement?.className).toBe('change down');
    expect(within(reliance).getByText('Down 0.47% on the day').className).toBe('visually-hidden');

    const empty = await card('To read about');
    expect(within(empty).queryByRole('table')).toBeNull();
    expect(empty.textContent).toContain(PORTFOLIO_TEXTS.watchlistEmpty);
  });

  it('puts a change and a range without figures in words', () => {
    expect(changeWords(null)).toBe('The day’s change is not known');
    expect(changeWords(0.001)).toBe('Unchanged on the day');
    expect(changeWords(-12.345)).toBe('Down 12.35% on the day');
    expect(rangeText(null, 1757.5)).toBe('—');
  });

  it('creates a watchlist with the name trimmed, and asks for a name before sending none', async () => {
    const { panel, callsTo } = await openPanel();
    await card('Banks');
    const form = within(panel).getByRole('form', { name: PORTFOLIO_TEXTS.createWatchlist });
    const button = within(form).getByRole('button', { name: PORTFOLIO_TEXTS.createWatchlist });
    fireEvent.click(button);
    expect((await within(panel).findByRole('alert')).textContent).toBe(PORTFOLIO_TEXTS.enterWatchlistName);

    const input = within(form).getByLabelText(PORTFOLIO_TEXTS.watchlistName) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  Pharma  ' } });
    fireEvent.click(button);
    expect(await card('Pharma')).toBeTruthy();
    expect(callsTo(LIST).filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ body: { name: 'Pharma' } }),
    ]);
    expect(input.value).toBe('');
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('says when the most watchlists there can be are kept, and sends nothing', async () => {
    const many = Array.from({ length: WATCHLISTS_MAX }, (_, index) => ({
      id: `wl-${index}`,
      name: `List ${index + 1}`,
      items: [],
    }));
    const { panel, callsTo } = await openPanel({ watchlists: () => json({ watchlists: many }) });
    expect((await within(panel).findByTestId('watchlists-full')).textContent).toBe(
      'You have 20 watchlists, the most there can be: delete one to create another.',
    );
    const button = within(panel).getByRole('button', { name: PORTFOLIO_TEXTS.createWatchlist });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(LIST).filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('adds the stock picked to its watchlist, sending {id, symbol}', async () => {
    const { callsTo } = await openPanel();
    const empty = await card('To read about');
    fireEvent.click(within(empty).getByRole('button', { name: PORTFOLIO_TEXTS.addToWatchlist }));
    expect((await within(empty).findByRole('alert')).textContent).toBe(PORTFOLIO_TEXTS.chooseStock);

    await pickStock(empty, 'TCS');
    fireEvent.click(within(empty).getByRole('button', { name: PORTFOLIO_TEXTS.addToWatchlist }));
    const row = (await within(empty).findByRole('rowheader', { name: /TCS/ })).closest('tr')!;
    expect(cellTexts(row)[0]).toBe('₹3,876.3028 Mar 2024');
    expect(callsTo('/api/portfolio/watchlists/add')).toEqual([
      expect.objectContaining({ method: 'POST', body: { id: 'wl-3', symbol: 'TCS' } }),
    ]);
    expect(callsTo('/api/portfolio/watchlists/add')[0]?.headers.Authorization).toBe('Bearer token-abc');
    // The answer is the whole list: nothing is asked for again.
    expect(callsTo(LIST).filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('shows the server’s sentence as it is when a stock cannot be added', async () => {
    const detail = 'TCS is already on this watchlist.';
    await openPanel({ addToWatchlist: () => json({ detail }, 409) });
    const banks = await card('Banks');
    await pickStock(banks, 'TCS');
    fireEvent.click(within(banks).getByRole('button', { name: PORTFOLIO_TEXTS.addToWatchlist }));
    expect((await within(banks).findByRole('alert')).textContent).toBe(`${PORTFOLIO_TEXTS.notAdded} ${detail}`);
    expect(within(banks).queryByRole('rowheader', { name: /TCS/ })).toBeNull();
  });

  it('takes a stock off its watchlist, sending {id, symbol}', async () => {
    const { callsTo } = await openPanel();
    const banks = await card('Banks');
    fireEvent.click(within(banks).getByRole('button', { name: 'Remove ICICIBANK from Banks' }));
    await waitFor(() => expect(within(banks).queryByRole('rowheader', { name: /ICICIBANK/ })).toBeNull());
    expect(within(banks).getByRole('rowheader', { name: /HDFCBANK/ })).toBeTruthy();
    expect(callsTo('/api/portfolio/watchlists/remove')).toEqual([
      expect.objectContaining({ method: 'POST', body: { id: 'wl-1', symbol: 'ICICIBANK' } }),
    ]);
  });

  it('deletes a watchlist only after asking, and keeps the dialog with the server’s reason on a refusal', async () => {
    const { callsTo } = await openPanel();
    const energy = await card('IT and energy');
    const deleteButton = within(energy).getByRole('button', { name: 'Delete the watchlist IT and energy' });
    fireEvent.click(deleteButton);
    const dialog = await screen.findByRole('dialog', { name: PORTFOLIO_TEXTS.deleteWatchlistTitle });
    expect(dialog.textContent).toContain(`IT and energy, with its 2 stocks. ${PORTFOLIO_TEXTS.deleteWatchlistBody}`);
    fireEvent.click(within(dialog).getByRole('button', { name: PORTFOLIO_TEXTS.deleteCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/api/portfolio/watchlists/delete')).toHaveLength(0);

    fireEvent.click(deleteButton);
    const again = await screen.findByRole('dialog', { name: PORTFOLIO_TEXTS.deleteWatchlistTitle });
    fireEvent.click(within(again).getByRole('button', { name: PORTFOLIO_TEXTS.deleteConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/api/portfolio/watchlists/delete')).toEqual([
      expect.objectContaining({ method: 'POST', body: { id: 'wl-2' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'IT and energy' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Banks' })).toBeTruthy();
  });

  it('keeps the dialog open with the server’s reason when a delete is refused', async () => {
    const detail = 'That watchlist is not yours or no longer exists.';
    await openPanel({ deleteWatchlist: () => json({ detail }, 404) });
    fireEvent.click(within(await card('Banks')).getByRole('button', { name: 'Delete the watchlist Banks' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: PORTFOLIO_TEXTS.deleteConfirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`${PORTFOLIO_TEXTS.notDeleted} ${detail}`);
  });

  it('says in words that there are no watchlists yet', async () => {
    const { panel } = await openPanel({ watchlists: () => json({ watchlists: [] }) });
    expect(await within(panel).findByText(PORTFOLIO_TEXTS.noWatchlists)).toBeTruthy();
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it('shows on /portfolio after the holdings, before the import', async () => {
    stubFetch(portfolioServer());
    renderRoutes('/portfolio');
    const panel = await screen.findByRole('region', { name: PORTFOLIO_TEXTS.watchlistsTitle }, { timeout: 5000 });
    const holdings = await screen.findByRole('region', { name: PORTFOLIO_TEXTS.holdingsTitle });
    const importPanel = screen.getByRole('region', { name: PORTFOLIO_TEXTS.importTitle });
    expect(holdings.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(panel.compareDocumentPosition(importPanel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(panel).findByRole('region', { name: 'Banks' })).toBeTruthy();
    expect(WATCHLISTS).toHaveLength(3);
  });
});
