import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MARKET, type MarketSymbolInfo, INDEX_SYMBOL } from '@nivesh/proto';
import { RpcClient, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import type { DailyClose } from '../models';

/** The index has no row among the stocks; its name for people. */
const INDEX_COMPANY = 'NIFTY 50 index';
const SYMBOLS_TTL_MS = 10 * 60_000;

/** Market data over RPC: the prediction service reads no other schema (each service owns its own). */
@Injectable()
export class MarketDataClient implements OnApplicationShutdown {
  /** Connects on its first call (the transport does), so a service that never asks opens no connection. */
  private readonly client: RpcClient;
  private symbols?: { at: number; list: MarketSymbolInfo[] };

  constructor(@Inject(SERVICE_CONFIG) config: Config) {
    this.client = new RpcClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  /** Adjusted daily closes of `symbol`, oldest first; not_found for a symbol the market does not hold. */
  async closes(symbol: string): Promise<DailyClose[]> {
    const history = await this.client.call(MARKET.history, { symbol, range: 'max', adjusted: true });
    return history.bars.map((bar) => ({ date: bar.date, close: bar.close }));
  }

  /** The market data's version, or null when the market keeps none (its cache is off): then nothing can be reused. */
  async version(): Promise<string | null> {
    const { version } = await this.client.call(MARKET.version, {});
    return version === '0' ? null : version;
  }

  /** The date of the latest bar of any stock, or null while the market holds none. */
  async latestDate(): Promise<string | null> {
    return (await this.client.call(MARKET.status, {})).as_of;
  }

  /** Every stock of the market and the index, by symbol. */
  async universe(): Promise<string[]> {
    return [...(await this.stocks()).map((stock) => stock.symbol), INDEX_SYMBOL];
  }

  /** The company name of `symbol` (the symbol itself when the market does not list it). */
  async company(symbol: string): Promise<string> {
    if (symbol === INDEX_SYMBOL) return INDEX_COMPANY;
    return (await this.stocks()).find((stock) => stock.symbol === symbol)?.company ?? symbol;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  private async stocks(): Promise<MarketSymbolInfo[]> {
    if (this.symbols && Date.now() - this.symbols.at < SYMBOLS_TTL_MS) return this.symbols.list;
    const list = await this.client.call(MARKET.symbols, {});
    this.symbols = { at: Date.now(), list };
    return list;
  }

}
