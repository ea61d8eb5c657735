/**
 * Test answers of the portfolio routes, typed with proto's contracts (the answer check runs on them in tests too).
 * Prices are the real closes of the days named, up to 28 Mar 2024, the last day of the price data; holdings and
 * totals are worked out from the transactions below, as the service would.
 */
import type {
  AlertCreateRequest,
  Alerts,
  Holding,
  MarketSymbols,
  PortfolioRisk,
  PortfolioSummary,
  PortfolioTransaction,
  PortfolioWhatIf,
  PriceAlert,
  TradebookImportResponse,
  Watchlist,
} from '@nivesh/proto';
import type { FetchCall } from '../../../testing/fetch-mock';
import { ME, json, notFound, premiumStatus } from '../../../testing/fetch-mock';
import { ALERTS_PATHS, PORTFOLIO_PATHS } from '@nivesh/proto/values';

export const AS_OF = '2024-03-28';

const round2 = (value: number) => Math.round(value * 100) / 100;

type Position = Pick<Holding, 'symbol' | 'company' | 'industry' | 'quantity' | 'invested' | 'close'>;

/** A holding from what was paid and the close, its weight left for `weighted` to fill in. */
const holding = ({ symbol, company, industry, quantity, invested, close }: Position): Holding => {
  const value = round2(quantity * close);
  return {
    symbol,
    company,
    industry,
    quantity,
    invested: round2(invested),
    average_cost: round2(invested / quantity),
    close,
    close_date: AS_OF,
    value,
    unrealised: round2(value - invested),
    unrealised_pct: round2(((value - invested) / invested) * 100),
    weight_pct: 0,
  };
};

const weighted = (holdings: Holding[]): Holding[] => {
  const total = holdings.reduce((sum, entry) => sum + entry.value, 0);
  return holdings.map((entry) => ({ ...entry, weight_pct: round2((entry.value / total) * 100) }));
};

const sum = (holdings: readonly Holding[], key: 'invested' | 'value' | 'unrealised') =>
  round2(holdings.reduce((total, entry) => total + entry[key], 0));

const bySector = (holdings: readonly Holding[]): PortfolioSummary['allocation']['by_sector'] => {
  const total = sum(holdings, 'value');
  const sectors = new Map<string, number>();
  for (const entry of holdings) sectors.set(entry.industry, (sectors.get(entry.industry) ?? 0) + entry.value);
  return [...sectors]
    .map(([sector, value]) => ({ sector, value: round2(value), weight_pct: round2((value / total) * 100) }))
    .sort((a, b) => b.value - a.value);
};

type RiskFigures = Omit<PortfolioRisk, 'from' | 'to' | 'returns' | 'contributions'> & {
  /** Each stock's share of the risk, in %. */
  shares: Record<string, number>;
};

/**
 * The risk of `holdings` over the year to AS_OF at their weights: figures of the size the year's daily closes give
 * (worked out once from the closes in the price data, rounded), each holding's weight as the summary has it.
 */
const riskOf = (holdings: readonly Holding[], { shares, ...figures }: RiskFigures): PortfolioRisk => ({
  from: '2023-03-28',
  to: AS_OF,
  returns: 247,
  ...figures,
  contributions: holdings.map((entry) => ({
    symbol: entry.symbol,
    weight_pct: entry.weight_pct,
    risk_share_pct: shares[entry.symbol] ?? null,
  })),
});

// ---- the logged-in user's portfolio ---------------------------------------------------------------------------------

