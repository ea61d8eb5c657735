import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc, systemPatterns } from '../rpc';
import { ALERT_ROUTES, ALERTS } from './alerts';
import { EmptyQuerySchema } from './market';
import { IdSchema, withCaller } from './common';
import { IsoDateSchema, MarketSymbolSchema } from './market-common';
import { NOTE_MAX_LENGTH, PORTFOLIO_PATHS, TRADEBOOK_MAX_CHARS, TRANSACTION_KINDS, TRANSACTION_SOURCES, WATCHLIST_NAME_MAX } from '../values/portfolio';
export { TRADEBOOK_MAX_CHARS, NOTE_MAX_LENGTH, TRANSACTION_KINDS, TRANSACTION_SOURCES, WATCHLISTS_MAX, WATCHLIST_SYMBOLS_MAX, WATCHLIST_NAME_MAX } from '../values/portfolio';

const TAG = 'portfolio';

// ---- transactions ---------------------------------------------------------------------------------------------------

/** The import route's own body limit (others keep 64 kB): the characters above plus room for JSON's escaped line ends and quotes. */
export const TRADEBOOK_BODY_LIMIT_BYTES = 3 * 1024 * 1024;

/** A transaction as entered by hand: a buy or sell of `quantity` shares at `price`, or a dividend of `price` a share on `quantity` shares. */
export const TransactionInputSchema = z.object({
  symbol: MarketSymbolSchema,
  date: IsoDateSchema,
  kind: z.enum(TRANSACTION_KINDS),
  quantity: z.number().positive().max(1e9),
  price: z.number().positive().max(1e9),
  charges: z.number().min(0).max(1e9).default(0),
  note: z.string().trim().max(NOTE_MAX_LENGTH).optional(),
});
export type TransactionInput = z.infer<typeof TransactionInputSchema>;

export const PortfolioTransactionSchema = TransactionInputSchema.extend({
  id: z.string(),
  source: z.enum(TRANSACTION_SOURCES),
  /** The broker's trade ids this transaction sums (same symbol, day and side); empty for one entered by hand. */
  trade_ids: z.array(z.string()),
  note: z.string().nullable(),
});
export type PortfolioTransaction = z.infer<typeof PortfolioTransactionSchema>;
export const TransactionListSchema = z.object({ transactions: z.array(PortfolioTransactionSchema) });

export const TradebookImportRequestSchema = z.object({
  /**
   * The broker's trade-book file as text: a Zerodha Console tradebook CSV, Upstox trade history in the fields of
   * Upstox's Get Trade History API (its JSON answer, or those fields as CSV), or Upstox's trade report saved as CSV.
   */
  csv: z
    .string()
    .min(1, { error: 'The trade book is empty.' })
    .max(TRADEBOOK_MAX_CHARS, { error: `The trade book is larger than ${TRADEBOOK_MAX_CHARS.toLocaleString('en-IN')} characters; split it by year and import each part.` }),
});
export const TradebookImportResponseSchema = z.object({
  broker: z.enum(['zerodha', 'upstox']),
  trades: z.number().int(),
  /** Transactions stored by this import; trades imported before (by trade id) are not stored again. */
  added: z.number().int(),
  already_imported: z.number().int(),
  /** Rows that are not equity trades (F&O, mutual funds), with the reason. */
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type TradebookImportResponse = z.infer<typeof TradebookImportResponseSchema>;

export const DeleteTransactionRequestSchema = z.object({ id: IdSchema });

// ---- holdings and performance ---------------------------------------------------------------------------------------

export const HoldingSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  industry: z.string(),
  /** Shares held today: bought less sold, through splits and bonus issues. */
  quantity: z.number(),
  /** What the shares held cost, charges included (bonus shares cost nothing). */
  invested: z.number(),
  average_cost: z.number(),
  close: z.number(),
  close_date: IsoDateSchema,
  value: z.number(),
  unrealised: z.number(),
  unrealised_pct: z.number().nullable(),
  weight_pct: z.number(),
});
export type Holding = z.infer<typeof HoldingSchema>;

export const PortfolioRiskSchema = z.object({
  /** The window of daily closes the figures use and the number of daily returns in it. */
  from: IsoDateSchema,
  to: IsoDateSchema,
  returns: z.number().int(),
  /** Annualised volatility in % (standard deviation of daily returns × √252), of the portfolio and of NIFTY 50. */
  volatility: z.number().nullable(),
  nifty_volatility: z.number().nullable(),
  /** How much the portfolio moved with NIFTY 50: 1.2 = 1.2 % for each 1 % of the index, on average. */
  beta: z.number().nullable(),
  /** The deepest fall in % from a previous high of the value path (e.g. -18.4), with the high's and the low's dates. */
  max_drawdown: z.number(),
  drawdown_peak: IsoDateSchema.nullable(),
  drawdown_trough: IsoDateSchema.nullable(),
  /** Each holding's weight and its share of the portfolio's risk, both in % (the shares add up to 100). */
  contributions: z.array(z.object({ symbol: z.string(), weight_pct: z.number(), risk_share_pct: z.number().nullable() })),
});
export type PortfolioRisk = z.infer<typeof PortfolioRiskSchema>;

