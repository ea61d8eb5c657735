import type { PortfolioTransaction, TradebookImportResponse } from '@nivesh/proto';
import { NOT_A_NUMBER, formatINR, formatMarketDate } from '../../lib/format';
import { formatQuantity, formatRate } from './figures';
import { TRADEBOOK_MAX_CHARS } from './portfolio-values';
import type { TransactionKind } from './portfolio-values';
import { WATCHLISTS_MAX, WATCHLIST_SYMBOLS_MAX } from './watchlist-values';

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
  importLead: 'Two brokers’ trade books can be imported:',
  brokers: [
    {
      name: 'Zerodha Console tradebook (CSV)',
      how: 'in Console, open Reports → Tradebook, choose the Equity segment and the dates, and download it as CSV.',
    },
    {
      name: 'Upstox trade report, saved as CSV',
      how: 'in Upstox, open Reports → Trade, download the report for the dates, open it in a spreadsheet and save it as CSV.',
    },
  ],
  importRules: `Only equity trades are imported; F&O and mutual fund rows are skipped and listed. A file with one malformed row is not imported at all, and the message names the line. Trades imported before are not added again. A file can hold up to ${TRADEBOOK_MAX_CHARS.toLocaleString('en-IN')} characters (a few hundred trades): split a longer one by year.`,
  importFile: 'Trade book (CSV file)',
  importButton: 'Import trade book',
  importing: 'Importing...',
  chooseFile: 'Choose a CSV file first.',
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