/** Newest first, as GET /api/portfolio/transactions answers. */
export const TRANSACTIONS: PortfolioTransaction[] = [
  {
    id: 'tx-8',
    symbol: 'HDFCBANK',
    date: '2023-06-12',
    kind: 'buy',
    quantity: 15,
    price: 1600.8,
    charges: 24,
    note: 'Bought after the merger',
    source: 'manual',
    trade_ids: [],
  },
  {
    id: 'tx-7',
    symbol: 'ITC',
    date: '2023-06-12',
    kind: 'sell',
    quantity: 40,
    price: 436.95,
    charges: 17.5,
    note: null,
    source: 'upstox',
    trade_ids: ['88120331'],
  },
  {
    id: 'tx-6',
    symbol: 'INFY',
    date: '2023-06-12',
    kind: 'sell',
    quantity: 5,
    price: 1291.95,
    charges: 8,
    note: null,
    source: 'zerodha',
    trade_ids: ['61230007'],
  },
  {
    id: 'tx-5',
    symbol: 'ITC',
    date: '2023-06-01',
    kind: 'dividend',
    quantity: 60,
    price: 6.75,
    charges: 0,
    note: 'Final dividend FY2022-23',
    source: 'manual',
    trade_ids: [],
  },
  {
    id: 'tx-4',
    symbol: 'TCS',
    date: '2023-01-10',
    kind: 'sell',
    quantity: 5,
    price: 3286.4,
    charges: 16.5,
    note: null,
    source: 'zerodha',
    trade_ids: ['58110002'],
  },
  {
    id: 'tx-3',
    symbol: 'INFY',
    date: '2023-01-10',
    kind: 'buy',
    quantity: 20,
    price: 1469.75,
    charges: 29.4,
    note: null,
    source: 'zerodha',
    trade_ids: ['58110001', '58110003'],
  },
  {
    id: 'tx-2',
    symbol: 'RELIANCE',
    date: '2022-06-15',
    kind: 'buy',
    quantity: 10,
    price: 2596.3,
    charges: 30.1,
    note: null,
    source: 'zerodha',
    trade_ids: ['55510001'],
  },
  {
    id: 'tx-1',
    symbol: 'TCS',
    date: '2022-06-15',
    kind: 'buy',
    quantity: 5,
    price: 3206.3,
    charges: 16,
    note: null,
    source: 'zerodha',
    trade_ids: ['55510002'],
  },
  {
    id: 'tx-0',
    symbol: 'ITC',
    date: '2021-04-01',
    kind: 'buy',
    quantity: 100,
    price: 220.05,
    charges: 22,
    note: null,
    source: 'upstox',
    trade_ids: ['40010001'],
  },
];

/** What is held: RELIANCE 10, INFY 15 of 20 (5 sold), HDFCBANK 15, ITC 60 of 100 (40 sold); TCS all sold. */
export const HOLDINGS: Holding[] = weighted([
  holding({
    symbol: 'RELIANCE',
    company: 'Reliance Industries Ltd.',
    industry: 'Oil Gas & Consumable Fuels',
    quantity: 10,
    invested: 25_963 + 30.1,
    close: 2971.7,
  }),
  holding({
    symbol: 'INFY',
    company: 'Infosys Ltd.',
    industry: 'Information Technology',
    quantity: 15,
    invested: 0.75 * (29_395 + 29.4),
    close: 1498.05,
  }),
  holding({
    symbol: 'HDFCBANK',
    company: 'HDFC Bank Ltd.',
    industry: 'Financial Services',
    quantity: 15,
    invested: 24_012 + 24,
    close: 1447.9,
  }),
  holding({
    symbol: 'ITC',
    company: 'ITC Ltd.',
    industry: 'Fast Moving Consumer Goods',
    quantity: 60,
    invested: 0.6 * (22_005 + 22),
    close: 428.35,
  }),
]);

/**
 * Realised: TCS bought 15 Jun 2022, sold 10 Jan 2023 (short term, FY2022-23, +₹368.00); INFY 5 sold 12 Jun 2023 after
 * five months (short term, FY2023-24, −₹904.35); ITC 40 sold 12 Jun 2023 after two years (long term, +₹8,649.70).
 */
