import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type RouteDefinition } from '@nivesh/proto';
import type { FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config';
import { CONFIG, REDIS } from '../tokens';
import { LeasedLimiter, leaseSizeFor } from './leased-limiter';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please try again later.';
/** Every limit counts over one minute; an error that says no wait gets this one (ErrorReplies). */
export const WINDOW_SECONDS = 60;

/**
 * Per-IP limits for the public API (every route of proto's route table; health, metrics and static files are not
 * limited), counted in Redis so every gateway instance shares them: one
 * budget across the API, and a tighter one on routes that name `rateLimitPerMinute`. If Redis fails,
 * an in-memory limiter stands in rather than letting every request through or failing them all.
 * Budgets are taken from Redis in leases (LeasedLimiter): a twentieth of the budget at a time, so a
 * cached answer does not cost a Redis round trip; tight limits (under 40 a minute) are counted per request.
 */
@Injectable()
export class RateLimits {
  private readonly global: LeasedLimiter;
  private readonly perRoute = new Map<number, LeasedLimiter>();

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.global = this.limiter(`${config.REDIS_PREFIX}:rl`, config.RATE_LIMIT_PER_MINUTE);
  }

  /** Spends a point of the caller's budgets for this route; throws rate_limited, with the wait, once one is spent. */
  async check(definition: RouteDefinition, request: FastifyRequest): Promise<void> {
    try {
      await this.global.consume(request.ip);
      if (definition.rateLimitPerMinute) {
        await this.routeLimiter(definition.rateLimitPerMinute).consume(`${routeKey(definition)}:${request.ip}`);
      }
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      // ErrorReplies sends it as Retry-After; the web app counts it down.
      throw new DomainError('rate_limited', RATE_LIMITED_MESSAGE, { retry_after_seconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) });
    }
  }

  private routeLimiter(points: number): LeasedLimiter {
    let limiter = this.perRoute.get(points);
    if (!limiter) {
      limiter = this.limiter(`${this.config.REDIS_PREFIX}:rl:route`, points);
      this.perRoute.set(points, limiter);
    }
    return limiter;
  }

  private limiter(keyPrefix: string, points: number): LeasedLimiter {
    const shared = new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix,
      points,
      duration: WINDOW_SECONDS,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS }),
    });
    return new LeasedLimiter(shared, leaseSizeFor(points));
  }
}

const routeKey = (definition: RouteDefinition): string => `${definition.method}${definition.path}`;
