import type { AlertKind, PortfolioRisk, PortfolioTransaction, TradebookImportResponse } from '@nivesh/proto';
import { PREMIUM_TOOLS } from '@nivesh/proto/premium-tools';
import { NOT_A_NUMBER, formatINR, formatMarketDate } from '../../lib/format';
import { formatPercent, formatQuantity, formatRate } from './figures';
import { ALERTS_FREE_MAX, ALERTS_PREMIUM_MAX, ALERT_LEVEL_MAX, ALERT_MOVE_MAX_PCT, PREMIUM_PRICE_INR_PER_MONTH, TRADEBOOK_MAX_CHARS, WATCHLISTS_MAX, WATCHLIST_SYMBOLS_MAX } from '@nivesh/proto/values';
import type { TransactionKind } from '@nivesh/proto/values';

/** The brokers whose trade books the import reads, as people name them. */
export const BROKER_NAMES: Record<TradebookImportResponse['broker'], string> = {
  zerodha: 'Zerodha',
  upstox: 'Upstox',
};

/** Where a transaction came from, in the transactions list. */
export const SOURCE_LABELS: Record<PortfolioTransaction['source'], string> = {
  manual: 'By hand',
  zerodha: 'Zerodha',
  upstox: 'Upstox',
};

/** The kinds of transaction, as the form and the list name them. */
export const KIND_LABELS: Record<TransactionKind, string> = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
};