export const REALISED: PortfolioSummary['realised'] = [
  { fiscal_year: 'FY2022-23', short_term: 368, long_term: 0 },
  { fiscal_year: 'FY2023-24', short_term: -904.35, long_term: 8649.7 },
];

export const SUMMARY: PortfolioSummary = {
  as_of: AS_OF,
  holdings: HOLDINGS,
  totals: {
    invested: sum(HOLDINGS, 'invested'),
    value: sum(HOLDINGS, 'value'),
    unrealised: sum(HOLDINGS, 'unrealised'),
    realised: 8113.35,
    dividends: 405,
  },
  realised: REALISED,
  performance: {
    xirr: 14.2,
    nifty_xirr: 12.1,
    first_date: '2021-04-01',
    twr: 46.8,
    twr_annualised: 13.7,
    nifty_return: 51.3,
    // The index's data ends before the stocks'.
    nifty_as_of: '2024-03-07',
  },
  risk: riskOf(HOLDINGS, {
    volatility: 12.75,
    nifty_volatility: 9.88,
    beta: 1.11,
    max_drawdown: -13.41,
    drawdown_peak: '2023-07-19',
    drawdown_trough: '2023-10-26',
    shares: { RELIANCE: 34.24, INFY: 28.53, HDFCBANK: 19.47, ITC: 17.76 },
  }),
  allocation: { by_sector: bySector(HOLDINGS) },
  series: [
    { date: '2021-04-01', value: 22_005, nifty_value: 22_005, invested: 22_027 },
    { date: '2022-06-17', value: 71_214.5, nifty_value: 69_877.1, invested: 73_289.3 },
    { date: '2023-01-13', value: 87_540.2, nifty_value: 85_917.6, invested: 86_682.9 },
    { date: '2023-06-16', value: 93_310.75, nifty_value: 90_120.4, invested: 85_313.6 },
    { date: '2023-12-29', value: 101_245.3, nifty_value: 97_812.9, invested: 85_313.6 },
    { date: '2024-03-28', value: sum(HOLDINGS, 'value'), nifty_value: null, invested: sum(HOLDINGS, 'invested') },
  ],
  example: null,
  notes: [],
};

/** A user with no transactions yet. */
export const EMPTY_SUMMARY: PortfolioSummary = {
  as_of: null,
  holdings: [],
  totals: { invested: 0, value: 0, unrealised: 0, realised: 0, dividends: 0 },
  realised: [],
  performance: {
    xirr: null,
    nifty_xirr: null,
    first_date: null,
    twr: null,
    twr_annualised: null,
    nifty_return: null,
    nifty_as_of: null,
  },
  risk: null,
  allocation: { by_sector: [] },
  series: [],
  example: null,
  notes: [],
};

// ---- the open example --------------------------------------------------------------------------------------------

/** Ten NIFTY 50 stocks, about ₹10,000 of each at the closes of 3 Apr 2023, with 0.12 % in charges. */
const EXAMPLE_BUYS: ReadonlyArray<[string, string, string, number, number]> = [
  ['RELIANCE', 'Reliance Industries Ltd.', 'Oil Gas & Consumable Fuels', 2331.45, 2971.7],
  ['TCS', 'Tata Consultancy Services Ltd.', 'Information Technology', 3200, 3876.3],
  ['HDFCBANK', 'HDFC Bank Ltd.', 'Financial Services', 1610.55, 1447.9],
  ['INFY', 'Infosys Ltd.', 'Information Technology', 1410.85, 1498.05],
  ['ICICIBANK', 'ICICI Bank Ltd.', 'Financial Services', 883.8, 1093.3],
  ['HINDUNILVR', 'Hindustan Unilever Ltd.', 'Fast Moving Consumer Goods', 2536.1, 2264.35],
  ['ITC', 'ITC Ltd.', 'Fast Moving Consumer Goods', 378.9, 428.35],
  ['BHARTIARTL', 'Bharti Airtel Ltd.', 'Telecommunication', 760.55, 1228.6],
  ['LT', 'Larsen & Toubro Ltd.', 'Construction', 2170.15, 3763.9],
  ['SBIN', 'State Bank of India', 'Financial Services', 526.75, 752.35],
];

