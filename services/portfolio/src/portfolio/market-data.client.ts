import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type HistoryRange, MARKET, type MarketQuote, type MarketSymbolInfo } from '@nivesh/proto';
import { RpcClient, SERVICE_CONFIG } from '@nivesh/proto/node';
import type { Config } from '../config';
import type { Close } from '../ledger/gains';
import type { CorporateAction } from '../ledger/transactions';

export const INDEX_SYMBOL = 'NIFTY 50';
const SYMBOLS_TTL_MS = 10 * 60_000;

/** A symbol's closes as traded (not adjusted: the ledger follows the share count itself) and its corporate actions. */
export type SymbolHistory = { closes: Close[]; actions: CorporateAction[] };

/** Market data over RPC: the portfolio service reads no other schema (each service owns its own). */
@Injectable()
export class MarketDataClient implements OnApplicationShutdown {
  /** Connects on its first call (the transport does), so a service that never asks opens no connection. */
  private readonly client: RpcClient;
  private symbols?: { at: number; list: MarketSymbolInfo[] };

  constructor(@Inject(SERVICE_CONFIG) config: Config) {
    this.client = new RpcClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  /** Every stock of the market (not the index), by symbol. */
  async stocks(): Promise<Map<string, MarketSymbolInfo>> {
    if (!this.symbols || Date.now() - this.symbols.at >= SYMBOLS_TTL_MS) this.symbols = { at: Date.now(), list: await this.client.call(MARKET.symbols, {}) };
    return new Map(this.symbols.list.filter((info) => info.symbol !== INDEX_SYMBOL).map((info) => [info.symbol, info]));
  }

  /** All of a symbol's daily closes as traded, oldest first, and its corporate actions. */
  async history(symbol: string): Promise<SymbolHistory> {
    const history = await this.client.call(MARKET.history, { symbol, range: 'max', adjusted: false });
    return {
      closes: history.bars.map((bar) => ({ date: bar.date, close: bar.close })),
      actions: history.actions.map((action) => ({ symbol, ex_date: action.date, kind: action.kind, ratio: action.ratio, factor: action.factor, note: action.label })),
    };
  }

  /**
   * A symbol's daily closes over `range`, oldest first, adjusted for splits, bonus issues and demergers (so an ex-date
   * is not a move): what risk figures and the alert engine read.
   */
  async adjustedCloses(symbol: string, range: HistoryRange = 'max'): Promise<Close[]> {
    const history = await this.client.call(MARKET.history, { symbol, range, adjusted: true });
    return history.bars.map((bar) => ({ date: bar.date, close: bar.close }));
  }

  /** The latest close of `symbol`, its day's change and its 52-week range. */
  quote(symbol: string): Promise<MarketQuote> {
    return this.client.call(MARKET.quote, { symbol });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