/** The pages' words, in one place. */
export const PORTFOLIO_TEXTS = {
  title: 'Portfolio',
  description:
    'Your NSE holdings from Zerodha or Upstox trade books or entered by hand: their value at the latest close, your XIRR against NIFTY 50, realised gains short and long term by fiscal year, and allocation by sector.',
  lead: 'Your holdings valued at the latest close, what your money has earned against NIFTY 50, and your realised gains by fiscal year. Prices are end of day, not live.',

  exampleTitle: 'Portfolio Overview',
  exampleDescription:
    'An example portfolio of ten NSE stocks bought on one day: holdings at the latest close, XIRR against NIFTY 50, value over time and allocation by sector.',
  exampleLead: 'What the portfolio pages show, on an example anyone can open. Prices are end of day, not live.',
  exampleBanner: 'This is an example portfolio: ten stocks bought on one day.',
  exampleLogIn: 'Log in to track your own.',
  exampleOwn: 'Your own portfolio is on the',
  exampleOwnLink: 'Portfolio page',
  logIn: 'Log in',

  summaryLabel: 'Portfolio totals',
  invested: 'Invested',
  value: 'Value',
  unrealised: 'Unrealised gain',
  realised: 'Realised gain',
  dividends: 'Dividends',

  holdingsTitle: 'Holdings',
  holdingsCaption:
    'Each stock held with its quantity, average cost, the amount invested, the latest close, its value, the unrealised gain and its weight; the column headers sort the table',
  company: 'Company',
  quantity: 'Quantity',
  averageCost: 'Average cost',
  investedColumn: 'Invested',
  close: 'Close',
  valueColumn: 'Value',
  unrealisedColumn: 'Unrealised',
  unrealisedPct: 'Unrealised %',
  weight: 'Weight',
  total: 'Total',
  costNote: 'Costs include charges; bonus shares cost nothing, and splits and bonus issues adjust the quantities.',
  noHoldings: 'No shares are held now: everything bought has been sold. The realised gains are below.',

  performanceTitle: 'Performance',
  xirrMeaningTitle: 'What XIRR is',
  xirrMeaning:
    'XIRR is the yearly return of money that goes in and comes out at different times: every purchase, sale and dividend counts from its own date, and the shares still held count at their value at the latest close. It is the steady yearly rate at which the same payments would have grown to the same money. The NIFTY 50 figure puts each payment into the index on the same day and takes each sale out of it, so the two compare like for like. Over less than a year the rate is still given per year, so it can look extreme.',
  xirrNone:
    'There is no XIRR yet: it needs at least one purchase and some value today or money taken out, some days apart.',
  returnsLabel: 'Returns side by side',
  xirrLabel: 'XIRR',
  xirrExplain: 'The return on the money put in, with its timing: each payment counts from its own date.',
  twrLabel: 'Time-weighted return',
  twrExplain: 'The holdings’ own return over the period, whatever the timing of the money put in.',
  niftyReturnLabel: 'NIFTY 50, same period',
  niftyReturnExplain: 'The index’s own return over the same period, to set beside the time-weighted return.',
  notYet: 'Not available yet',

  realisedTitle: 'Realised gains by fiscal year',
  realisedLead:
    'Gains and losses on shares sold, net of charges, matching each sale with the earliest shares bought (first in, first out). Long term means held more than 12 months; the fiscal year runs from April to March.',
  realisedCaption: 'Realised gains of each fiscal year, short term and long term',
  fiscalYear: 'Fiscal year',
  shortTerm: 'Short term',
  shortTermHint: '12 months or less',
  longTerm: 'Long term',
  longTermHint: 'more than 12 months',
  realisedTotal: 'Total',
  realisedEmpty: 'Nothing has been sold yet, so there are no realised gains.',
  realisedRecord: 'For a tax return, your broker’s tax P&L statement is the record.',

  chartTitle: 'Value over time',
  chartLead:
    'On each week’s last close: the portfolio’s value, the same payments put into NIFTY 50 on the same days, and the money invested.',
  chartValue: 'Portfolio value',
  chartNifty: 'The same payments in NIFTY 50',
  chartInvested: 'Invested',
  chartEmpty: 'There are no weeks to draw yet.',

  allocationTitle: 'Allocation by sector',
  allocationCaption: 'Sectors by share of the value',
  allocationEmpty: 'No shares are held now, so there is nothing to allocate.',

  importTitle: 'Import a trade book',
  importLead: 'These trade books can be imported:',
  brokers: [
    {
      name: 'Zerodha Console tradebook (CSV)',
      how: 'in Console, open Reports → Tradebook, choose the Equity segment and the dates, and download it as CSV.',
    },
    {
      name: 'Upstox trade history (JSON or CSV)',
      how: 'the answer of Upstox’s Get Trade History API, one page or several, as JSON, or the same fields saved as CSV.',
    },
    {
      name: 'Upstox trade report, saved as CSV',
      how: 'in Upstox, open Reports → Trade, download the report for the dates, open it in a spreadsheet and save it as CSV.',
    },
  ],
  importRules: `Only equity trades are imported; F&O and mutual fund rows are skipped and listed. A file with one malformed row is not imported at all, and the message names the line (in a JSON file, the record). Trades imported before are not added again. A file can hold up to ${TRADEBOOK_MAX_CHARS.toLocaleString('en-IN')} characters (some 20,000 trades): split a longer one by year.`,
  importFile: 'Trade book (CSV or JSON file)',
  importButton: 'Import trade book',
  importing: 'Importing...',
  chooseFile: 'Choose a CSV or JSON file first.',
  emptyFile: 'The trade book is empty.',
  tooLarge: `The trade book is larger than ${TRADEBOOK_MAX_CHARS.toLocaleString('en-IN')} characters; split it by year and import each part.`,
  unreadable: 'The file could not be read. Choose it again.',
  notImported: 'Nothing from this file was imported:',
  skippedSummary: 'Why rows were skipped',

  addTitle: 'Add a transaction by hand',
  addLead:
    'For trades from another broker, or a dividend received. For a dividend, the quantity is the shares it was paid on and the price is the dividend a share.',
  stock: 'Stock',
  date: 'Date',
  kind: 'Transaction',
  quantityLabel: 'Quantity (shares)',
  priceLabel: 'Price a share, ₹',
  dividendLabel: 'Dividend a share, ₹',
  chargesLabel: 'Charges, ₹ (optional)',
  chargesHint: 'Brokerage, STT, GST, stamp duty and exchange charges together.',
  noteLabel: 'Note (optional)',
  addButton: 'Add transaction',
  adding: 'Adding...',
  chooseStock: 'Choose a stock.',
  enterDate: 'Enter the date.',
  futureDate: 'The date cannot be in the future.',
  enterQuantity: 'Enter a quantity above 0.',
  enterPrice: 'Enter a price above 0.',
  enterCharges: 'Charges must be a number of rupees, 0 or more.',
  notAdded: 'Not added:',

  transactionsTitle: 'Transactions',
  transactionsCaption: 'Your transactions, newest first, with where each came from',
  source: 'Source',
  note: 'Note',
  price: 'Price or dividend a share',
  charges: 'Charges',
  delete: 'Delete',

  deleteTitle: 'Delete this transaction?',
  deleteBody: 'Holdings, returns and gains are worked out again without it. This cannot be undone.',
  deleteCancel: 'Keep it',
  deleteConfirm: 'Delete',
  deleting: 'Deleting...',
  notDeleted: 'Not deleted:',

  emptyTitle: 'No transactions yet',
  emptyText:
    'Import a trade book from Zerodha or Upstox, or add a transaction by hand below. Your holdings, their value at the latest close, your XIRR against NIFTY 50 and your realised gains then appear here.',

  watchlistsTitle: 'Watchlists',
  watchlistsLead:
    'Stocks you follow, held or not, each with its latest close, the day’s change and its 52-week range. Prices are end of day, not live.',
  watchlistName: 'Name of a new watchlist',
  createWatchlist: 'Create watchlist',
  creating: 'Creating...',
  enterWatchlistName: 'Give the watchlist a name.',
  watchlistsFull: `You have ${WATCHLISTS_MAX} watchlists, the most there can be: delete one to create another.`,
  notCreated: 'Not created:',
  noWatchlists: 'No watchlists yet. Create one, then add the stocks you follow to it.',
  watchlistEmpty: 'No stocks on this watchlist yet. Add one below.',
  latestClose: 'Latest close',
  dayChange: 'Day’s change',
  range52w: '52-week range',
  remove: 'Remove',
  notRemoved: 'Not removed:',
  addToWatchlist: 'Add',
  addingToWatchlist: 'Adding...',
  watchlistFull: `This watchlist holds ${WATCHLIST_SYMBOLS_MAX} stocks, the most it can: remove one to add another.`,
  deleteWatchlist: 'Delete watchlist',
  deleteWatchlistTitle: 'Delete this watchlist?',
  deleteWatchlistBody: 'Your transactions and holdings are not touched. This cannot be undone.',
} as const;