const EXAMPLE_HOLDINGS = weighted(
  EXAMPLE_BUYS.map(([symbol, company, industry, price, close]) => {
    const quantity = Math.floor(10_000 / price);
    return holding({ symbol, company, industry, quantity, invested: quantity * price * 1.0012, close });
  }),
);

export const EXAMPLE_TEXT = 'An example: about ₹10,000 in each of ten NIFTY 50 stocks on 3 Apr 2023, held since.';

export const EXAMPLE: PortfolioSummary = {
  as_of: AS_OF,
  holdings: EXAMPLE_HOLDINGS,
  totals: {
    invested: sum(EXAMPLE_HOLDINGS, 'invested'),
    value: sum(EXAMPLE_HOLDINGS, 'value'),
    unrealised: sum(EXAMPLE_HOLDINGS, 'unrealised'),
    realised: 0,
    dividends: 0,
  },
  realised: [],
  // Less than a year: the time-weighted return is not annualised.
  performance: {
    xirr: 25.73,
    nifty_xirr: 29.04,
    first_date: '2023-04-03',
    twr: 24.91,
    twr_annualised: null,
    nifty_return: 29.29,
    nifty_as_of: '2024-03-07',
  },
  risk: riskOf(EXAMPLE_HOLDINGS, {
    volatility: 10.07,
    nifty_volatility: 9.88,
    beta: 0.94,
    max_drawdown: -6.23,
    drawdown_peak: '2023-09-15',
    drawdown_trough: '2023-10-26',
    shares: {
      RELIANCE: 11.05,
      TCS: 10,
      HDFCBANK: 7.43,
      INFY: 13.06,
      ICICIBANK: 8.52,
      HINDUNILVR: 3.31,
      ITC: 7.79,
      BHARTIARTL: 10.79,
      LT: 16.01,
      SBIN: 12.05,
    },
  }),
  allocation: { by_sector: bySector(EXAMPLE_HOLDINGS) },
  series: [
    { date: '2023-04-06', value: 96_940.5, nifty_value: 97_310.2, invested: sum(EXAMPLE_HOLDINGS, 'invested') },
    { date: '2023-06-30', value: 104_622.8, nifty_value: 106_452.1, invested: sum(EXAMPLE_HOLDINGS, 'invested') },
    { date: '2023-09-29', value: 106_118.4, nifty_value: 108_944.7, invested: sum(EXAMPLE_HOLDINGS, 'invested') },
    { date: '2023-12-29', value: 115_933.6, nifty_value: 120_556.3, invested: sum(EXAMPLE_HOLDINGS, 'invested') },
    {
      date: AS_OF,
      value: sum(EXAMPLE_HOLDINGS, 'value'),
      nifty_value: null,
      invested: sum(EXAMPLE_HOLDINGS, 'invested'),
    },
  ],
  example: EXAMPLE_TEXT,
  notes: [],
};

// ---- import and the stock list -----------------------------------------------------------------------------------

export const IMPORTED: TradebookImportResponse = {
  broker: 'zerodha',
  trades: 42,
  added: 12,
  already_imported: 30,
  skipped: [
    { line: 5, reason: 'segment FO is not equity' },
    { line: 17, reason: 'segment FO is not equity' },
    { line: 31, reason: 'segment MF is not equity' },
  ],
};

/** The service's answer to a trade book with a malformed row: nothing of the file is kept. */
export const MALFORMED_DETAIL = "line 7: quantity 'ten' is not a number";

const stock = (symbol: string, company: string, industry: string) => ({
  symbol,
  company,
  industry,
  isin: null,
  first_date: '2015-01-01',
  last_date: AS_OF,
});

