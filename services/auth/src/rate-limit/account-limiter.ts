import { Inject, Injectable } from '@nestjs/common';
import { DomainError, isDomainError } from '@nivesh/proto';
import { REDIS, SERVICE_CONFIG } from '@nivesh/platform';
import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config';
import { MESSAGES } from '../messages';

/** Failed attempts (wrong password or wrong code) one account may make per window. */
export const ACCOUNT_FAILURES_PER_WINDOW = 100;
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;

/** Outcomes that count as a failed attempt: bad credentials, a wrong or dead code. */
const isFailedAttempt = (error: unknown): boolean =>
  isDomainError(error) && (error.code === 'unauthorized' || error.code === 'bad_request' || error.code === 'gone');

/** Limiter key of an account by its (case-insensitive) username. Unknown usernames are limited alike. */
export const accountByUsername = (username: string): string => `user:${username.trim().toLowerCase()}`;
/** Limiter key of a registration not yet an account, by its address. */
export const accountByEmail = (email: string): string => `email:${email}`;

/**
 * At most 100 failed attempts an hour per account, counted in Redis (`{prefix}:rl:account:{key}`). A point
 * is taken before the attempt and given back when it does not fail, so concurrent attempts cannot exceed
 * the budget; once it is spent, every attempt answers 429 until the window ends.
 */
@Injectable()
export class AccountLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(SERVICE_CONFIG) config: Config) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_PREFIX}:rl:account`,
      points: ACCOUNT_FAILURES_PER_WINDOW,
      duration: ACCOUNT_WINDOW_SECONDS,
    });
  }

  async attempt<T>(key: string, work: () => Promise<T>): Promise<T> {
    try {
      await this.limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new DomainError('rate_limited', MESSAGES.accountLocked, { retry_after_seconds: retryAfter });
    }
    try {
      const result = await work();
      await this.giveBack(key);
      return result;
    } catch (error) {
      if (!isFailedAttempt(error)) await this.giveBack(key);
      throw error;
    }
  }

  private async giveBack(key: string): Promise<void> {
    // The attempt itself is done (a code may be consumed); a failed refund must not turn it into an error.
    await this.limiter.reward(key).catch(() => undefined);
  }
}
