import { INDEX_SYMBOL } from '@nivesh/proto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { REDIS, SERVICE_CONFIG } from '@nivesh/platform';
import type Redis from 'ioredis';
import { type RateLimiterAbstract, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config';
import { ProviderUnavailableError } from './provider-errors';
import { IST_OFFSET_SECONDS, localDate, type PublishedSeries, toPublishedSeries, toYahooTicker } from './yahoo-chart';
import { YahooRepository } from './yahoo.repository';

/** Replaces the shared Redis rate limiter (unit tests); default: RateLimiterRedis on the service's Redis. */
export const PROVIDER_RATE_LIMITER = Symbol('PROVIDER_RATE_LIMITER');

export type ProviderSeries = PublishedSeries & {
  symbol: string;
  ticker: string;
  /** The period asked for: `from` <= date < `before` (today in India: only finished sessions). */
  from: string;
  before: string;
  /** Served from the Redis cache rather than the provider. */
  cached: boolean;
};

export type ProviderSettings = Pick<
  Config,
  | 'REDIS_PREFIX'
  | 'MARKET_PROVIDER_CACHE_SECONDS'
  | 'MARKET_PROVIDER_RATE_POINTS'
  | 'MARKET_PROVIDER_RATE_WINDOW_SECONDS'
  | 'MARKET_PROVIDER_MAX_WAIT_SECONDS'
>;

const RATE_KEY = 'yahoo';

/**
 * Daily bars from the live provider, as published. Answers are cached in Redis per ticker and period (shared by
 * every instance; a day's period changes at midnight IST, so a new day asks again), and requests that do reach
 * the provider take a slot of a rate limit kept in Redis, so all instances and the CLI together stay under it:
 * MARKET_PROVIDER_RATE_POINTS requests per MARKET_PROVIDER_RATE_WINDOW_SECONDS (default 30 a minute). Yahoo
 * publishes no limit and answers bursts with HTTP 429; one request every 2 s on average still refreshes the
 * whole universe (49 symbols, one request each) in under 2 minutes. Without a slot within
 * MARKET_PROVIDER_MAX_WAIT_SECONDS (default 120) the call fails as unavailable (a job retries later).
 */
@Injectable()
export class ProviderService {
  private readonly logger = new Logger(ProviderService.name);
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly yahoo: YahooRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: ProviderSettings,
    @Optional() @Inject(PROVIDER_RATE_LIMITER) limiter?: RateLimiterAbstract,
  ) {
    this.limiter =
      limiter ??
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: ProviderService.rateKeyPrefix(config.REDIS_PREFIX),
        points: config.MARKET_PROVIDER_RATE_POINTS,
        duration: config.MARKET_PROVIDER_RATE_WINDOW_SECONDS,
      });
  }

  /** Where the shared limiter counts requests (`<prefix>:yahoo` holds the current window's count). */
  static rateKeyPrefix(redisPrefix: string): string {
    return `${redisPrefix}:market:provider-rate`;
  }

  /** Finished sessions of `symbol` from `from` (an ISO date) up to yesterday in India, as published. */
  async dailyBars(symbol: string, from: string, now = new Date()): Promise<ProviderSeries> {
    const ticker = toYahooTicker(symbol);
    const before = localDate(now, IST_OFFSET_SECONDS);
    const key = `${this.config.REDIS_PREFIX}:market:provider:v1:${ticker}:${from}:${before}`;
    const hit = await this.safe(() => this.redis.get(key));
    if (hit) return { ...(JSON.parse(hit) as Omit<ProviderSeries, 'cached'>), cached: true };

    await this.takeSlot();
    const chart = await this.yahoo.dailyChart(ticker, from);
    // The dataset keeps no index volume (README: empty for NIFTY50.csv); Yahoo's ^NSEI volume is not kept either.
    const series = { symbol, ticker, from, before, ...toPublishedSeries(chart, { from, before, volume: symbol !== INDEX_SYMBOL }) };
    if (this.config.MARKET_PROVIDER_CACHE_SECONDS > 0) {
      await this.safe(() => this.redis.set(key, JSON.stringify(series), 'EX', this.config.MARKET_PROVIDER_CACHE_SECONDS));
    }
    return { ...series, cached: false };
  }

  private async takeSlot(): Promise<void> {
    const deadline = Date.now() + this.config.MARKET_PROVIDER_MAX_WAIT_SECONDS * 1000;
    for (;;) {
      try {
        await this.limiter.consume(RATE_KEY);
        return;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw new ProviderUnavailableError(`provider rate limit unavailable: ${(error as Error).message}`, { cause: error });
        if (Date.now() + error.msBeforeNext > deadline) {
          throw new ProviderUnavailableError(`provider rate limit: no request slot within ${this.config.MARKET_PROVIDER_MAX_WAIT_SECONDS} s`);
        }
        await sleep(error.msBeforeNext);
      }
    }
  }

  /** The cache is an optimisation: a Redis failure only skips it. */
  private async safe<R>(op: () => Promise<R>): Promise<R | null> {
    try {
      return await op();
    } catch (error) {
      this.logger.warn(`provider cache skipped: ${(error as Error).message}`);
      return null;
    }
  }
}