/** '₹200', as the premium copy writes the monthly price. */
const PREMIUM_PRICE = formatINR(PREMIUM_PRICE_INR_PER_MONTH, { fractionDigits: 0 });

/** The Risk panel's words (the figures come from the summary's `risk`). */
export const RISK_TEXTS = {
  title: 'Risk',
  lead: 'How much the value of today’s holdings, at today’s weights, has swung. These figures describe the past; they do not say what comes next.',
  none: 'There are no risk figures yet: they need shares held and at least 20 trading days of their prices.',
  figuresLabel: 'Risk figures',
  volatility: 'Volatility, a year',
  volatilityExplain: 'How widely the value moved from day to day, put as a yearly figure: higher means bigger swings either way.',
  beta: 'Beta to NIFTY 50',
  drawdown: 'Largest fall',
  contributionsTitle: 'Weight and share of risk',
  contributionsLead:
    'A stock’s share of risk is how much of the portfolio’s swings came from it, its own swings and how they moved with the others together. A share above its weight means it swung the portfolio more than its size alone would.',
  contributionsCaption: 'Each stock’s weight and its share of the portfolio’s risk, largest share first',
  stock: 'Stock',
  weight: 'Weight',
  riskShare: 'Share of risk',
} as const;

/** The premium what-if's words. */
export const WHAT_IF_TEXTS = {
  title: 'What-if: two textbook mixes of your stocks',
  label: 'An educational illustration, not advice',
  lead: 'The stocks you hold, weighted two textbook ways and set beside today’s weights. Minimum variance is the mix whose value would have swung least over the window; risk parity is the mix in which each stock adds the same swing. Both look only at past prices: they say nothing about returns to come, and neither is a suggestion to change your holdings.',
  caption: 'Each stock’s weight today and in the two illustrative mixes, with the volatility each mix would have had',
  stock: 'Stock',
  today: 'Today',
  minVariance: 'Minimum variance',
  riskParity: 'Risk parity',
  volatility: 'Volatility, a year',
  assumptionsTitle: 'What the illustration assumes',
  what: 'what-if illustration',
  upsellText: `${PREMIUM_TOOLS.portfolioWhatIf.description} It is an educational illustration, part of Nivesh Premium at ${PREMIUM_PRICE} per month.`,
  conflict: 'Your Premium is active on another device. On the Premium page you can move it to this one.',
  checking: 'Checking your premium status…',
  seePremium: 'See Premium',
} as const;

