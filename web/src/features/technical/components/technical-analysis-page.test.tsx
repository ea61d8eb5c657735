import { indicatorColumns } from '@nivesh/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PriceChartProps } from '../../../components/market/price-chart';
import { reload } from '../../../lib/session';
import type { FetchCall } from '../../../testing/fetch-mock';
import { json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';

// jsdom has no canvas: the lazily loaded chart is replaced by its props, as the page passes them.
vi.mock('../../../components/market/price-chart', () => ({
  PriceChart: ({ bars, indicators, overlays = [], panes = [], label }: PriceChartProps) => (
    <div
      data-testid="price-chart"
      data-bars={bars.length}
      data-indicators={indicators ? 'yes' : 'no'}
      data-overlays={overlays.join(',')}
      data-panes={panes.join(',')}
      aria-label={label}
    />
  ),
}));

const points = (values: number[]) => values.map((value, index) => ({ date: `2024-03-2${6 + index}`, value }));
const DATES = ['2024-03-26', '2024-03-27', '2024-03-28'];

const QUOTE = {
  symbol: 'INFY',
  company: 'Infosys Ltd.',
  as_of: '2024-03-28',
  close: 1498.15,
  change: 12.3,
  change_pct: 0.83,
  high_52w: 1733,
  low_52w: 1215.45,
  volume: 12345678,
};

const history = (adjusted: boolean) => ({
  symbol: 'INFY',
  adjusted,
  bars: [
    { date: '2024-03-26', open: 1480, high: 1490, low: 1470, close: 1482, volume: 1000000 },
    { date: '2024-03-27', open: 1482, high: 1495, low: 1478, close: 1485.85, volume: 1100000 },
    { date: '2024-03-28', open: 1486, high: 1502, low: 1484, close: 1498.15, volume: 12345678 },
  ],
});

const INDICATORS = {
  symbol: 'INFY',
  as_of: '2024-03-28',
  adjusted: true,
  series: {
    sma20: points([1470, 1472, 1474.5]),
    sma50: points([1500, 1499, 1498.25]),
    ema20: points([1471, 1473, 1476]),
    rsi14: points([51.2, 53.4, 56.21]),
    macd: { macd: points([-3, -2, -1.25]), signal: points([-4, -3, -2.5]), histogram: points([1, 1, 1.25]) },
    bollinger20: { upper: points([1520, 1521, 1522]), middle: points([1470, 1472, 1474.5]), lower: points([1420, 1423, 1427]) },
    atr14: points([25, 24.5, 24.75]),
    adx14: points([18, 19, 21.4]),
    stochastic14: { k: points([60, 70, 82.5]), d: points([55, 62, 70.83]) },
    obv: points([1000000, 2100000, 14445678]),
    vwap: points([1480, 1482, 1490.12]),
  },
};

/** Every indicator without a point: what a stock's first days answer. */
const NO_POINTS = {
  sma20: [],
  sma50: [],
  ema20: [],
  rsi14: [],
  macd: { macd: [], signal: [], histogram: [] },
  bollinger20: { upper: [], middle: [], lower: [] },
  atr14: [],
  adx14: [],
  stochastic14: { k: [], d: [] },
  obv: [],
  vwap: [],
};

const SUMMARY = {
  symbol: 'INFY',
  company: 'Infosys Ltd.',
  as_of: '2024-03-28',
  close: 1498.15,
  trend: {
    label: 'sideways',
    meaning: 'The price and its 50- and 200-day averages do not line up in one direction.',
    figures: { close: 1498.15, sma50: 1498.25, sma200: 1520.4, sma50_slope_pct: -0.42 },
  },
  momentum: {
    label: 'strong',
    meaning: 'RSI between 55 and 70 means gains have outweighed losses lately.',
    figures: { rsi14: 56.21, macd_histogram: 1.25, return_1m_pct: 3.1 },
  },
  volatility: {
    label: 'normal',
    meaning: 'Daily price swings are within their usual range of the last year.',
    figures: { atr14_pct: 1.65, realised_20d_pct: 21.4, percentile: null },
  },
  support: [{ price: 1450.5, touches: 3, last_date: '2024-02-14' }],
  resistance: [
    { price: 1520.25, touches: 2, last_date: '2024-01-30' },
    { price: 123456.75, touches: 4, last_date: '2023-12-11' },
  ],
};

const SYMBOLS = [
  { symbol: 'INFY', company: 'Infosys Ltd.', industry: 'Information Technology', isin: null, first_date: '2000-01-03', last_date: '2024-03-28' },
  { symbol: 'TCS', company: 'Tata Consultancy Services Ltd.', industry: 'Information Technology', isin: null, first_date: '2004-08-25', last_date: '2024-03-28' },
];

type Answers = { quote?: (call: FetchCall) => Response; indicators?: () => Response; summary?: () => Response };

const server = (answers: Answers = {}) =>
  stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    switch (url.pathname) {
      case '/api/market/quote':
        return answers.quote ? answers.quote(call) : json({ ...QUOTE, symbol: url.searchParams.get('symbol') });
      case '/api/market/history':
        return json(history(url.searchParams.get('adjusted') !== 'false'));
      case '/api/market/indicators':
        return answers.indicators ? answers.indicators() : json({ ...INDICATORS, dates: DATES, series: indicatorColumns(DATES, INDICATORS.series) });
      case '/api/market/summary':
        return answers.summary ? answers.summary() : json(SUMMARY);
      case '/api/market/symbols':
        return json(SYMBOLS);
      default:
        return notFound();
    }
  });

