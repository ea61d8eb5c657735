import { Injectable } from '@nestjs/common';
import { DomainError, type PortfolioSummary, type PortfolioTransaction, type TradebookImportResponse, type TransactionInput } from '@nivesh/proto';
import { aggregateTrades, parseTradebook, TradebookFormatError } from '../import';
import { lastIndexOnOrBefore } from '../ledger/dates';
import { type Close, realisedGains, unrealised } from '../ledger/gains';
import { type DemergedCost, replay } from '../ledger/lots';
import { type CorporateAction, LedgerError, SHARE_KINDS, type Transaction } from '../ledger/transactions';
import { benchmarkXirr, transactionFlows, xirr } from '../ledger/xirr';
import { type NewTransaction, TransactionsRepository } from '../store/transactions.repository';
import { INDEX_SYMBOL, MarketDataClient, type SymbolHistory } from './market-data.client';

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

/** The ISO week (its Monday) of a date. */
const weekOf = (date: string): string => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
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
 * fiscal year; XIRR against the same cash flows in NIFTY 50; allocation by sector and the value over time. Prices and
 * corporate actions come from the market service over RPC.
 */
@Injectable()
export class PortfolioService {
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

  async summary(userId: string): Promise<PortfolioSummary> {
    return this.summarise((await this.transactions.forUser(userId)).map(toLedger), null);
  }

  /** The open example portfolio, bought at the closes of its day. */
  async example(): Promise<PortfolioSummary> {
    const transactions: Transaction[] = [];
    for (const symbol of EXAMPLE.symbols) {
      const { closes } = await this.market.history(symbol);
      const at = closes.findIndex((close) => close.date >= EXAMPLE.date);
      if (at < 0) continue;
      const { date, close } = closes[at]!;
      transactions.push({ id: `example-${symbol}`, symbol, date, kind: 'buy', quantity: Math.floor(EXAMPLE.amount / close), price: close, charges: 0, note: null });
    }
    return this.summarise(transactions, EXAMPLE.text);
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

  private async summarise(transactions: readonly Transaction[], example: string | null): Promise<PortfolioSummary> {
    const empty: PortfolioSummary = {
      as_of: null,
      holdings: [],
      totals: { invested: 0, value: 0, unrealised: 0, realised: 0, dividends: 0 },
      realised: [],
      performance: { xirr: null, nifty_xirr: null, first_date: null },
      allocation: { by_sector: [] },
      series: [],
      example,
      notes: [],
    };
    if (!transactions.length) return empty;
    const symbols = [...new Set(transactions.map((tx) => tx.symbol))];
    const [stocks, nifty, ...histories] = await Promise.all([this.market.stocks(), this.market.history(INDEX_SYMBOL), ...symbols.map((symbol) => this.market.history(symbol))]);
    const history = new Map<string, SymbolHistory>(symbols.map((symbol, index) => [symbol, histories[index]!]));
    const actions = histories.flatMap((entry) => entry.actions);
    const ledger = replay(transactions, actions);
    const latest = new Map<string, Close>();
    for (const [symbol, entry] of history) if (entry.closes.length) latest.set(symbol, entry.closes.at(-1)!);
    const open = unrealised(ledger.lots, latest);
    const asOf = open.as_of ?? [...latest.values()].map((close) => close.date).sort().at(-1) ?? null;
    const totalValue = open.total.value;
    const holdings = open.holdings
      .filter((holding) => holding.quantity > 1e-9)
      .map((holding) => {
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
    const gains = realisedGains(ledger.realised, ledger.intraday);
    const flows = transactionFlows(transactions);
    const niftyCloses = nifty.closes;
    let niftyXirr: number | null = null;
    try {
      niftyXirr = asOf ? benchmarkXirr(flows, niftyCloses, asOf).xirr : null;
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
    }
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
        first_date: transactions.map((tx) => tx.date).sort()[0] ?? null,
      },
      allocation: {
        by_sector: [...sectors]
          .map(([sector, value]) => ({ sector, value: round(value), weight_pct: totalValue > 0 ? round((value / totalValue) * 100) : 0 }))
          .sort((a, b) => b.value - a.value),
      },
      series: valueSeries(transactions, actions, history, niftyCloses, asOf),
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
    const day = new Date(`${exDate}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    return `${symbol}, ${what.replace(/ \(price adjusted.*\)$/, '').replace(/^D/, 'd')} on ${day}: ${rupees(cost)} of its cost went to the new company's shares, which Nivesh has no prices for, so they are left out of the holdings and the value.`;
  });
};

/**
 * The portfolio's value on each week's last trading day from its first transaction: shares held then (bought less
 * sold, through splits and bonus issues) at that day's closes; against it, the same cash flows held in NIFTY 50
 * units, and the money put in less the money taken out.
 */
export const valueSeries = (
  transactions: readonly Transaction[],
  actions: readonly CorporateAction[],
  history: ReadonlyMap<string, SymbolHistory>,
  nifty: readonly Close[],
  asOf: string | null,
): PortfolioSummary['series'] => {
  const first = transactions.map((tx) => tx.date).sort()[0];
  if (!first || !asOf) return [];
  const calendar = [...new Set([...history.values()].flatMap((entry) => entry.closes.map((close) => close.date)))].filter((date) => date >= first && date <= asOf).sort();
  const weekEnds = calendar.filter((date, index) => index === calendar.length - 1 || weekOf(calendar[index + 1]!) !== weekOf(date));
  const events = [
    ...transactions.map((tx) => ({ date: tx.date, order: 1, tx })),
    ...actions.filter((action) => SHARE_KINDS.has(action.kind) && action.ratio !== null).map((action) => ({ date: action.ex_date, order: 0, action })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  const shares = new Map<string, number>();
  let units = 0;
  let invested = 0;
  let next = 0;
  const out: PortfolioSummary['series'] = [];
  for (const day of weekEnds) {
    for (; next < events.length && events[next]!.date <= day; next++) {
      const event = events[next]!;
      if ('action' in event && event.action) {
        const held = shares.get(event.action.symbol);
        if (held !== undefined) shares.set(event.action.symbol, held * event.action.ratio!);
      } else if ('tx' in event && event.tx) {
        const { tx } = event;
        const amount = tx.kind === 'buy' ? tx.quantity * tx.price + tx.charges : tx.quantity * tx.price - tx.charges;
        if (tx.kind !== 'dividend') shares.set(tx.symbol, (shares.get(tx.symbol) ?? 0) + (tx.kind === 'buy' ? tx.quantity : -tx.quantity));
        invested += tx.kind === 'buy' ? amount : tx.kind === 'sell' ? -amount : 0;
        const at = lastIndexOnOrBefore(nifty, tx.date);
        if (at >= 0) units += (tx.kind === 'buy' ? amount : -amount) / nifty[at]!.close;
      }
    }
    let value = 0;
    for (const [symbol, held] of shares) {
      const closes = history.get(symbol)?.closes ?? [];
      const at = lastIndexOnOrBefore(closes, day);
      if (at >= 0 && held > 1e-9) value += held * closes[at]!.close;
    }
    const niftyAt = lastIndexOnOrBefore(nifty, day);
    out.push({ date: day, value: round(value), nifty_value: niftyAt >= 0 ? round(units * nifty[niftyAt]!.close) : null, invested: round(invested) });
  }
  return out;
};