export const PortfolioSummarySchema = z.object({
  /** The day of the closes the holdings are valued at. */
  as_of: IsoDateSchema.nullable(),
  holdings: z.array(HoldingSchema),
  totals: z.object({ invested: z.number(), value: z.number(), unrealised: z.number(), realised: z.number(), dividends: z.number() }),
  /** Realised gains by Indian fiscal year, short term (held 12 months or less) and long term. */
  realised: z.array(z.object({ fiscal_year: z.string(), short_term: z.number(), long_term: z.number() })),
  performance: z.object({
    /**
     * Money-weighted annual return (XIRR), in % a year, of the portfolio's cash flows and of the same flows put into
     * NIFTY 50 on the same days (14.2 = 14.2 % a year).
     */
    xirr: z.number().nullable(),
    nifty_xirr: z.number().nullable(),
    first_date: IsoDateSchema.nullable(),
    /**
     * Time-weighted return in % over the whole period (from the first transaction to as_of): the holdings' own
     * performance whatever the timing of the money put in, comparable with an index; annualised only past a year.
     */
    twr: z.number().nullable(),
    twr_annualised: z.number().nullable(),
    /** NIFTY 50's own return in % over the same period, for comparison with the TWR. */
    nifty_return: z.number().nullable(),
    /**
     * The day of the NIFTY 50 close the comparisons end on: the index's latest close on or before as_of, which can be
     * earlier than as_of when the index data ends before the stocks' (then the comparison says so).
     */
    nifty_as_of: IsoDateSchema.nullable(),
  }),
  /**
   * Risk of today's holdings at today's weights over the last year of daily closes (adjusted for splits and bonus
   * issues): null with fewer than 20 common trading days or nothing held.
   */
  risk: PortfolioRiskSchema.nullable(),
  allocation: z.object({ by_sector: z.array(z.object({ sector: z.string(), value: z.number(), weight_pct: z.number() })) }),
  /** The portfolio's value on each week's last close against the same cash flows held in NIFTY 50. */
  series: z.array(z.object({ date: IsoDateSchema, value: z.number(), nifty_value: z.number().nullable(), invested: z.number() })),
  /** Set for the open example portfolio: what it is, in a sentence. */
  example: z.string().nullable(),
  /** What the figures leave out, in sentences (e.g. shares of a demerged company Nivesh has no prices for). */
  notes: z.array(z.string()).default([]),
});
export type PortfolioSummary = z.infer<typeof PortfolioSummarySchema>;

// ---- the premium what-if -------------------------------------------------------------------------------------------

/**
 * Two textbook mixes of the stocks held, side by side with today's: minimum variance (the mix whose value would have
 * swung least over the window) and risk parity (each stock adding the same swing). An educational illustration with
 * its assumptions, never advice: no call to buy or sell, no expected return.
 */
export const PortfolioWhatIfSchema = z.object({
  as_of: IsoDateSchema.nullable(),
  /** The window of daily returns the covariances come from. */
  from: IsoDateSchema.nullable(),
  to: IsoDateSchema.nullable(),
  returns: z.number().int(),
  holdings: z.array(
    z.object({
      symbol: z.string(),
      company: z.string(),
      /** Weights in %: today's by value, and each illustration's. */
      current_pct: z.number(),
      min_variance_pct: z.number(),
      risk_parity_pct: z.number(),
    }),
  ),
  /** Annualised volatility in % each mix would have had over the window. */
  volatility: z.object({ current: z.number().nullable(), min_variance: z.number().nullable(), risk_parity: z.number().nullable() }),
  /** What the illustration assumes and leaves out, in sentences. */
  assumptions: z.array(z.string()),
  /** Why there is nothing to show, when there is not (fewer than two stocks held, too little history). */
  unavailable: z.string().nullable(),
});
export type PortfolioWhatIf = z.infer<typeof PortfolioWhatIfSchema>;

// ---- watchlists -----------------------------------------------------------------------------------------------------


export const WatchlistItemSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  /** The latest close and its day; the day's change against the previous close; the 52-week range. Null when the market has no prices. */
  close: z.number().nullable(),
  as_of: IsoDateSchema.nullable(),
  change_pct: z.number().nullable(),
  low_52w: z.number().nullable(),
  high_52w: z.number().nullable(),
});
export const WatchlistSchema = z.object({ id: z.string(), name: z.string(), items: z.array(WatchlistItemSchema) });
export type Watchlist = z.infer<typeof WatchlistSchema>;
export const WatchlistsSchema = z.object({ watchlists: z.array(WatchlistSchema) });
export type Watchlists = z.infer<typeof WatchlistsSchema>;