export const SYMBOLS: MarketSymbols = [
  stock('INFY', 'Infosys Ltd.', 'Information Technology'),
  stock('ITC', 'ITC Ltd.', 'Fast Moving Consumer Goods'),
  stock('RELIANCE', 'Reliance Industries Ltd.', 'Oil Gas & Consumable Fuels'),
  stock('TCS', 'Tata Consultancy Services Ltd.', 'Information Technology'),
];

// ---- watchlists -----------------------------------------------------------------------------------------------

type WatchlistItem = Watchlist['items'][number];

/**
 * Stocks at the close of 28 Mar 2024: the change against the close of 27 Mar, the range the lowest low and highest
 * high of the year to then.
 */
export const WATCHLIST_ITEMS: Record<string, WatchlistItem> = {
  HDFCBANK: {
    symbol: 'HDFCBANK',
    company: 'HDFC Bank Ltd.',
    close: 1447.9,
    as_of: AS_OF,
    change_pct: 0.5,
    low_52w: 1363.55,
    high_52w: 1757.5,
  },
  ICICIBANK: {
    symbol: 'ICICIBANK',
    company: 'ICICI Bank Ltd.',
    close: 1093.3,
    as_of: AS_OF,
    change_pct: 0.88,
    low_52w: 848,
    high_52w: 1113.55,
  },
  INFY: {
    symbol: 'INFY',
    company: 'Infosys Ltd.',
    close: 1498.05,
    as_of: AS_OF,
    change_pct: 0.96,
    low_52w: 1185.3,
    high_52w: 1733,
  },
  RELIANCE: {
    symbol: 'RELIANCE',
    company: 'Reliance Industries Ltd.',
    close: 2971.7,
    as_of: AS_OF,
    change_pct: -0.47,
    low_52w: 2211.1,
    high_52w: 3024.9,
  },
  TCS: {
    symbol: 'TCS',
    company: 'Tata Consultancy Services Ltd.',
    close: 3876.3,
    as_of: AS_OF,
    change_pct: 0.92,
    low_52w: 3070.25,
    high_52w: 4254.75,
  },
};

const item = (symbol: string): WatchlistItem => WATCHLIST_ITEMS[symbol]!;

/** Two watchlists with stocks and one still empty, as GET /api/portfolio/watchlists answers. */
export const WATCHLISTS: Watchlist[] = [
  { id: 'wl-1', name: 'Banks', items: [item('HDFCBANK'), item('ICICIBANK')] },
  { id: 'wl-2', name: 'IT and energy', items: [item('INFY'), item('RELIANCE')] },
  { id: 'wl-3', name: 'To read about', items: [] },
];

/** The watchlists after a change, as the server answers every one of them: the whole list. */
const changedWatchlists = (call: FetchCall): Watchlist[] => {
  const body = call.body as { id?: string; name?: string; symbol?: string };
  if (call.url === PORTFOLIO_PATHS.portfolioCreateWatchlist) {
    return [...WATCHLISTS, { id: 'wl-new', name: body.name ?? '', items: [] }];
  }
  if (call.url === PORTFOLIO_PATHS.portfolioDeleteWatchlist) return WATCHLISTS.filter((entry) => entry.id !== body.id);
  return WATCHLISTS.map((entry) => {
    if (entry.id !== body.id) return entry;
    const others = entry.items.filter((stock) => stock.symbol !== body.symbol);
    const added = call.url === PORTFOLIO_PATHS.portfolioAddToWatchlist ? [item(body.symbol ?? '')] : [];
    return { ...entry, items: [...others, ...added] };
  });
};

// ---- the premium what-if ----------------------------------------------------------------------------------------

/** Share of each holding in the two textbook mixes (in %, each mix adding up to 100). */
const MIXES: Record<string, { min_variance_pct: number; risk_parity_pct: number }> = {
  RELIANCE: { min_variance_pct: 18.4, risk_parity_pct: 23.29 },
  ITC: { min_variance_pct: 42.2, risk_parity_pct: 30.99 },
  INFY: { min_variance_pct: 12.1, risk_parity_pct: 20.31 },
  HDFCBANK: { min_variance_pct: 27.3, risk_parity_pct: 25.41 },
};

