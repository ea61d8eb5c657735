import { Injectable } from '@nestjs/common';
import { DomainError, WATCHLIST_SYMBOLS_MAX, WATCHLISTS_MAX, type Watchlist, type MarketQuote } from '@nivesh/proto';
import { WatchlistsRepository } from './watchlists.repository';
import { MarketDataClient } from './market-data.client';

/** Watchlists: several per user, each stock shown with its latest close, the day's change and its 52-week range. */
@Injectable()
export class WatchlistsService {
  constructor(
    private readonly watchlists: WatchlistsRepository,
    private readonly market: MarketDataClient,
  ) {}

  async list(userId: string): Promise<Watchlist[]> {
    const stored = await this.watchlists.forUser(userId);
    const symbols = [...new Set(stored.flatMap((list) => list.symbols))];
    const quotes = new Map<string, MarketQuote | null>(
      await Promise.all(symbols.map(async (symbol) => [symbol, await this.market.quote(symbol).catch(() => null)] as const)),
    );
    const stocks = await this.market.stocks();
    return stored.map((list) => ({
      id: list.id,
      name: list.name,
      items: list.symbols.map((symbol) => {
        const quote = quotes.get(symbol) ?? null;
        return {
          symbol,
          company: quote?.company ?? stocks.get(symbol)?.company ?? symbol,
          close: quote?.close ?? null,
          as_of: quote?.as_of ?? null,
          change_pct: quote?.change_pct ?? null,
          low_52w: quote?.low_52w ?? null,
          high_52w: quote?.high_52w ?? null,
        };
      }),
    }));
  }

  async create(userId: string, name: string): Promise<Watchlist[]> {
    if (!(await this.watchlists.create(userId, name, WATCHLISTS_MAX))) {
      throw new DomainError('conflict', `You have ${WATCHLISTS_MAX} watchlists, the most there can be; delete one to make another.`);
    }
    return this.list(userId);
  }

  async delete(userId: string, id: string): Promise<Watchlist[]> {
    await this.owned(userId, id);
    await this.watchlists.delete(userId, id);
    return this.list(userId);
  }

  async add(userId: string, id: string, symbol: string): Promise<Watchlist[]> {
    await this.owned(userId, id);
    if (!(await this.market.stocks()).has(symbol)) throw new DomainError('not_found', `${symbol} is not a stock Nivesh has prices for.`);
    if (!(await this.watchlists.add(id, symbol, WATCHLIST_SYMBOLS_MAX))) {
      throw new DomainError('conflict', `A watchlist holds at most ${WATCHLIST_SYMBOLS_MAX} stocks; take one off or start another list.`);
    }
    return this.list(userId);
  }

  async remove(userId: string, id: string, symbol: string): Promise<Watchlist[]> {
    await this.owned(userId, id);
    await this.watchlists.remove(id, symbol);
    return this.list(userId);
  }

  private async owned(userId: string, id: string): Promise<void> {
    if (!(await this.watchlists.owns(userId, id))) throw new DomainError('not_found', 'No such watchlist of yours.');
  }
}