const WatchlistNameSchema = z.string().trim().min(1, { error: 'Give the watchlist a name.' }).max(WATCHLIST_NAME_MAX);
export const WatchlistCreateRequestSchema = z.object({ name: WatchlistNameSchema });
export const WatchlistDeleteRequestSchema = z.object({ id: IdSchema });
export const WatchlistSymbolRequestSchema = z.object({ id: IdSchema, symbol: MarketSymbolSchema });

// ---- RPC ------------------------------------------------------------------------------------------------------------

export const TransactionAddPayloadSchema = withCaller(TransactionInputSchema);
export const TransactionListPayloadSchema = withCaller(EmptyQuerySchema);
export const TransactionDeletePayloadSchema = withCaller(DeleteTransactionRequestSchema);
export const TradebookImportPayloadSchema = withCaller(TradebookImportRequestSchema);
export const PortfolioSummaryPayloadSchema = withCaller(EmptyQuerySchema);
export const PortfolioWhatIfPayloadSchema = withCaller(EmptyQuerySchema);
export const WatchlistsPayloadSchema = withCaller(EmptyQuerySchema);
export const WatchlistCreatePayloadSchema = withCaller(WatchlistCreateRequestSchema);
export const WatchlistDeletePayloadSchema = withCaller(WatchlistDeleteRequestSchema);
export const WatchlistSymbolPayloadSchema = withCaller(WatchlistSymbolRequestSchema);

/** RPC patterns answered by services/portfolio. */
export const PORTFOLIO = {
  ...systemPatterns('portfolio'),
  addTransaction: defineRpc('portfolio', 'addTransaction', TransactionAddPayloadSchema, PortfolioTransactionSchema, { sideEffects: true }),
  listTransactions: defineRpc('portfolio', 'listTransactions', TransactionListPayloadSchema, TransactionListSchema),
  deleteTransaction: defineRpc('portfolio', 'deleteTransaction', TransactionDeletePayloadSchema, TransactionListSchema),
  importTradebook: defineRpc('portfolio', 'importTradebook', TradebookImportPayloadSchema, TradebookImportResponseSchema, { deadlineMs: 30_000, sideEffects: true }),
  summary: defineRpc('portfolio', 'summary', PortfolioSummaryPayloadSchema, PortfolioSummarySchema, 20_000),
  example: defineRpc('portfolio', 'example', EmptyQuerySchema, PortfolioSummarySchema, 20_000),
  whatIf: defineRpc('portfolio', 'whatIf', PortfolioWhatIfPayloadSchema, PortfolioWhatIfSchema, 20_000),
  watchlists: defineRpc('portfolio', 'watchlists', WatchlistsPayloadSchema, WatchlistsSchema, 10_000),
  createWatchlist: defineRpc('portfolio', 'createWatchlist', WatchlistCreatePayloadSchema, WatchlistsSchema, { deadlineMs: 10_000, sideEffects: true }),
  deleteWatchlist: defineRpc('portfolio', 'deleteWatchlist', WatchlistDeletePayloadSchema, WatchlistsSchema, 10_000),
  addToWatchlist: defineRpc('portfolio', 'addToWatchlist', WatchlistSymbolPayloadSchema, WatchlistsSchema, 10_000),
  removeFromWatchlist: defineRpc('portfolio', 'removeFromWatchlist', WatchlistSymbolPayloadSchema, WatchlistsSchema, 10_000),
  ...ALERTS,
};

// ---- HTTP routes ----------------------------------------------------------------------------------------------------

