import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type HistoryRange,
  type Holding,
  type PortfolioSummary,
  type PortfolioTransaction,
  type PortfolioWhatIf,
  type TradebookImportResponse,
  type TransactionInput,
  INDEX_SYMBOL,
} from '@nivesh/proto';
import { formatDate } from '../alerts/rules';
import { aggregateTrades, parseTradebook, TradebookFormatError } from '../import';
import { lastIndexOnOrBefore } from '../ledger/dates';
import { type Close, realisedGains, type Unrealised, unrealised } from '../ledger/gains';
import { type DemergedCost, type Ledger, replay } from '../ledger/lots';
import { type CorporateAction, LedgerError, type Transaction } from '../ledger/transactions';
import { timeWeightedReturn } from '../ledger/twr';
import { benchmarkXirr, transactionFlows, xirr } from '../ledger/xirr';
import { type NewTransaction, TransactionsRepository } from './transactions.repository';
import { MarketDataClient } from './market-data.client';
import { type HoldingsRisk, holdingsRisk, riskFigures, whatIfFigures } from './risk-figures';
import { dailyValues, indexReturn, weekEnds } from './value-series';

/** The open example: ₹1,00,000 in each of ten large companies on the first trading day of FY2024. */
export const EXAMPLE = {
  date: '2023-04-03',
  amount: 100_000,
  symbols: ['RELIANCE', 'TCS', 'HDFCBANK', 'INFY', 'ICICIBANK', 'HINDUNILVR', 'ITC', 'LT', 'SBIN', 'BHARTIARTL'],
  text: 'This is an example portfolio: ₹1,00,000 put into each of ten large companies at the close of 3 April 2023, the first trading day of FY2024, and held since. Log in to track your own.',
};

const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;
const pct = (value: number | null): number | null => (value === null ? null : round(value * 100));
const today = (): string => new Date().toISOString().slice(0, 10);

/** The window of adjusted closes the risk figures and the what-if read: the last year of trading. */
const RISK_RANGE: HistoryRange = '1y';
/** Users whose latest summary is kept in memory (a 50-stock summary is some 50 kB). */
const SUMMARIES_KEPT = 500;

/** What the summary and the what-if stand on (see `PortfolioService.valuation`). */
type Valuation = {
  actions: CorporateAction[];
  ledger: Ledger;
  open: Unrealised;
  asOf: string | null;
  holdings: Holding[];
  /** Every symbol's closes as traded (the ledger follows the share count itself). */
  closes: Map<string, Close[]>;
  /** NIFTY 50's closes. */
  nifty: Close[];
  /** Today's holdings at today's weights over the last year of adjusted closes. */
  risk: HoldingsRisk;
};

const toLedger = (tx: Pick<PortfolioTransaction, 'id' | 'symbol' | 'date' | 'kind' | 'quantity' | 'price' | 'charges' | 'note'>): Transaction => ({
  id: tx.id,
  symbol: tx.symbol,
  date: tx.date,
  kind: tx.kind,
  quantity: tx.quantity,
  price: tx.price,
  charges: tx.charges,
  note: tx.note ?? null,
});

/**
 * The portfolio: transactions entered by hand or imported from broker trade books, and what they add up to — holdings
 * through splits and bonus issues (FIFO lots), valued at the latest close; realised gains short and long term by
 * fiscal year; XIRR against the same cash flows in NIFTY 50 and the time-weighted return against NIFTY 50's own;
 * allocation by sector, risk (volatility, beta, drawdown, each holding's share) and the value over time; the premium
 * what-if of minimum-variance and risk-parity mixes. Prices and corporate actions come from the market service over
 * RPC.
 */
