import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type ChatType, DomainError, MARKET, PREDICTION } from '@nivesh/proto';
import { RpcClient, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import type { Grounding } from '../engine/grounding';

/** End-of-day data changes once a day; half a minute of reuse spares every answer five RPC calls. */
const GROUNDING_TTL_MS = 30_000;
const MAX_CACHED = 200;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The product's own numbers that Warren AI's answers are grounded in, asked of the market and prediction services over
 * RPC (the chat service reads no other schema). A part whose call fails is left out and the answer says so; a
 * technical chat whose ticker the market does not hold is a not_found.
 */
@Injectable()
export class GroundingClient implements OnApplicationShutdown {
  private readonly logger = new Logger(GroundingClient.name);
  /** Connects on its first call (the transport does), so a service that never asks opens no connection. */
  private readonly client: RpcClient;
  private readonly cache = new Map<string, { at: number; grounding: Promise<Grounding> }>();

  constructor(@Inject(SERVICE_CONFIG) config: Config) {
    this.client = new RpcClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  /** The market data version an answer is grounded on, for its audit record; null when the market cannot say. */
  async version(): Promise<string | null> {
    const answer = await this.client.call(MARKET.version, {}, { deadlineMs: 2_000 }).catch(() => null);
    return answer && answer.version !== '0' ? answer.version : null;
  }

  /** The grounding of a chat, reused for `GROUNDING_TTL_MS`. */
  grounding(chatType: ChatType, ticker: string | null): Promise<Grounding> {
    const key = `${chatType}:${ticker ?? ''}`;
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < GROUNDING_TTL_MS) return cached.grounding;
    const grounding = chatType === 'technical' && ticker ? this.technical(ticker) : this.sentiment();
    this.remember(key, grounding);
    return grounding;
  }

  /**
   * Checks that the market holds `ticker` (and warms its grounding for the first question): not_found with a sentence
   * for people when it does not, service_unavailable when the market cannot be asked.
   */
  async requireTicker(ticker: string): Promise<Grounding> {
    let grounding: Grounding;
    try {
      grounding = await this.grounding('technical', ticker);
    } catch (error) {
      this.cache.delete(`technical:${ticker}`);
      throw error;
    }
    if (!grounding.quote) {
      this.cache.delete(`technical:${ticker}`);
      throw new DomainError('service_unavailable', 'Market data cannot be reached right now, so a technical chat cannot start. Please try again in a minute.');
    }
    return grounding;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  private async technical(ticker: string): Promise<Grounding> {
    const symbol = { symbol: ticker };
    const [quote, summary, indicators, risk, insights, accuracy] = await Promise.allSettled([
      this.client.call(MARKET.quote, symbol),
      this.client.call(MARKET.summary, symbol),
      this.client.call(MARKET.indicators, { symbol: ticker, range: '1y' }),
      this.client.call(MARKET.risk, { symbol: ticker, range: '1y' }),
      this.client.call(MARKET.insights, symbol),
      // Optional: a forecast's track record is not worth a long wait.
      this.client.call(PREDICTION.accuracy, {}, { deadlineMs: 3_000 }),
    ]);
    // The quote decides whether the stock exists: the market's not_found becomes the chat's.
    if (quote.status === 'rejected' && quote.reason instanceof DomainError && quote.reason.code === 'not_found') {
      throw new DomainError('not_found', `Nivesh has no prices for ${ticker}. Check the NSE symbol and try again.`);
    }
    const value = <T>(result: PromiseSettledResult<T>, part: string): T | undefined => {
      if (result.status === 'fulfilled') return result.value;
      this.logger.warn(`grounding ${part} of ${ticker}: ${messageOf(result.reason)}`);
      return undefined;
    };
    const quoteValue = value(quote, 'quote');
    return {
      chatType: 'technical',
      ticker,
      company: quoteValue?.company ?? null,
      quote: quoteValue,
      summary: value(summary, 'summary'),
      indicators: value(indicators, 'indicators'),
      risk: value(risk, 'risk'),
      insights: value(insights, 'insights'),
      forecast: value(accuracy, 'forecast accuracy')?.rows.find((row) => row.ticker === ticker),
    };
  }

  private async sentiment(): Promise<Grounding> {
    const [sentiment] = await Promise.allSettled([this.client.call(MARKET.sentiment, { range: '1y' })]);
    if (sentiment.status === 'rejected') this.logger.warn(`grounding sentiment: ${messageOf(sentiment.reason)}`);
    return { chatType: 'sentiment', ticker: null, company: null, sentiment: sentiment.status === 'fulfilled' ? sentiment.value : undefined };
  }

  private remember(key: string, grounding: Promise<Grounding>): void {
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { at: Date.now(), grounding });
    // A failed fetch is not reused.
    grounding.catch(() => this.cache.delete(key));
  }

}
