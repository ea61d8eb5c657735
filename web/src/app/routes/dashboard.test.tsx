import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LineChartProps } from '../../components/market/line-chart';
import { reload } from '../../lib/session';
import { json, notFound, stubFetch } from '../../testing/fetch-mock';
import { renderRoutes } from '../../testing/render';

// jsdom has no canvas: the chart is replaced by what it was asked to draw.
vi.mock('../../components/market/line-chart', () => ({
  LineChart: ({ label, series }: LineChartProps) => (
    <div data-testid="line-chart" aria-label={label} data-points={series[0]?.points.length} data-last={series[0]?.points.at(-1)?.value} />
  ),
}));

const mover = (symbol: string, company: string, close: number, change_pct: number, volume: number | null, traded_value: number | null) => ({
  symbol,
  company,
  industry: 'Automobile',
  close,
  change_pct,
  volume,
  traded_value,
});

const OVERVIEW = {
  as_of: '2024-03-28',
  index: {
    symbol: 'NIFTY 50',
    as_of: '2024-03-28',
    close: 22326.9,
    change: 203.25,
    change_pct: 0.92,
    high_52w: 22526.6,
    low_52w: 16828.35,
    history: [
      { date: '2024-03-26', close: 22004.7 },
      { date: '2024-03-27', close: 22123.65 },
      { date: '2024-03-28', close: 22326.9 },
    ],
  },
  breadth: { advancers: 1234, decliners: 567, unchanged: 89 },
  gainers: [mover('M&M', 'Mahindra & Mahindra Ltd.', 1915.8, 4.12, 2345678, 4493754332.4), mover('BAJAJ-AUTO', 'Bajaj Auto Ltd.', 9102.55, 3.05, 512345, 4663599000)],
  losers: [mover('TATAMOTORS', 'Tata Motors Ltd.', 991.15, -2.48, 9876543, 9789135000)],
  most_active: [mover('RELIANCE', 'Reliance Industries Ltd.', 2985.4, 0.51, 12345678, 36856190000), mover('ZERO', 'No volume Ltd.', 10, 0, null, null)],
  sectors: [
    { industry: 'Banks', change_pct: -0.35, change_1m_pct: 2.1, stocks: 12, advancers: 4, decliners: 8 },
    { industry: 'Automobile', change_pct: 1.23, change_1m_pct: null, stocks: 15, advancers: 11, decliners: 3 },
  ],
};