const chart = async () => screen.findByTestId('price-chart', {}, { timeout: 5000 });

describe('TechnicalAnalysisPage', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('shows the quote, the chart, the latest indicators and the summary from the API', async () => {
    const { calls } = server();
    renderRoutes('/technical-analysis?symbol=INFY');

    const header = await screen.findByTestId('quote-header', {}, { timeout: 5000 });
    expect(within(header).getByRole('heading', { level: 2, name: 'Infosys Ltd.' })).toBeTruthy();
    expect(screen.getByTestId('quote-close').textContent).toBe('₹1,498.15');
    expect(screen.getByTestId('quote-change').textContent).toBe('+₹12.30 (+0.83%)');
    expect(screen.getByTestId('quote-high').textContent).toBe('₹1,733.00');
    expect(screen.getByTestId('quote-low').textContent).toBe('₹1,215.45');
    expect(screen.getByTestId('quote-volume').textContent).toBe('1,23,45,678');
    expect(within(header).getByTestId('prices-as-of').textContent).toContain('Prices as of 28 Mar 2024');

    const plot = await chart();
    expect(plot.dataset.bars).toBe('3');
    expect(plot.dataset.overlays).toBe('sma20,sma50');
    expect(plot.dataset.panes).toBe('rsi14');
    await waitFor(() => expect(plot.dataset.indicators).toBe('yes'));
    expect(plot.getAttribute('aria-label')).toBe('INFY: daily candles and volume over 1 year, split/bonus adjusted, in rupees.');

    expect((await screen.findByText('RSI (14)')).closest('tr')?.textContent).toBe('RSI (14)56.21');
    expect(screen.getByTestId('rsi-value').textContent).toBe('56.21');
    expect(screen.getByRole('rowheader', { name: 'ATR (14)' }).closest('tr')?.textContent).toContain('₹24.75');
    expect(screen.getByRole('rowheader', { name: 'OBV (since 26 Mar 2024)' }).closest('tr')?.textContent).toContain('1,44,45,678');

    const momentum = await screen.findByTestId('reading-momentum');
    expect(within(momentum).getByRole('heading', { level: 3 }).textContent).toBe('Momentum: Strong');
    expect(momentum.textContent).toContain('RSI between 55 and 70 means gains have outweighed losses lately.');
    expect(momentum.textContent).toContain('1-month return+3.10%');
    expect(screen.getByTestId('reading-trend').textContent).toContain('200-day average₹1,520.40');
    expect(screen.getByTestId('reading-volatility').textContent).toContain('Rank of today’s range in the last year (percentile)—');

    // The copy says what a level is; each row says how often the price turned there.
    expect(screen.getByTestId('levels-explained').textContent).toContain('a price where the stock turned at least twice in the last year');
    expect(within(screen.getByTestId('support')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', '14 Feb 2024']);
    expect(within(screen.getByTestId('support')).getByRole('rowheader').textContent).toBe('₹1,450.50');
    expect(within(screen.getByTestId('resistance')).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['₹1,520.25', '₹1,23,456.75']);
    expect(screen.getAllByText(/Educational analysis only/)).toHaveLength(1);
    expect(screen.queryByTestId('short-history')).toBeNull();

    const urls = calls.map((call) => call.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/market/quote?symbol=INFY',
        '/api/market/history?symbol=INFY&range=1y&adjusted=true',
        '/api/market/indicators?symbol=INFY&range=1y',
        '/api/market/summary?symbol=INFY',
      ]),
    );
  });

  it('switches overlays and indicator panes on and off', async () => {
    server();
    renderRoutes('/technical-analysis?symbol=INFY');
    const plot = await chart();

    fireEvent.click(screen.getByRole('checkbox', { name: 'EMA 20' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'SMA 20' }));
    expect(plot.dataset.overlays).toBe('sma50,ema20');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bollinger 20' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'VWAP' }));
    expect(plot.dataset.overlays).toBe('sma50,ema20,bollinger20,vwap');

    fireEvent.click(screen.getByRole('checkbox', { name: 'OBV' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'MACD' }));
    expect(plot.dataset.panes).toBe('rsi14,macd,obv');
    fireEvent.click(screen.getByRole('checkbox', { name: 'RSI 14' }));
    expect(plot.dataset.panes).toBe('macd,obv');
    for (const name of ['Stochastic', 'ADX', 'ATR']) fireEvent.click(screen.getByRole('checkbox', { name }));
    expect(plot.dataset.panes).toBe('macd,stochastic14,adx14,atr14,obv');
    expect((screen.getByRole('checkbox', { name: 'ADX' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks for the chosen range, and for adjusted or as-traded prices', async () => {
    const { calls } = server();
    renderRoutes('/technical-analysis?symbol=INFY');
    await chart();
    const range = screen.getByRole('group', { name: 'Chart range' });
    expect(within(range).getByRole('button', { name: '1Y' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(range).getByRole('button', { name: '5Y' }));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/market/history?symbol=INFY&range=5y&adjusted=true'));
    expect(calls.map((call) => call.url)).toContain('/api/market/indicators?symbol=INFY&range=5y');
    expect(within(range).getByRole('button', { name: '5Y' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('price-chart').getAttribute('aria-label')).toContain('over 5 years'));

    fireEvent.click(within(range).getByRole('button', { name: 'Max' }));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/market/history?symbol=INFY&range=max&adjusted=true'));

    const prices = screen.getByRole('group', { name: 'Prices' });
    expect(within(prices).getByRole('button', { name: 'Split/bonus adjusted' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/so those days show no false drop/)).toBeTruthy();
    fireEvent.click(within(prices).getByRole('button', { name: 'As traded' }));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/market/history?symbol=INFY&range=max&adjusted=false'));
    expect(within(prices).getByRole('button', { name: 'As traded' }).getAttribute('aria-pressed')).toBe('true');
    // Overlays are on adjusted prices: they leave the as-traded chart, and their switches say why.
    await waitFor(() => expect(screen.getByTestId('price-chart').getAttribute('aria-label')).toContain('as traded'));
    expect(screen.getByTestId('price-chart').dataset.overlays).toBe('');
    expect(screen.getByRole('checkbox', { name: 'SMA 20' }).matches(':disabled')).toBe(true);
    expect(screen.getByText('Overlays are computed on adjusted prices, so they are drawn on the adjusted chart only.')).toBeTruthy();

    fireEvent.click(within(prices).getByRole('button', { name: 'Split/bonus adjusted' }));
    await waitFor(() => expect(screen.getByTestId('price-chart').dataset.overlays).toBe('sma20,sma50'));
  });

  it('loads the stock picked in the symbol picker and puts it in the address', async () => {
    const { calls } = server();
    const { router } = renderRoutes('/technical-analysis?symbol=INFY');
    await chart();
    const picker = screen.getByTestId('symbol-picker') as HTMLInputElement;
    await waitFor(() => expect(picker.value).toBe('INFY — Infosys Ltd.'));
    // The picker opens for typing once it shows the stock picked (see SymbolPicker).
    await waitFor(() => expect(picker.disabled).toBe(false));

    fireEvent.change(picker, { target: { value: 'tata' } });
    fireEvent.click(await screen.findByRole('option', { name: 'TCS — Tata Consultancy Services Ltd.' }));
    await waitFor(() => expect(router.state.location.search).toBe('?symbol=TCS'));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/market/quote?symbol=TCS'));
    expect(calls.map((call) => call.url)).toContain('/api/market/history?symbol=TCS&range=1y&adjusted=true');
    expect(calls.map((call) => call.url)).toContain('/api/market/summary?symbol=TCS');
    expect(await screen.findByText('NSE: TCS')).toBeTruthy();
  });

  it("shows the server's error with a retry when the server is failing", async () => {
    let failing = true;
    const { callsTo } = server({
      quote: () => (failing ? json({ detail: 'The market service is not available.' }, 503) : json(QUOTE)),
    });
    renderRoutes('/technical-analysis?symbol=INFY');

    const alert = await screen.findByText('Could not load the quote of INFY: The market service is not available.', {}, { timeout: 5000 });
    failing = false;
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Infosys Ltd.' })).toBeTruthy();
    expect(callsTo('/api/market/quote?symbol=INFY')).toHaveLength(2);
  });

  it('offers no retry for an answer a retry cannot change', async () => {
    server({ quote: () => json({ detail: 'No stock with the symbol INFY.' }, 404) });
    renderRoutes('/technical-analysis?symbol=INFY');

    const alert = await screen.findByText('Could not load the quote of INFY: No stock with the symbol INFY.', {}, { timeout: 5000 });
    expect(within(alert.closest('[role="alert"]') as HTMLElement).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says in words that a symbol in the address is not a stock, and leaves the picker empty to type another', async () => {
    const { calls } = server();
    const { router } = renderRoutes('/technical-analysis?symbol=NOPE');

    expect(
      (await screen.findByText('We have no stock with the symbol NOPE. Pick one from the list above.', {}, { timeout: 5000 })).closest('[role="alert"]'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByTestId('price-chart')).toBeNull();
    const picker = screen.getByTestId('symbol-picker') as HTMLInputElement;
    expect(picker.value).toBe('');
    expect(picker.placeholder).toBe('Symbol or company name');

    fireEvent.change(picker, { target: { value: 'infy' } });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?symbol=INFY'));
    expect(await chart()).toBeTruthy();
    expect(screen.queryByText(/We have no stock/)).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/market/quote?symbol=INFY');
  });

  it('says so when the history or the indicators cannot be loaded', async () => {
    stubFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/api/market/history') return json({ detail: 'The market service is not available.' }, 503);
      if (url.pathname === '/api/market/indicators') return json({ detail: 'The market service is not available.' }, 503);
      if (url.pathname === '/api/market/quote') return json(QUOTE);
      return notFound();
    });
    renderRoutes('/technical-analysis?symbol=INFY');

    expect(
      await screen.findByText('Could not load the price history of INFY: The market service is not available.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Could not load the indicators of INFY: The market service is not available.')).toBeTruthy();
    expect(screen.getByText('Indicators could not be loaded, so the chart shows prices and volume only.')).toBeTruthy();
    expect(screen.queryByTestId('price-chart')).toBeNull();
  });
  it('says how much history a stock added lately has, in place of the indicators it cannot have yet, and keeps its price chart', async () => {
    const series = { ...NO_POINTS, obv: points([1000000, 2100000, 14445678]), vwap: points([1480, 1482, 1490.12]) };
    const unknown = (figures: Record<string, null | number>) => ({ label: 'neutral', meaning: 'There is not enough price history to tell.', figures });
    server({
      quote: () => json({ ...QUOTE, short_history: { sessions: 12, first_date: '2024-03-13', needed: 200 } }),
      indicators: () => json({ ...INDICATORS, dates: DATES, series: indicatorColumns(DATES, series) }),
      summary: () =>
        json({
          ...SUMMARY,
          trend: { ...unknown({ close: 1498.15, sma50: null, sma200: null, sma50_slope_pct: null }), label: 'sideways' },
          momentum: unknown({ rsi14: null, macd_histogram: null, return_1m_pct: null }),
          volatility: { ...unknown({ atr14_pct: null, realised_20d_pct: null, percentile: null }), label: 'normal' },
          support: [],
          resistance: [],
        }),
    });
    renderRoutes('/technical-analysis?symbol=INFY');

    expect((await screen.findByTestId('short-history', {}, { timeout: 5000 })).textContent).toBe(
      'Nivesh has 12 trading days of prices for INFY (since 13 Mar 2024); its moving averages and other indicators need 200, so they appear as more days arrive.',
    );
    expect((await chart()).dataset.bars).toBe('3');
    expect(await screen.findByText('The other indicators appear as more days of prices arrive.')).toBeTruthy();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['VWAP (since 26 Mar 2024)', 'OBV (since 26 Mar 2024)']);
    expect(screen.queryByRole('rowheader', { name: 'RSI (14)' })).toBeNull();
    for (const [key, title] of [['trend', 'Trend'], ['momentum', 'Momentum'], ['volatility', 'Volatility']]) {
      expect(within(await screen.findByTestId(`reading-${key}`)).getByRole('heading', { level: 3 }).textContent).toBe(`${title}: Not enough history yet`);
    }
  });

  it("says that no indicator has a value yet on a stock's first day without volume", async () => {
    const none = indicatorColumns(['2024-03-28'], NO_POINTS);
    server({
      quote: () => json({ ...QUOTE, change: null, change_pct: null, short_history: { sessions: 1, first_date: '2024-03-28', needed: 200 } }),
      indicators: () => json({ ...INDICATORS, dates: ['2024-03-28'], series: none }),
    });
    renderRoutes('/technical-analysis?symbol=INFY');

    expect((await screen.findByTestId('short-history', {}, { timeout: 5000 })).textContent).toContain('Nivesh has 1 trading day of prices for INFY (since 28 Mar 2024)');
    expect(await screen.findByText('No indicator has a value yet; they appear as more days of prices arrive.')).toBeTruthy();
  });
});