/** What each kind of alert watches, as the form's choice names it. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  price_above: 'The close is above a price',
  price_below: 'The close is below a price',
  move_pct: 'The close moves by a percentage in a day',
  rsi_cross: 'The 14-day RSI crosses 30 or 70 (Premium)',
  high_52w: 'The close is a new 52-week high',
  low_52w: 'The close is a new 52-week low',
};

/** The alerts panel's words. */
export const ALERT_TEXTS = {
  title: 'Price alerts',
  lead: 'An alert checks a stock’s close after each day’s prices arrive, and fires once each time its condition is newly met: in the app, and by e-mail if you choose. Prices are end of day, not live.',
  listLabel: 'Your alerts',
  none: 'No alerts yet. Set one below.',
  paused: 'Paused',
  pausedNote: 'RSI alerts are part of Premium: this one is checked again once Premium is back.',
  notFired: 'Not fired yet',
  byEmail: 'In the app and by e-mail',
  inAppOnly: 'In the app only',
  delete: 'Delete',
  deleteTitle: 'Delete this alert?',
  deleteBody: 'It will no longer be checked. This cannot be undone.',
  formTitle: 'Set an alert',
  kind: 'Alert me when',
  level: 'Price, ₹',
  move: 'Move in a day, %',
  moveDirection: 'Direction',
  moveDirections: { up: 'Up', down: 'Down', either: 'Up or down' },
  rsiLevel: 'RSI level',
  rsiDirection: 'Crossing',
  rsiDirections: { above: 'Rising to it from below', below: 'Falling to it from above' },
  email: 'Also send me an e-mail when it fires',
  submit: 'Set alert',
  setting: 'Setting...',
  notSet: 'Not set:',
  enterLevel: 'Enter a price above ₹0.',
  levelTooHigh: `Enter a price up to ${formatINR(ALERT_LEVEL_MAX, { fractionDigits: 0 })}.`,
  enterMove: `Enter a move above 0\u00a0% and up to ${ALERT_MOVE_MAX_PCT}\u00a0%.`,
  rsiPremium: `RSI alerts are part of Nivesh Premium (${PREMIUM_PRICE} per month), with up to ${ALERTS_PREMIUM_MAX} alerts instead of ${ALERTS_FREE_MAX}.`,
  conflict: 'RSI alerts come with your Premium, which is active on another device. On the Premium page you can move it to this one.',
  seePremium: 'See Premium',
} as const;

/** '1 trade' or '42 trades'. */
const count = (n: number, one: string, many: string): string => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** What a sentence about a transaction needs of it. */
type TransactionFacts = Pick<PortfolioTransaction, 'kind' | 'symbol' | 'quantity' | 'price' | 'date'>;

/** "Imported 42 trades from Zerodha: 12 new transactions, 30 already imported; 3 rows skipped as not equity trades." */
export const importResult = ({ broker, trades, added, already_imported, skipped }: TradebookImportResponse): string => {
  const main = [
    `Imported ${count(trades, 'trade', 'trades')} from ${BROKER_NAMES[broker]}: `,
    `${count(added, 'new transaction', 'new transactions')}, `,
    `${already_imported.toLocaleString('en-IN')} already imported`,
  ].join('');
  if (skipped.length === 0) return `${main}.`;
  return `${main}; ${count(skipped.length, 'row', 'rows')} skipped as not equity trades.`;
};

/** "Line 7: segment FO is not equity". */
export const skippedLine = (line: number, reason: string): string => `Line ${line}: ${reason}`;

/** "earned 14.2 % a year" or "lost 3.4 % a year". */
const rateWords = (rate: number): string => `${rate < 0 ? 'lost' : 'earned'} ${formatRate(rate)} a year`;

/**
 * "Your money earned 14.2 % a year; the same payments into NIFTY 50 would have earned 12.1 % a year." `subject`
 * names whose money it is ('Your money', 'This portfolio'); null when there is no XIRR to tell.
 */
export const xirrSentence = (subject: string, xirr: number | null, niftyXirr: number | null): string | null => {
  if (xirr === null) return null;
  const nifty =
    niftyXirr === null
      ? 'NIFTY 50’s figure for the same payments is not available.'
      : `the same payments into NIFTY 50 would have ${rateWords(niftyXirr)}.`;
  return `${subject} ${rateWords(xirr)}; ${nifty}`;
};