export const PORTFOLIO_ROUTES = {
  portfolioTransactions: defineRoute({
    method: 'GET',
    path: PORTFOLIO_PATHS.portfolioTransactions,
    tag: TAG,
    summary: "The logged-in user's transactions, newest first.",
    auth: 'user',
    input: EmptyQuerySchema,
    response: TransactionListSchema,
    rpc: PORTFOLIO.listTransactions,
  }),
  portfolioAddTransaction: defineRoute({
    method: 'POST',
    path: PORTFOLIO_PATHS.portfolioAddTransaction,
    tag: TAG,
    summary: 'Record a buy, sell or dividend by hand.',
    auth: 'user',
    input: TransactionInputSchema,
    response: PortfolioTransactionSchema,
    rpc: PORTFOLIO.addTransaction,
    rateLimitPerMinute: 60,
  }),
  portfolioDeleteTransaction: defineRoute({
    method: 'POST',
    path: PORTFOLIO_PATHS.portfolioDeleteTransaction,
    tag: TAG,
    summary: 'Delete one of your transactions; answers the list left.',
    auth: 'user',
    input: DeleteTransactionRequestSchema,
    response: TransactionListSchema,
    rpc: PORTFOLIO.deleteTransaction,
    rateLimitPerMinute: 60,
  }),
  portfolioImport: defineRoute({
    method: 'POST',
    path: PORTFOLIO_PATHS.portfolioImport,
    tag: TAG,
    summary: "Import a broker's trade book (Zerodha Console tradebook CSV; Upstox trade history as the Get Trade History API's JSON or those fields as CSV; Upstox's trade report saved as CSV): one malformed row rejects the file, naming the line or record; trades imported before are not stored again.",
    auth: 'user',
    input: TradebookImportRequestSchema,
    response: TradebookImportResponseSchema,
    rpc: PORTFOLIO.importTradebook,
    rateLimitPerMinute: 20,
    bodyLimitBytes: TRADEBOOK_BODY_LIMIT_BYTES,
  }),
  portfolioSummary: defineRoute({
    method: 'GET',
    path: PORTFOLIO_PATHS.portfolioSummary,
    tag: TAG,
    summary: 'Holdings valued at the latest close, realised gains short and long term by fiscal year, XIRR against the same cash flows in NIFTY 50, allocation by sector and the value over time.',
    auth: 'user',
    input: EmptyQuerySchema,
    response: PortfolioSummarySchema,
    rpc: PORTFOLIO.summary,
  }),
  portfolioExample: defineRoute({
    method: 'GET',
    path: PORTFOLIO_PATHS.portfolioExample,
    tag: TAG,
    summary: 'A fixed example portfolio (ten stocks bought on one day), open to everyone, read-only.',
    auth: 'none',
    input: EmptyQuerySchema,
    response: PortfolioSummarySchema,
    rpc: PORTFOLIO.example,
  }),
  portfolioWhatIf: defineRoute({
    method: 'GET',
    path: PORTFOLIO_PATHS.portfolioWhatIf,
    tag: TAG,
    summary: 'Premium: a minimum-variance and a risk-parity mix of the stocks you hold beside today’s weights, as an educational illustration with its assumptions, not advice.',
    auth: 'user',
    input: EmptyQuerySchema,
    response: PortfolioWhatIfSchema,
    rpc: PORTFOLIO.whatIf,
    rateLimitPerMinute: 30,
    premiumTool: { tool: 'portfolioWhatIf', appliesTo: () => true },
  }),
  portfolioWatchlists: defineRoute({
    method: 'GET',
    path: PORTFOLIO_PATHS.portfolioWatchlists,
    tag: TAG,
    summary: "Your watchlists, each stock with its latest close, the day's change and its 52-week range.",
    auth: 'user',
    input: EmptyQuerySchema,
    response: WatchlistsSchema,
    rpc: PORTFOLIO.watchlists,
  }),
  portfolioCreateWatchlist: defineRoute({
    method: 'POST',
    path: PORTFOLIO_PATHS.portfolioCreateWatchlist,
    tag: TAG,
    summary: 'Create a watchlist (at most 20).',
    auth: 'user',
    input: WatchlistCreateRequestSchema,
    response: WatchlistsSchema,
    rpc: PORTFOLIO.createWatchlist,
    rateLimitPerMinute: 30,
  }),
  portfolioDeleteWatchlist: defineRoute({
    method: 'POST',
    path: PORTFOLIO_PATHS.portfolioDeleteWatchlist,
    tag: TAG,
    summary: 'Delete one of your watchlists.',
    auth: 'user',
    input: WatchlistDeleteRequestSchema,
    response: WatchlistsSchema,
    rpc: PORTFOLIO.deleteWatchlist,
    rateLimitPerMinute: 60,
  }),
  portfolioAddToWatchlist: defineRoute({
    method: 'POST',
    path: PORTFOLIO_PATHS.portfolioAddToWatchlist,
    tag: TAG,
    summary: 'Add a stock to one of your watchlists (at most 50 each).',
    auth: 'user',
    input: WatchlistSymbolRequestSchema,
    response: WatchlistsSchema,
    rpc: PORTFOLIO.addToWatchlist,
    rateLimitPerMinute: 120,
  }),
  portfolioRemoveFromWatchlist: defineRoute({
    method: 'POST',
    path: PORTFOLIO_PATHS.portfolioRemoveFromWatchlist,
    tag: TAG,
    summary: 'Take a stock off one of your watchlists.',
    auth: 'user',
    input: WatchlistSymbolRequestSchema,
    response: WatchlistsSchema,
    rpc: PORTFOLIO.removeFromWatchlist,
    rateLimitPerMinute: 120,
  }),
  ...ALERT_ROUTES,
};
