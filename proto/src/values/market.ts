/** The dataset's index series: the market a stock is compared with, and what tells a corporate action from a market fall. */
export const INDEX_SYMBOL = 'NIFTY 50';

/** The paths of the market routes, by their names in `ROUTES`. */
export const MARKET_PATHS = {
  marketSearch: '/api/market/search',
  marketQuote: '/api/market/quote',
  marketHistory: '/api/market/history',
  marketIndicators: '/api/market/indicators',
  marketStatus: '/api/market/status',
  marketFreshness: '/api/market/freshness',
  marketSymbols: '/api/market/symbols',
  marketSummary: '/api/market/summary',
  marketOverview: '/api/market/overview',
  marketSentiment: '/api/market/sentiment',
  marketRisk: '/api/market/risk',
  marketInsights: '/api/market/insights',
  fundamentalsScreener: '/api/fundamentals/screener',
  fundamentalsValuation: '/api/fundamentals/stock',
  fundamentalsBacktest: '/api/fundamentals/backtest',
} as const;
