import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FetchCall } from '../../../testing/fetch-mock';
import { json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';

const SYMBOLS = [
  { symbol: 'INFY', company: 'Infosys Ltd.', industry: 'Information Technology', isin: 'INE009A01021', first_date: '2015-01-01', last_date: '2024-03-28' },
  { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', industry: 'Oil Gas & Consumable Fuels', isin: 'INE002A01018', first_date: '2015-01-01', last_date: '2024-03-28' },
];

const month = (m: number, mean: number | null, share: number | null, years = 9) => ({ month: m, mean_return_pct: mean, positive_share: share, years });

const insights = (symbol: string, overrides: Record<string, unknown> = {}) => ({
  symbol,
  company: symbol === 'INFY' ? 'Infosys Ltd.' : 'Reliance Industries Ltd.',
  industry: symbol === 'INFY' ? 'Information Technology' : 'Oil Gas & Consumable Fuels',
  as_of: '2024-03-28',
  nifty_as_of: '2024-03-28',
  horizons: [
    { horizon: '1m', return_pct: -2.5, annualised_pct: null, nifty_return_pct: 1.2, above_average: false },
    { horizon: '3m', return_pct: 6.1, annualised_pct: null, nifty_return_pct: 3.3, above_average: true },
    { horizon: '6m', return_pct: 12, annualised_pct: null, nifty_return_pct: 9.87, above_average: true },
    { horizon: '1y', return_pct: 24.5, annualised_pct: 24.5, nifty_return_pct: 28.1, above_average: true },
    { horizon: '3y', return_pct: 40.2, annualised_pct: 11.93, nifty_return_pct: 45, above_average: true },
    { horizon: '5y', return_pct: null, annualised_pct: null, nifty_return_pct: null, above_average: null },
  ],
  drawdowns: [
    { peak_date: '2020-01-14', trough_date: '2020-03-23', recovery_date: '2020-06-10', depth_pct: -38.4, days_to_trough: 48, days_to_recover: 54 },
    { peak_date: '2022-10-03', trough_date: '2023-03-20', recovery_date: null, depth_pct: -21.05, days_to_trough: 113, days_to_recover: null },
  ],
  seasonality: [
    month(1, 1.5, 0.667),
    month(2, -0.84, 0.333),
    ...[3, 4, 5, 6, 7, 8, 9, 10, 11].map((m) => month(m, 0.5, 0.5, 8)),
    month(12, null, null, 0),
  ],
  correlation: {
    nifty: 0.72,
    peers: [{ symbol: 'TCS', company: 'Tata Consultancy Services Ltd.', correlation: 0.81 }],
  },
  volume_profile: {
    bands: [
      { price_from: 1200, price_to: 1300, volume: 1234567, share_pct: 10.4 },
      { price_from: 1300, price_to: 1400, volume: 98765432, share_pct: 62.25 },
      { price_from: 1400, price_to: 1500, volume: 40000000, share_pct: 27.35 },
    ],
    point_of_control: 1350,
  },
  ...overrides,
});

type Answer = (call: FetchCall) => Response;

const renderPage = (path = '/deep-insights', answer: Answer = (call) => json(insights(new URL(call.url, 'http://x').searchParams.get('symbol') ?? ''))) => {
  const fetch = stubFetch((call) => {
    if (call.url === '/api/market/symbols') return json(SYMBOLS);
    if (call.url.startsWith('/api/market/insights?')) return answer(call);
    return notFound();
  });
  return { ...fetch, ...renderRoutes(path) };
};

const insightCalls = (calls: FetchCall[]) => calls.filter((call) => call.url.startsWith('/api/market/insights?')).map((call) => call.url);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('Deep Insights page', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('shows returns by horizon against NIFTY 50', async () => {
    const { calls } = renderPage('/deep-insights?symbol=INFY');

    // The first test loads the page's lazy chunk, which can take more than the default second on a busy machine.
    const month1 = await screen.findByTestId('horizon-1m', {}, { timeout: 5000 });
    expect(within(month1).getByRole('rowheader').textContent).toBe('1 month');
    expect(cells(month1)).toEqual(['−2.50%', '—', '+1.20%', 'Below']);
    expect(cells(screen.getByTestId('horizon-3y'))).toEqual(['+40.20%', '+11.93%', '+45.00%', 'Above']);
    expect(cells(screen.getByTestId('horizon-5y'))).toEqual(['—', '—', '—', '—']);
    expect(screen.getByText('Infosys Ltd.')).toBeTruthy();
    expect(screen.getByTestId('prices-as-of').textContent).toContain('28 Mar 2024');
    expect(insightCalls(calls)).toEqual(['/api/market/insights?symbol=INFY']);
    expect(screen.queryByTestId('nifty-as-of')).toBeNull();
  });

  it("says when NIFTY 50's figures end before the stock's", async () => {
    renderPage('/deep-insights', () => json(insights('RELIANCE', { nifty_as_of: '2024-03-27' })));
    expect((await screen.findByTestId('nifty-as-of')).textContent).toContain('NIFTY 50 figures end on 27 Mar 2024');
  });

  it('lists drawdowns with recovery dates or "not yet recovered"', async () => {
    renderPage();

    const table = await screen.findByRole('table', { name: 'Deepest falls from a peak' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByRole('rowheader').textContent).toBe('14 Jan 2020');
    expect(cells(first)).toEqual(['23 Mar 2020', '10 Jun 2020', '−38.40%', '48', '54']);
    expect(cells(second)).toEqual(['20 Mar 2023', 'not yet recovered', '−21.05%', '113', '—']);
  });

  it('shows seasonality for Jan to Dec with the sign in words, not colour only', async () => {
    renderPage();

    const january = await screen.findByTestId('season-1');
    expect(within(january).getByRole('rowheader').textContent).toBe('Jan');
    expect(cells(january)).toEqual(['+1.50%', '', '6 of 9 (67%)']);
    expect(cells(screen.getByTestId('season-2'))).toEqual(['−0.84%', '', '3 of 9 (33%)']);
    expect(within(screen.getByTestId('season-2')).getByText('−0.84%').getAttribute('data-sign')).toBe('down');
    expect(cells(screen.getByTestId('season-12'))).toEqual(['—', '', '—']);
    expect(within(screen.getByRole('table', { name: 'Average return by calendar month' })).getAllByRole('row')).toHaveLength(13);
  });

  it('shows correlation with NIFTY 50 and peers, and the volume profile in rupees with its point of control', async () => {
    renderPage();

    expect(cells(await screen.findByTestId('correlation-NIFTY 50'))).toEqual(['0.72', '']);
    expect(within(screen.getByTestId('correlation-TCS')).getByRole('rowheader').textContent).toBe('TCS — Tata Consultancy Services Ltd.');

    expect(screen.getByTestId('point-of-control').textContent).toContain('₹1,350.00');
    const profile = screen.getByRole('table', { name: 'Volume by price band, highest prices first' });
    const rows = within(profile).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByRole('rowheader').textContent).toBe('₹1,400.00 – ₹1,500.00');
    expect(within(rows[1]).getByRole('rowheader').textContent).toBe('₹1,300.00 – ₹1,400.00Most traded');
    expect(cells(rows[1]).slice(0, 2)).toEqual(['9,87,65,432', '62.3%']);
    expect(rows.filter((row) => row.textContent?.includes('Most traded'))).toHaveLength(1);
  });

  it('asks for the stock picked', async () => {
    const { calls, router } = renderPage();
    await screen.findByTestId('horizon-1m');
    expect(insightCalls(calls)).toEqual(['/api/market/insights?symbol=RELIANCE']);

    const picker = screen.getByRole('combobox', { name: 'Stock' }) as HTMLInputElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'infosys' } });
    fireEvent.click(screen.getByRole('option', { name: 'INFY — Infosys Ltd.' }));
    await waitFor(() => expect(insightCalls(calls)).toContain('/api/market/insights?symbol=INFY'));
    expect(await screen.findByText('Infosys Ltd.')).toBeTruthy();
    expect(router.state.location.search).toBe('?symbol=INFY');
  });

  it("shows the server's detail when the insights cannot be computed", async () => {
    renderPage('/deep-insights', () => json({ detail: 'Unknown symbol RELIANCE.' }, 404));

    expect((await screen.findByRole('alert')).textContent).toContain('Unknown symbol RELIANCE.');
    expect(screen.queryByTestId('horizon-1m')).toBeNull();
  });

  it('says in words that a symbol in the address is not a stock, with no retry and an empty picker', async () => {
    renderPage('/deep-insights?symbol=NOPE', () => json({ detail: 'Unknown symbol' }, 404));

    const alert = await screen.findByText('We have no stock with the symbol NOPE. Pick one from the list above.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText(/Unknown symbol/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const picker = screen.getByRole('combobox', { name: 'Stock' }) as HTMLInputElement;
    expect(picker.value).toBe('');
    expect(picker.placeholder).toBe('Symbol or company name');
  });
});