/** "From the first transaction on 1 Apr 2021 to the close of 28 Mar 2024.": the period the XIRR covers. */
export const periodLine = (firstDate: string, asOf: string | null): string =>
  asOf
    ? `From the first transaction on ${formatMarketDate(firstDate)} to the close of ${formatMarketDate(asOf)}.`
    : `Since the first transaction on ${formatMarketDate(firstDate)}.`;

/** "Each sector’s share of the holdings’ value at the close of 28 Mar 2024." */
export const allocationLead = (asOf: string | null): string => {
  const when = asOf ? `the close of ${formatMarketDate(asOf)}` : 'the latest close';
  return `Each sector’s share of the holdings’ value at ${when}.`;
};

/** "Added: buy of 10 RELIANCE at ₹2,596.30 on 15 Jun 2022." */
export const addedLine = (transaction: TransactionFacts) => `Added: ${transactionWords(transaction)}.`;

/**
 * A transaction in words: "Buy of 10 RELIANCE at ₹2,596.30 on 15 Jun 2022", or for a dividend "Dividend of ₹6.75 a
 * share on 60 ITC shares on 1 Jun 2023". Lower case first when it continues a sentence.
 */
export const transactionWords = (
  { kind, symbol, quantity, price, date }: TransactionFacts,
  capital = false,
): string => {
  const label = capital ? KIND_LABELS[kind] : KIND_LABELS[kind].toLowerCase();
  const on = formatMarketDate(date);
  if (kind === 'dividend') {
    return `${label} of ${formatINR(price)} a share on ${formatQuantity(quantity)} ${symbol} shares on ${on}`;
  }
  return `${label} of ${formatQuantity(quantity)} ${symbol} at ${formatINR(price)} on ${on}`;
};

/** The delete button's name for screen readers: "Delete the buy of 10 RELIANCE at ₹2,596.30 on 15 Jun 2022". */
export const deleteLabel = (transaction: TransactionFacts) => `Delete the ${transactionWords(transaction)}`;

/** The picker's label on each watchlist: "Add a stock to Banks". */
export const addStockLabel = (name: string) => `Add a stock to ${name}`;

/** The remove button's name for screen readers: "Remove HDFCBANK from Banks". */
export const removeLabel = (symbol: string, name: string) => `Remove ${symbol} from ${name}`;

/** The delete button's name for screen readers: "Delete the watchlist Banks". */
export const deleteWatchlistLabel = (name: string) => `Delete the watchlist ${name}`;

/** A watchlist's table, named for screen readers. */
export const watchlistCaption = (name: string) =>
  `${name}: each stock with its latest close, the day’s change and its 52-week range`;

/** What the confirmation says is deleted: "Banks, with its 3 stocks." */
export const watchlistWords = (name: string, stocks: number) =>
  stocks === 0 ? `${name}, with no stocks on it.` : `${name}, with its ${count(stocks, 'stock', 'stocks')}.`;

/** "Up 1.23% on the day": the coloured figure in words, for screen readers. */
export const changeWords = (changePct: number | null): string => {
  if (changePct === null || !Number.isFinite(changePct)) return 'The day’s change is not known';
  const size = Math.abs(changePct).toFixed(2);
  if (Number(size) === 0) return 'Unchanged on the day';
  return `${changePct > 0 ? 'Up' : 'Down'} ${size}% on the day`;
};

/** "₹1,363.55 – ₹1,794.00", or a dash when the range is not known. */
export const rangeText = (low: number | null, high: number | null): string =>
  low === null || high === null ? NOT_A_NUMBER : `${formatINR(low)} – ${formatINR(high)}`;

/** '+46.8 %' over the period, with '13.7 % a year' beside it when the period passes a year. */
export const twrFigure = (twr: number | null, annualised: number | null): string => {
  if (twr === null) return PORTFOLIO_TEXTS.notYet;
  const whole = formatPercent(twr, { signed: true });
  return annualised === null ? whole : `${whole} (${formatPercent(annualised)} a year)`;
};

/** '14.2 % a year', '−3.4 % a year'. */
export const xirrFigure = (xirr: number | null): string =>
  xirr === null ? PORTFOLIO_TEXTS.notYet : `${formatPercent(xirr)} a year`;

/** '+51.3 %'. */
export const niftyReturnFigure = (niftyReturn: number | null): string =>
  niftyReturn === null ? PORTFOLIO_TEXTS.notYet : formatPercent(niftyReturn, { signed: true });

/**
 * "NIFTY 50’s prices here end on 7 Mar 2024, so its figures run to that day.", when the index's data ends before
 * the stocks'; null when they end together.
 */