export const WHAT_IF: PortfolioWhatIf = {
  as_of: AS_OF,
  from: '2023-03-28',
  to: AS_OF,
  returns: 247,
  holdings: HOLDINGS.map((entry) => ({
    symbol: entry.symbol,
    company: entry.company,
    current_pct: entry.weight_pct,
    ...MIXES[entry.symbol]!,
  })),
  volatility: { current: 12.75, min_variance: 11.02, risk_parity: 12.39 },
  assumptions: [
    'The mixes come from how the stocks’ daily returns varied and moved together over the window; the future can differ.',
    'No short selling: every weight is between 0 % and 100 %.',
    'Charges, taxes and the cost of trading to reach a mix are left out.',
  ],
  unavailable: null,
};

/** The what-if of someone holding one stock: nothing to mix. */
export const WHAT_IF_UNAVAILABLE: PortfolioWhatIf = {
  ...WHAT_IF,
  from: null,
  to: null,
  returns: 0,
  holdings: [],
  volatility: { current: null, min_variance: null, risk_parity: null },
  unavailable: 'A mix needs at least two stocks held; you hold one.',
};

// ---- alerts -----------------------------------------------------------------------------------------------------

/** A free account's alerts, as GET /api/portfolio/alerts answers: one never fired, one fired, one paused. */
export const ALERT_LIST: PriceAlert[] = [
  {
    id: 'al-1',
    symbol: 'RELIANCE',
    company: 'Reliance Industries Ltd.',
    rule: { kind: 'price_above', params: { level: 3000 } },
    description: 'RELIANCE closes above ₹3,000',
    email: true,
    created_at: '2024-03-01T09:30:00.000Z',
    checked_through: AS_OF,
    last_fired: null,
    status: 'active',
  },
  {
    id: 'al-2',
    symbol: 'INFY',
    company: 'Infosys Ltd.',
    rule: { kind: 'move_pct', params: { threshold_pct: 5, direction: 'either' } },
    description: 'INFY moves 5 % or more in a day, up or down',
    email: false,
    created_at: '2023-12-20T11:00:00.000Z',
    checked_through: AS_OF,
    last_fired: '2024-01-12',
    status: 'active',
  },
  {
    id: 'al-3',
    symbol: 'HDFCBANK',
    company: 'HDFC Bank Ltd.',
    rule: { kind: 'rsi_cross', params: { level: 30, direction: 'below' } },
    description: 'HDFCBANK’s 14-day RSI falls to 30',
    email: true,
    created_at: '2023-11-02T08:15:00.000Z',
    checked_through: '2024-02-29',
    last_fired: '2024-01-18',
    status: 'paused',
  },
];

export const ALERTS: Alerts = { alerts: ALERT_LIST, limit: 5, is_premium: false };

/** The alerts after a change, as the server answers each: the whole list. */
const changedAlerts = (call: FetchCall): Alerts => {
  if (call.url === ALERTS_PATHS.portfolioDeleteAlert) {
    const { id } = call.body as { id: string };
    return { ...ALERTS, alerts: ALERT_LIST.filter((entry) => entry.id !== id) };
  }
  const body = call.body as AlertCreateRequest;
  const created: PriceAlert = {
    id: 'al-new',
    symbol: body.symbol,
    company: SYMBOLS.find((entry) => entry.symbol === body.symbol)?.company ?? body.symbol,
    rule: body.rule,
    description: `${body.symbol} alert set`,
    email: body.email,
    created_at: '2024-03-29T10:00:00.000Z',
    checked_through: null,
    last_fired: null,
    status: 'active',
  };
  return { ...ALERTS, alerts: [created, ...ALERT_LIST] };
};