const table = (testId: string) => screen.getByTestId(testId);
const rowOf = (testId: string, symbol: string) => within(table(testId)).getByRole('link', { name: symbol }).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('Dashboard market overview', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('shows NIFTY 50, breadth, movers and sectors in Indian formats, with the date of the prices', async () => {
    const { callsTo } = stubFetch((call) => (call.url === '/api/market/overview' ? json(OVERVIEW) : notFound()));
    renderRoutes('/dashboard');

    expect((await screen.findByTestId('index-close', {}, { timeout: 5000 })).textContent).toBe('22,326.9');
    expect(screen.getByTestId('index-change').textContent).toBe('+203.25 (+0.92%)');
    expect(screen.getByTestId('index-high').textContent).toBe('22,526.6');
    expect(screen.getByTestId('index-low').textContent).toBe('16,828.35');
    const chart = screen.getByTestId('line-chart');
    expect(chart.getAttribute('aria-label')).toBe('NIFTY 50 daily close over the last year');
    expect(chart.dataset.points).toBe('3');
    expect(chart.dataset.last).toBe('22326.9');
    const overview = screen.getByRole('region', { name: 'Market overview' });
    expect(within(overview).getByTestId('prices-as-of').textContent).toContain('Prices as of 28 Mar 2024');

    expect(screen.getByTestId('breadth-advancers').textContent).toBe('1,234');
    expect(screen.getByTestId('breadth-decliners').textContent).toBe('567');
    expect(screen.getByTestId('breadth-unchanged').textContent).toBe('89');
    expect(screen.getByRole('img', { name: 'Of 1,890 stocks, 1,234 rose, 567 fell, 89 were flat.' })).toBeTruthy();

    expect(screen.getByRole('heading', { level: 3, name: 'Top gainers' })).toBeTruthy();
    expect(cells(rowOf('gainers', 'M&M'))).toEqual(['₹1,915.80', '+4.12%']);
    expect(cells(rowOf('gainers', 'BAJAJ-AUTO'))).toEqual(['₹9,102.55', '+3.05%']);
    expect(rowOf('gainers', 'M&M').textContent).toContain('Mahindra & Mahindra Ltd.');
    expect(cells(rowOf('losers', 'TATAMOTORS'))).toEqual(['₹991.15', '−2.48%']);
    expect(cells(rowOf('most-active', 'RELIANCE'))).toEqual(['₹2,985.40', '+0.51%', '1,23,45,678', '₹3,686 Cr']);
    expect(cells(rowOf('most-active', 'ZERO'))).toEqual(['₹10.00', '0.00%', '—', '—']);

    const sectors = within(table('sector-table')).getAllByRole('row').slice(1);
    expect(sectors.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Automobile', 'Banks']);
    expect(cells(sectors[0]!)).toEqual(['+1.23%', '—', '15', '11 / 3']);
    expect(cells(sectors[1]!)).toEqual(['−0.35%', '+2.10%', '12', '4 / 8']);

    expect(screen.queryByTestId('index-as-of')).toBeNull();
    // The system status is for administrators, on /admin.
    expect(screen.queryByRole('heading', { name: 'System status' })).toBeNull();
    expect(callsTo('/api/market/overview')).toHaveLength(1);
  });

  it("puts the index's own date first on its card when its data ends before the stocks'", async () => {
    const overview = { ...OVERVIEW, index: { ...OVERVIEW.index, as_of: '2024-03-07' } };
    stubFetch((call) => (call.url === '/api/market/overview' ? json(overview) : notFound()));
    renderRoutes('/dashboard');
    const badge = await screen.findByTestId('index-as-of', {}, { timeout: 5000 });
    expect(badge.textContent).toBe('As of 7 Mar 2024 — 3 weeks before the stock prices');
    // On the NIFTY 50 card, right under its title and before its figures.
    const card = screen.getByRole('region', { name: 'NIFTY 50' });
    expect(card.contains(badge)).toBe(true);
    expect(within(card).getByRole('heading', { name: 'NIFTY 50' }).nextElementSibling).toBe(badge);
    expect(badge.compareDocumentPosition(screen.getByTestId('index-close')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByTestId('prices-as-of')[0]?.textContent).toContain('Prices as of 28 Mar 2024');
  });

  it('counts a one-day gap in days', async () => {
    const overview = { ...OVERVIEW, index: { ...OVERVIEW.index, as_of: '2024-03-27' } };
    stubFetch((call) => (call.url === '/api/market/overview' ? json(overview) : notFound()));
    renderRoutes('/dashboard');
    expect((await screen.findByTestId('index-as-of', {}, { timeout: 5000 })).textContent).toBe('As of 27 Mar 2024 — 1 day before the stock prices');
  });

  it('links every stock to its technical analysis', async () => {
    stubFetch((call) => (call.url === '/api/market/overview' ? json(OVERVIEW) : notFound()));
    const { router } = renderRoutes('/');
    const link = within(await screen.findByTestId('gainers', {}, { timeout: 5000 })).getByRole('link', { name: 'M&M' });
    expect(link.getAttribute('href')).toBe('/technical-analysis?symbol=M%26M');
    expect(within(table('most-active')).getByRole('link', { name: 'RELIANCE' }).getAttribute('href')).toBe('/technical-analysis?symbol=RELIANCE');

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/technical-analysis'));
    expect(new URLSearchParams(router.state.location.search).get('symbol')).toBe('M&M');
  });

  it("shows the server's error with a retry", async () => {
    let available = false;
    stubFetch((call) => {
      if (call.url !== '/api/market/overview') return notFound();
      return available ? json(OVERVIEW) : json({ detail: 'The market service is not available.' }, 503);
    });
    renderRoutes('/dashboard');

    const message = await screen.findByText('Could not load the market overview: The market service is not available.', {}, { timeout: 5000 });
    available = true;
    fireEvent.click(within(message.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('index-close')).textContent).toBe('22,326.9');
  });
});
