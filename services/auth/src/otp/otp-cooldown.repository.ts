import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OtpPurpose } from '@nivesh/proto';
import { REDIS, SERVICE_CONFIG } from '@nivesh/platform';
import Redis from 'ioredis';
import type { Config } from '../config';

/** Redis key of the resend cooldown of one address and purpose; the address is hashed, not stored. */
export const cooldownKey = (prefix: string, purpose: OtpPurpose, email: string): string =>
  `${prefix}:otp-cooldown:${purpose}:${createHash('sha256').update(email).digest('hex')}`;

/** Whole seconds a client must still wait, from the key's remaining milliseconds (1 at least). */
export const retryAfterSeconds = (remainingMs: number, cooldownSeconds: number): number =>
  remainingMs > 0 ? Math.min(cooldownSeconds, Math.max(1, Math.ceil(remainingMs / 1000))) : 1;

/** The resend cooldown, shared by every instance through Redis. */
@Injectable()
export class OtpCooldownRepository {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: Config,
  ) {}

  /** Starts a cooldown of `seconds`; when one is already running, the seconds left instead. */
  async acquire(purpose: OtpPurpose, email: string, seconds: number): Promise<number | undefined> {
    const key = cooldownKey(this.config.REDIS_PREFIX, purpose, email);
    if ((await this.redis.set(key, '1', 'PX', seconds * 1000, 'NX')) === 'OK') return undefined;
    return retryAfterSeconds(await this.redis.pttl(key), seconds);
  }
}