export const niftyEndsNote = (niftyAsOf: string | null, asOf: string | null): string | null =>
  niftyAsOf && asOf && niftyAsOf < asOf
    ? `NIFTY 50’s prices here end on ${formatMarketDate(niftyAsOf)}, so its figures run to that day.`
    : null;

/** Calendar days from one market date to another. */
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The window the risk figures use: "Based on the last year of daily closes, to 28 Mar 2024 (247 daily returns)." A
 * shorter window (stocks listed or held for less) gives its dates.
 */
export const riskWindow = ({ from, to, returns }: Pick<PortfolioRisk, 'from' | 'to' | 'returns'>): string => {
  const count = `${returns.toLocaleString('en-IN')} daily ${returns === 1 ? 'return' : 'returns'}`;
  if (daysBetween(from, to) >= 350) {
    return `Based on the last year of daily closes, to ${formatMarketDate(to)} (${count}).`;
  }
  return `Based on the daily closes from ${formatMarketDate(from)} to ${formatMarketDate(to)} (${count}), less than a year.`;
};

/** "NIFTY 50: 9.9 %", the index's figure under the portfolio's. */
export const niftyVolatility = (volatility: number | null): string => `NIFTY 50: ${formatPercent(volatility)}`;

/** Beta in words: "On average the portfolio moved 1.11 % for each 1 % move of NIFTY 50." */
export const betaSentence = (beta: number | null): string => {
  if (beta === null || !Number.isFinite(beta)) return 'There was too little movement of NIFTY 50 to measure it.';
  const size = Math.abs(beta).toFixed(2);
  const way = beta < 0 ? ' the opposite way' : '';
  return `On average the portfolio moved ${size}\u00a0%${way} for each 1\u00a0% move of NIFTY 50.`;
};

/** The beta figure: '1.11', or a dash. */
export const betaFigure = (beta: number | null): string =>
  beta === null || !Number.isFinite(beta) ? NOT_A_NUMBER : beta.toFixed(2);

/** The largest fall with its dates: "From the high of 19 Jul 2023 to the low of 26 Oct 2023." */
export const drawdownSentence = ({
  max_drawdown: drawdown,
  drawdown_peak: peak,
  drawdown_trough: trough,
}: Pick<PortfolioRisk, 'max_drawdown' | 'drawdown_peak' | 'drawdown_trough'>): string => {
  if (drawdown === 0 || !peak || !trough) return 'The value never fell below an earlier high in this window.';
  return `The deepest fall from an earlier high: from ${formatMarketDate(peak)} to the low of ${formatMarketDate(trough)}.`;
};

/** "Based on 247 daily returns, 28 Mar 2023 to 28 Mar 2024." under the what-if's table. */
export const whatIfWindow = (from: string | null, to: string | null, returns: number): string | null => {
  if (!from || !to) return null;
  return `Based on ${returns.toLocaleString('en-IN')} daily returns, ${formatMarketDate(from)} to ${formatMarketDate(to)}.`;
};

/** "3 of 5 alerts". */
export const alertCount = (count: number, limit: number): string =>
  `${count.toLocaleString('en-IN')} of ${limit.toLocaleString('en-IN')} ${limit === 1 ? 'alert' : 'alerts'}`;

/** What a full account is told instead of the form: a free one also learns what Premium keeps. */
export const alertsFull = (limit: number, premium: boolean): string =>
  premium
    ? `You have ${limit} alerts, the most there can be: delete one to set another.`
    : `You have ${limit} alerts, the most a free account keeps: delete one to set another. Premium keeps up to ${ALERTS_PREMIUM_MAX}.`;

/** "Last fired on 12 Jan 2024", or that it has not fired yet. */
export const lastFired = (date: string | null): string =>
  date ? `Last fired on ${formatMarketDate(date)}` : ALERT_TEXTS.notFired;

/** A sentence with its full stop, once. */
const sentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** The delete button's name for screen readers: "Delete the alert: RELIANCE closes above ₹3,000". */
export const deleteAlertLabel = (description: string) => `Delete the alert: ${description}`;

/** What the confirmation says is deleted: "RELIANCE closes above ₹3,000. It will no longer be checked. …" */
export const deleteAlertWords = (description: string) => `${sentence(description)} ${ALERT_TEXTS.deleteBody}`;
