import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type HistoryRange, MARKET, type MarketQuote, type MarketSymbolInfo, INDEX_SYMBOL } from '@nivesh/proto';
import { AnswerStore, REDIS, RpcClient, SERVICE_CONFIG } from '@nivesh/platform';
import type Redis from 'ioredis';
import type { Config } from '../config';
import type { Close } from '../ledger/gains';
import type { CorporateAction } from '../ledger/transactions';

const SYMBOLS_TTL_MS = 10 * 60_000;

/** A symbol's closes as traded (not adjusted: the ledger follows the share count itself) and its corporate actions. */
export type SymbolHistory = { closes: Close[]; actions: CorporateAction[] };

/**
 * Market data over RPC: the portfolio service reads no other schema (each service owns its own).
 *
 * Histories are kept in memory for the market data version they were read under (the version the market service
 * bumps after every import, read from the same Redis key the gateway follows): a summary needs every held symbol's
 * whole history, and asking the market service for 50 of them on every request moved some 25 MB of JSON per summary.
 * Per version, each history is asked for once; a new version drops them all, so no answer outlives an import.
 */
@Injectable()
export class MarketDataClient implements OnApplicationShutdown {
  /** Connects on its first call (the transport does), so a service that never asks opens no connection. */
  private readonly client: RpcClient;
  private readonly versions: AnswerStore;
  private symbols?: { at: number; list: MarketSymbolInfo[] };
  private held: { version: string; histories: Map<string, Promise<unknown>> } = { version: '', histories: new Map() };

  constructor(@Inject(SERVICE_CONFIG) config: Config, @Inject(REDIS) redis: Redis) {
    this.client = new RpcClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
    this.versions = new AnswerStore(redis, config.REDIS_PREFIX, 'market');
  }

  /** The market data version (bumped by every import that adds data); null when Redis cannot be asked. */
  version(): Promise<string | null> {
    return this.versions.version().catch(() => null);
  }

  /** The value of `key` read under the current market data version, reading it with `load` once per version. */
  private async perVersion<T>(key: string, load: () => Promise<T>): Promise<T> {
    const version = await this.version();
    // Redis unreachable: the version cannot be told, so nothing is kept.
    if (version === null) return load();
    if (this.held.version !== version) this.held = { version, histories: new Map() };
    const { histories } = this.held;
    let entry = histories.get(key) as Promise<T> | undefined;
    if (!entry) {
      entry = load();
      histories.set(key, entry);
      // A failed read is not kept: the next caller asks again.
      entry.catch(() => histories.get(key) === entry && histories.delete(key));
    }
    return entry;
  }

  /** Every stock of the market (not the index), by symbol. */
  async stocks(): Promise<Map<string, MarketSymbolInfo>> {
    if (!this.symbols || Date.now() - this.symbols.at >= SYMBOLS_TTL_MS) this.symbols = { at: Date.now(), list: await this.client.call(MARKET.symbols, {}) };
    return new Map(this.symbols.list.filter((info) => info.symbol !== INDEX_SYMBOL).map((info) => [info.symbol, info]));
  }

  /** All of a symbol's daily closes as traded, oldest first, and its corporate actions. */
  history(symbol: string): Promise<SymbolHistory> {
    return this.perVersion(`raw|${symbol}`, async () => {
      const history = await this.client.call(MARKET.history, { symbol, range: 'max', adjusted: false });
      return {
        closes: history.bars.map((bar) => ({ date: bar.date, close: bar.close })),
        actions: history.actions.map((action) => ({ symbol, ex_date: action.date, kind: action.kind, ratio: action.ratio, factor: action.factor, note: action.label })),
      };
    });
  }

  /**
   * A symbol's daily closes over `range`, oldest first, adjusted for splits, bonus issues and demergers (so an ex-date
   * is not a move): what risk figures and the alert engine read.
   */
  adjustedCloses(symbol: string, range: HistoryRange = 'max'): Promise<Close[]> {
    return this.perVersion(`adjusted|${range}|${symbol}`, async () => {
      const history = await this.client.call(MARKET.history, { symbol, range, adjusted: true });
      return history.bars.map((bar) => ({ date: bar.date, close: bar.close }));
    });
  }

  /** The latest close of `symbol`, its day's change and its 52-week range. */
  quote(symbol: string): Promise<MarketQuote> {
    return this.client.call(MARKET.quote, { symbol });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