type Handler = (call: FetchCall) => Response | Promise<Response>;

type Routes = Partial<
  Record<
    | 'summary'
    | 'transactions'
    | 'add'
    | 'remove'
    | 'import'
    | 'example'
    | 'watchlists'
    | 'createWatchlist'
    | 'deleteWatchlist'
    | 'addToWatchlist'
    | 'removeFromWatchlist'
    | 'whatIf'
    | 'alerts'
    | 'createAlert'
    | 'deleteAlert'
    | 'premiumStatus',
    Handler
  >
>;

/** The watchlist routes: the list, and each change answered with the whole list after it. */
const watchlistRoute = (routes: Routes, call: FetchCall): Response | Promise<Response> | null => {
  const changed = (handler: Handler | undefined) =>
    handler ? handler(call) : json({ watchlists: changedWatchlists(call) });
  if (call.url === PORTFOLIO_PATHS.portfolioWatchlists) {
    if (call.method === 'POST') return changed(routes.createWatchlist);
    return routes.watchlists ? routes.watchlists(call) : json({ watchlists: WATCHLISTS });
  }
  if (call.url === PORTFOLIO_PATHS.portfolioDeleteWatchlist) return changed(routes.deleteWatchlist);
  if (call.url === PORTFOLIO_PATHS.portfolioAddToWatchlist) return changed(routes.addToWatchlist);
  if (call.url === PORTFOLIO_PATHS.portfolioRemoveFromWatchlist) return changed(routes.removeFromWatchlist);
  return null;
};

/** A gateway answering the portfolio routes with the fixtures above, or with the handlers given. */
export const portfolioServer =
  (routes: Routes = {}) =>
  (call: FetchCall): Response | Promise<Response> => {
    if (call.url === '/me') return json(ME);
    if (call.url === '/api/market/symbols') return json(SYMBOLS);
    // A free account unless a test says otherwise.
    if (call.url.startsWith('/api/premium/status')) {
      return routes.premiumStatus ? routes.premiumStatus(call) : json(premiumStatus({ is_premium: false }));
    }
    const watchlists = watchlistRoute(routes, call);
    if (watchlists) return watchlists;
    if (call.url === PORTFOLIO_PATHS.portfolioWhatIf) return routes.whatIf ? routes.whatIf(call) : json(WHAT_IF);
    if (call.url === ALERTS_PATHS.portfolioAlerts) {
      if (call.method === 'POST') return routes.createAlert ? routes.createAlert(call) : json(changedAlerts(call));
      return routes.alerts ? routes.alerts(call) : json(ALERTS);
    }
    if (call.url === ALERTS_PATHS.portfolioDeleteAlert) {
      return routes.deleteAlert ? routes.deleteAlert(call) : json(changedAlerts(call));
    }
    if (call.url === PORTFOLIO_PATHS.portfolioSummary) return routes.summary ? routes.summary(call) : json(SUMMARY);
    if (call.url === PORTFOLIO_PATHS.portfolioExample) return routes.example ? routes.example(call) : json(EXAMPLE);
    if (call.url === PORTFOLIO_PATHS.portfolioImport) return routes.import ? routes.import(call) : json(IMPORTED);
    if (call.url === PORTFOLIO_PATHS.portfolioDeleteTransaction) {
      if (routes.remove) return routes.remove(call);
      const { id } = call.body as { id: string };
      return json({ transactions: TRANSACTIONS.filter((entry) => entry.id !== id) });
    }
    if (call.url === PORTFOLIO_PATHS.portfolioTransactions) {
      if (call.method === 'POST') {
        if (routes.add) return routes.add(call);
        const body = call.body as object;
        return json({ id: 'tx-new', source: 'manual', trade_ids: [], note: null, charges: 0, ...body }, 201);
      }
      return routes.transactions ? routes.transactions(call) : json({ transactions: TRANSACTIONS });
    }
    return notFound();
  };
