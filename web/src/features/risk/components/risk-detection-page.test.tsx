import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FetchCall } from '../../../testing/fetch-mock';
import { json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';

const SYMBOLS = [
  { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', industry: 'Oil Gas & Consumable Fuels', isin: 'INE002A01018', first_date: '2015-01-01', last_date: '2024-03-28' },
  { symbol: 'TCS', company: 'Tata Consultancy Services Ltd.', industry: 'Information Technology', isin: 'INE467B01029', first_date: '2015-01-01', last_date: '2024-03-28' },
  { symbol: 'INFY', company: 'Infosys Ltd.', industry: 'Information Technology', isin: 'INE009A01021', first_date: '2015-01-01', last_date: '2024-03-28' },
  { symbol: 'NEWCO', company: 'Newco Ltd.', industry: 'Information Technology', isin: null, first_date: '2024-03-27', last_date: '2024-03-28' },
];

const risk = (symbol: string, overrides: Record<string, unknown> = {}) => ({
  symbol,
  company: symbol === 'TCS' ? 'Tata Consultancy Services Ltd.' : 'Reliance Industries Ltd.',
  as_of: '2024-03-28',
  range: { from: '2023-03-28', to: '2024-03-28', bars: 248 },
  metrics: {
    volatility_annual_pct: 23.45,
    max_drawdown_pct: -18.62,
    max_drawdown_peak: '2023-08-14',
    max_drawdown_trough: '2023-10-26',
    beta: 1.124,
    var95_pct: 2.35,
    var95_per_lakh: 2350,
  },
  level: 'moderate',
  flags: [
    {
      kind: 'pump_and_dump',
      date: '2024-02-12',
      description: 'Volume 4.2× its 20-day average with a 9.1% rise; the price fell 12.0% within the next 10 sessions.',
      figures: { change_pct: 9.1, volume_ratio: 4.2, close: 123456.5, reversal_pct: -12 },
    },
    { kind: 'gap', date: '2023-11-03', description: 'Opened 5.4% above the previous close; closed 3.2% above it.', figures: { gap_pct: 5.4, change_pct: 3.2 } },
  ],
  ...overrides,
});

type Answer = (call: FetchCall) => Response | undefined;

const renderPage = (path = '/risk-detection', answer: Answer = (call) => json(risk(new URL(call.url, 'http://x').searchParams.get('symbol') ?? ''))) => {
  const fetch = stubFetch((call) => {
    if (call.url === '/api/market/symbols') return json(SYMBOLS);
    if (call.url.startsWith('/api/market/risk?')) return answer(call) ?? notFound();
    return notFound();
  });
  const view = renderRoutes(path);
  return { ...fetch, ...view };
};

const riskCalls = (calls: FetchCall[]) => calls.filter((call) => call.url.startsWith('/api/market/risk?')).map((call) => call.url);

describe('Risk Detection page', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('shows the four metrics in Indian formats, with what each means', async () => {
    const { calls } = renderPage();

    // The first test loads the page's lazy chunk, which can take more than the default second on a busy machine.
    const volatility = await screen.findByTestId('risk-volatility', {}, { timeout: 5000 });
    expect(volatility.textContent).toContain('23.45%');
    const drawdown = screen.getByTestId('risk-drawdown');
    expect(drawdown.textContent).toContain('−18.62%');
    expect(drawdown.textContent).toContain('From the peak on 14 Aug 2023 to the low on 26 Oct 2023');
    const beta = screen.getByTestId('risk-beta');
    expect(beta.textContent).toContain('1.12');
    expect(beta.textContent).toContain('When NIFTY 50 moved 1%, this stock tended to move about 1.12% the same way.');
    const valueAtRisk = screen.getByTestId('risk-var');
    expect(valueAtRisk.textContent).toContain('2.35%');
    expect(valueAtRisk.textContent).toContain('₹2,350 on ₹1,00,000 held');
    expect(valueAtRisk.textContent).toContain('On 95 of 100 days, the one-day fall was smaller than this.');

    expect(screen.getByTestId('risk-level').textContent).toBe('Risk level: Moderate');
    expect(screen.queryByTestId('short-history')).toBeNull();
    expect(screen.getByText(/it is not a rating or a recommendation/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Reliance Industries Ltd. (RELIANCE)' })).toBeTruthy();
    expect(screen.getByTestId('prices-as-of').textContent).toContain('28 Mar 2024');
    expect(riskCalls(calls)).toEqual(['/api/market/risk?symbol=RELIANCE&range=1y']);
  });

  it('lists the unusual trading days with their kind, description and figures', async () => {
    renderPage();

    const table = await screen.findByRole('table', { name: 'Unusual trading days, most recent first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('rowheader').textContent).toBe('12 Feb 2024');
    expect(rows[0].textContent).toContain('Volume spike with a price jump, then given back (pump-and-dump pattern)');
    expect(rows[0].textContent).toContain('the price fell 12.0% within the next 10 sessions');
    expect(rows[0].textContent).toContain('+9.10%');
    expect(rows[0].textContent).toContain('4.2×');
    expect(rows[0].textContent).toContain('₹1,23,456.50');
    expect(rows[0].textContent).toContain('−12.00%');
    expect(rows[1].textContent).toContain('Gap');
    expect(rows[1].textContent).toContain('Opening gap+5.40%');
  });

  it("says so when there were no unusual days, and shows '—' for a beta that cannot be measured", async () => {
    renderPage('/risk-detection', () => json(risk('RELIANCE', { flags: [], level: 'low', metrics: { ...risk('RELIANCE').metrics, beta: null } })));

    expect(await screen.findByText('No unusual trading days in this period.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('risk-beta').textContent).toContain('Not enough trading days in common with NIFTY 50');
    expect(screen.getByTestId('risk-level').textContent).toBe('Risk level: Low');
  });

  it('asks again for another period and for the stock picked', async () => {
    const { calls, router } = renderPage();
    await screen.findByTestId('risk-volatility');

    fireEvent.click(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: '5Y' }));
    await waitFor(() => expect(riskCalls(calls)).toContain('/api/market/risk?symbol=RELIANCE&range=5y'));
    fireEvent.click(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: 'Max' }));
    await waitFor(() => expect(riskCalls(calls)).toContain('/api/market/risk?symbol=RELIANCE&range=max'));

    const picker = screen.getByRole('combobox', { name: 'Stock' }) as HTMLInputElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'tcs' } });
    fireEvent.click(screen.getByRole('option', { name: 'TCS — Tata Consultancy Services Ltd.' }));
    await waitFor(() => expect(riskCalls(calls)).toContain('/api/market/risk?symbol=TCS&range=max'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tata Consultancy Services Ltd. (TCS)' })).toBeTruthy();
    // Both the period and the stock are in the address, so the view survives a reload.
    expect(router.state.location.search).toBe('?range=max&symbol=TCS');
    expect(localStorage.getItem('nivesh.market.symbol')).toBe('TCS');
  });

  it('opens on the period and stock in the address, and ignores a period it does not know', async () => {
    const { calls } = renderPage('/risk-detection?symbol=INFY&range=5y');
    await screen.findByTestId('risk-volatility');
    expect(riskCalls(calls)).toEqual(['/api/market/risk?symbol=INFY&range=5y']);

    const other = renderPage('/risk-detection?symbol=INFY&range=10y');
    await waitFor(() => expect(riskCalls(other.calls)).toContain('/api/market/risk?symbol=INFY&range=1y'));
  });

  it('opens on the stock picked on another market page', async () => {
    localStorage.setItem('nivesh.market.symbol', 'TCS');
    const { calls } = renderPage();
    await screen.findByTestId('risk-volatility');
    expect(riskCalls(calls)).toEqual(['/api/market/risk?symbol=TCS&range=1y']);
  });

  it('says how much history a stock added lately has, in place of risk figures it has too few days for', async () => {
    renderPage('/risk-detection?symbol=NEWCO', () =>
      json(
        risk('NEWCO', {
          company: 'Newco Ltd.',
          range: { from: '2024-03-27', to: '2024-03-28', bars: 2 },
          metrics: { volatility_annual_pct: 0, max_drawdown_pct: 0, max_drawdown_peak: null, max_drawdown_trough: null, beta: null, var95_pct: 0, var95_per_lakh: 0 },
          level: 'low',
          flags: [],
          short_history: { sessions: 2, first_date: '2024-03-27', needed: 21 },
        }),
      ),
    );

    expect((await screen.findByTestId('short-history', {}, { timeout: 5000 })).textContent).toBe(
      'Nivesh has 2 trading days of prices for NEWCO (since 27 Mar 2024); its risk figures need 21, so they appear as more days arrive.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Newco Ltd. (NEWCO)' })).toBeTruthy();
    for (const id of ['risk-level', 'risk-volatility', 'risk-drawdown', 'risk-beta', 'risk-var']) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByText('No unusual trading days in this period.')).toBeTruthy();
  });

  it("shows the server's detail when the figures cannot be computed, and keeps the fraud guide", async () => {
    renderPage('/risk-detection?symbol=NEWCO', () => json({ detail: 'Not enough price history for NEWCO.' }, 422));

    expect((await screen.findByRole('alert')).textContent).toContain('Not enough price history for NEWCO.');
    expect(screen.queryByTestId('risk-volatility')).toBeNull();
    const guide = screen.getByRole('region', { name: 'Spotting investment fraud' });
    expect(guide.textContent).toContain('SEBI');
    expect(within(guide).getByRole('link', { name: 'scores.sebi.gov.in' })).toBeTruthy();
    expect(within(guide).getByRole('link', { name: 'cybercrime.gov.in' })).toBeTruthy();
    expect(guide.textContent).toContain('1930');
  });

  it('says in words that a symbol in the address is not a stock, with no retry and an empty picker', async () => {
    renderPage('/risk-detection?symbol=NOPE', () => json({ detail: 'Unknown symbol' }, 404));

    const alert = await screen.findByText('We have no stock with the symbol NOPE. Pick one from the list above.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText(/Unknown symbol/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Stock' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('region', { name: 'Spotting investment fraud' })).toBeTruthy();
  });
});