@Injectable()
export class PortfolioService {
  /** Summaries by user, each for one market data version and transactions revision (oldest first, for eviction). */
  private readonly summaries = new Map<string, { key: string; value: Promise<PortfolioSummary> }>();
  private exampleKept?: { version: string; value: Promise<PortfolioSummary> };

  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly market: MarketDataClient,
  ) {}

  list(userId: string): Promise<PortfolioTransaction[]> {
    return this.transactions.forUser(userId).then((list) => list.reverse());
  }

  async add(userId: string, input: TransactionInput): Promise<PortfolioTransaction> {
    await this.checkSymbols([{ symbol: input.symbol, date: input.date }]);
    await this.checkLedger(userId, [{ ...input, id: 'new', note: input.note ?? null }]);
    const [id] = await this.transactions.add(userId, [{ ...input, source: 'manual', trades: [] }]);
    const stored = (await this.transactions.forUser(userId)).find((tx) => tx.id === id);
    if (!stored) throw new DomainError('conflict', 'The transaction could not be stored; please try again.');
    return stored;
  }

  async remove(userId: string, id: string): Promise<PortfolioTransaction[]> {
    if (!(await this.transactions.forUser(userId)).some((tx) => tx.id === id)) throw new DomainError('not_found', 'No such transaction in your portfolio.');
    await this.checkLedger(userId, [], id);
    await this.transactions.delete(userId, id);
    return this.list(userId);
  }

  async importTradebook(userId: string, csv: string): Promise<TradebookImportResponse> {
    let book;
    try {
      book = parseTradebook(csv);
    } catch (error) {
      if (error instanceof TradebookFormatError) throw new DomainError('validation_failed', `The trade book was not imported: ${error.message}.`);
      throw error;
    }
    const key = (trade: { exchange: string; trade_id: string }) => `${book.broker}|${trade.exchange}|${trade.trade_id}`;
    const known = await this.transactions.importedTrades(
      userId,
      book.trades.map((trade) => ({ broker: book.broker, exchange: trade.exchange, trade_id: trade.trade_id })),
    );
    const fresh = book.trades.filter((trade) => !known.has(key(trade)));
    const grouped = aggregateTrades(fresh);
    await this.checkSymbols(grouped.map((tx) => ({ symbol: tx.symbol, date: tx.date, exchange: tx.exchange })));
    const transactions: NewTransaction[] = grouped.map((tx) => ({
      symbol: tx.symbol,
      date: tx.date,
      kind: tx.side,
      quantity: tx.quantity,
      price: tx.price,
      charges: 0,
      note: `${tx.trade_ids.length} trade${tx.trade_ids.length === 1 ? '' : 's'} on ${tx.exchange}`,
      source: book.broker,
      trades: tx.trade_ids.map((trade_id) => ({ broker: book.broker, exchange: tx.exchange, trade_id })),
    }));
    await this.checkLedger(userId, transactions.map((tx, index) => ({ ...tx, id: `import-${index}`, note: tx.note ?? null })));
    const added = await this.transactions.add(userId, transactions);
    return { broker: book.broker, trades: book.trades.length, added: added.length, already_imported: book.trades.length - fresh.length, skipped: book.skipped };
  }

  /**
   * The user's summary, kept per transactions revision and market data version: reloading the page, or several
   * instances answering in turn, computes it once until the user writes or prices change (up to SUMMARIES_KEPT users).
   */
  async summary(userId: string): Promise<PortfolioSummary> {
    const [version, revision] = await Promise.all([this.market.version(), this.transactions.revision(userId)]);
    if (version === null) return this.computeSummary(userId);
    const key = `${version}|${revision}`;
    const kept = this.summaries.get(userId);
    if (kept?.key === key) return kept.value;
    const value = this.computeSummary(userId);
    this.summaries.delete(userId);
    if (this.summaries.size >= SUMMARIES_KEPT) this.summaries.delete(this.summaries.keys().next().value!);
    this.summaries.set(userId, { key, value });
    value.catch(() => this.summaries.get(userId)?.value === value && this.summaries.delete(userId));
    return value;
  }

  private async computeSummary(userId: string): Promise<PortfolioSummary> {
    return this.summarise((await this.transactions.forUser(userId)).map(toLedger), null);
  }

  /** The open example portfolio, bought at the closes of its day. */
  async example(): Promise<PortfolioSummary> {
    const version = await this.market.version();
    if (version === null) return this.computeExample();
    if (this.exampleKept?.version !== version) {
      const value = this.computeExample();
      this.exampleKept = { version, value };
      value.catch(() => this.exampleKept?.value === value && (this.exampleKept = undefined));
    }
    return this.exampleKept.value;
  }

  private async computeExample(): Promise<PortfolioSummary> {
    const histories = await Promise.all(EXAMPLE.symbols.map((symbol) => this.market.history(symbol)));
    const transactions: Transaction[] = [];
    EXAMPLE.symbols.forEach((symbol, index) => {
      const { closes } = histories[index]!;
      const at = closes.findIndex((close) => close.date >= EXAMPLE.date);
      if (at < 0) return;
      const { date, close } = closes[at]!;
      transactions.push({ id: `example-${symbol}`, symbol, date, kind: 'buy', quantity: Math.floor(EXAMPLE.amount / close), price: close, charges: 0, note: null });
    });
    return this.summarise(transactions, EXAMPLE.text);
  }

  /**
   * The premium what-if of the user's holdings today: minimum-variance and risk-parity mixes beside today's weights,
   * an educational illustration with its assumptions (the gateway gates it through the premium tool list).
   */
  async whatIf(userId: string): Promise<PortfolioWhatIf> {
    const transactions = (await this.transactions.forUser(userId)).map(toLedger);
    if (!transactions.length) return whatIfFigures(null, [], { risk: null, unpriced: [] });
    const { asOf, holdings, risk } = await this.valuation(transactions);
    return whatIfFigures(asOf, holdings, risk);
  }

  /** Every symbol must be a stock Nivesh has prices for, and no trade may be dated after today. */
  private async checkSymbols(entries: readonly { symbol: string; date: string; exchange?: string }[]): Promise<void> {
    const stocks = await this.market.stocks();
    for (const { symbol, date, exchange } of entries) {
      if (!stocks.has(symbol)) {
        const where = exchange === 'BSE' ? ' (a BSE code: only NSE symbols can be valued)' : '';
        throw new DomainError('not_found', `${symbol}${where}, traded on ${date}, is not a stock Nivesh has prices for; nothing was stored.`);
      }
      if (date > today()) throw new DomainError('validation_failed', `A transaction cannot be dated after today (${symbol} on ${date}).`);
    }
  }

  /** The user's transactions with `added` and without `removed` must replay: no sale of more shares than held then. */
  private async checkLedger(userId: string, added: readonly Transaction[], removed?: string): Promise<void> {
    const all = [...(await this.transactions.forUser(userId)).filter((tx) => tx.id !== removed).map(toLedger), ...added];
    const actions = await this.actionsOf([...new Set(all.map((tx) => tx.symbol))]);
    try {
      replay(all, actions);
    } catch (error) {
      if (error instanceof LedgerError && error.reason === 'oversold' && error.details) {
        const { symbol, date, quantity, held } = error.details as { symbol?: string; date?: string; quantity?: number; held?: number };
        if (symbol && date) {
          throw new DomainError(
            'unprocessable',
            `That would sell ${quantity ?? 'more'} ${symbol} shares on ${date}, more than the ${held ?? 0} held then (splits and bonus issues included); nothing was stored.`,
          );
        }
      }
      throw error;
    }
  }

  private async actionsOf(symbols: readonly string[]): Promise<CorporateAction[]> {
    return (await Promise.all(symbols.map((symbol) => this.market.history(symbol)))).flatMap((history) => history.actions);
  }

  /**
   * What the summary and the what-if stand on: the transactions replayed through the corporate actions and valued at
   * the latest closes. Everything it reads from the market comes in one round of calls made at once (a 50-stock
   * summary is 100-odd calls): the stocks, every symbol's closes as traded with its actions, NIFTY 50's closes, and
   * every symbol's last year of adjusted closes for the risk figures (a symbol sold since is fetched too: waiting for
   * the replay to know which are held would add a second round trip).
   */
  private async valuation(transactions: readonly Transaction[]): Promise<Valuation> {
    const symbols = [...new Set(transactions.map((tx) => tx.symbol))];
    const [stocks, nifty, histories, adjusted] = await Promise.all([
      this.market.stocks(),
      this.market.history(INDEX_SYMBOL),
      Promise.all(symbols.map((symbol) => this.market.history(symbol))),
      Promise.all(symbols.map((symbol) => this.market.adjustedCloses(symbol, RISK_RANGE))),
    ]);
    const closes = new Map<string, Close[]>(symbols.map((symbol, index) => [symbol, histories[index]!.closes]));
    const actions = histories.flatMap((entry) => entry.actions);
    const ledger = replay(transactions, actions);
    const latest = new Map<string, Close>();
    for (const [symbol, series] of closes) if (series.length) latest.set(symbol, series.at(-1)!);
    const open = unrealised(ledger.lots, latest);
    const asOf = open.as_of ?? [...latest.values()].map((close) => close.date).sort().at(-1) ?? null;
    const totalValue = open.total.value;
    const holdings = open.holdings
      .filter((holding) => holding.quantity > 1e-9)
      .map((holding): Holding => {
        const info = stocks.get(holding.symbol);
        return {
          symbol: holding.symbol,
          company: info?.company ?? holding.symbol,
          industry: info?.industry ?? 'Unknown',
          quantity: round(holding.quantity, 4),
          invested: round(holding.cost),
          average_cost: round(holding.average_cost),
          close: holding.close ?? 0,
          close_date: holding.as_of ?? asOf ?? today(),
          value: round(holding.value ?? 0),
          unrealised: round(holding.pnl ?? 0),
          unrealised_pct: pct(holding.pnl_ratio),
          weight_pct: totalValue > 0 ? round(((holding.value ?? 0) / totalValue) * 100) : 0,
        };
      })
      .sort((a, b) => b.value - a.value);
    // NIFTY 50 has no corporate actions: its closes as traded are its adjusted closes, so it is not fetched twice.
    const risk = holdingsRisk(holdings, new Map(symbols.map((symbol, index) => [symbol, adjusted[index]!])), nifty.closes);
    return { actions, ledger, open, asOf, holdings, closes, nifty: nifty.closes, risk };
  }

  private async summarise(transactions: readonly Transaction[], example: string | null): Promise<PortfolioSummary> {
    const empty: PortfolioSummary = {
      as_of: null,
      holdings: [],
      totals: { invested: 0, value: 0, unrealised: 0, realised: 0, dividends: 0 },
      realised: [],
      performance: { xirr: null, nifty_xirr: null, first_date: null, twr: null, twr_annualised: null, nifty_return: null, nifty_as_of: null },
      risk: null,
      allocation: { by_sector: [] },
      series: [],
      example,
      notes: [],
    };
    if (!transactions.length) return empty;
    const { actions, ledger, open, asOf, holdings, closes, nifty, risk } = await this.valuation(transactions);
    const totalValue = open.total.value;
    const gains = realisedGains(ledger.realised, ledger.intraday);
    const flows = transactionFlows(transactions);
    let niftyXirr: number | null = null;
    try {
      niftyXirr = asOf ? benchmarkXirr(flows, nifty, asOf).xirr : null;
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
    }
    const firstDate = transactions.map((tx) => tx.date).sort()[0]!;
    const daily = dailyValues(transactions, actions, closes, nifty, asOf);
    const twr = timeWeightedReturn(daily, flows);
    const sectors = new Map<string, number>();
    for (const holding of holdings) sectors.set(holding.industry, (sectors.get(holding.industry) ?? 0) + holding.value);
    return {
      as_of: asOf,
      holdings,
      totals: {
        invested: round(open.total.cost),
        value: round(totalValue),
        unrealised: round(open.total.pnl),
        realised: round(gains.total.total.gain),
        dividends: round(ledger.dividends.reduce((sum, dividend) => sum + dividend.net, 0)),
      },
      realised: gains.years.map((year) => ({ fiscal_year: year.fiscal_year, short_term: round(year.short.gain), long_term: round(year.long.gain) })),
      performance: {
        xirr: asOf && totalValue > 0 ? pct(xirr([...flows, { date: asOf, amount: totalValue }])) : null,
        nifty_xirr: pct(niftyXirr),
        first_date: firstDate,
        twr: pct(twr?.twr ?? null),
        twr_annualised: pct(twr?.annualised ?? null),
        nifty_return: pct(asOf ? indexReturn(nifty, firstDate, asOf) : null),
        nifty_as_of: asOf ? (nifty[lastIndexOnOrBefore(nifty, asOf)]?.date ?? null) : null,
      },
      risk: riskFigures(risk.risk),
      allocation: {
        by_sector: [...sectors]
          .map(([sector, value]) => ({ sector, value: round(value), weight_pct: totalValue > 0 ? round((value / totalValue) * 100) : 0 }))
          .sort((a, b) => b.value - a.value),
      },
      series: weekEnds(daily).map((point) => ({
        date: point.date,
        value: round(point.value),
        nifty_value: point.nifty_value === null ? null : round(point.nifty_value),
        invested: round(point.invested),
      })),
      example,
      notes: demergerNotes(ledger.demerged, actions),
    };
  }
}

const rupees = (amount: number): string => `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 0 })}`;

/** Each demerger's cost moved to shares of the new company, which the market data does not price: said, not hidden. */
const demergerNotes = (demerged: readonly DemergedCost[], actions: readonly CorporateAction[]): string[] => {
  const moved = new Map<string, number>();
  for (const entry of demerged) moved.set(`${entry.symbol}|${entry.ex_date}`, (moved.get(`${entry.symbol}|${entry.ex_date}`) ?? 0) + entry.cost);
  return [...moved].map(([key, cost]) => {
    const [symbol, exDate] = key.split('|') as [string, string];
    const what = actions.find((action) => action.symbol === symbol && action.ex_date === exDate)?.note ?? 'A demerger';
    return `${symbol}, ${what.replace(/ \(price adjusted.*\)$/, '').replace(/^D/, 'd')} on ${formatDate(exDate)}: ${rupees(cost)} of its cost went to the new company's shares, which Nivesh has no prices for, so they are left out of the holdings and the value.`;
  });
};
