import { Injectable } from '@nestjs/common';
import { DomainError, OTP_RESEND_COOLDOWN_SECONDS, type OtpPurpose, type OtpSentResponse } from '@nivesh/proto';
import { Clock } from '../common/clock';
import { OtpMailQueue } from '../mail/otp-mail.queue';
import { MESSAGES } from '../messages';
import { OtpChallengeRepository } from './otp-challenge.repository';
import { OtpCooldownRepository } from './otp-cooldown.repository';
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, OtpCrypto } from '../common/otp-crypto';

export type IssueOtp = { purpose: OtpPurpose; email: string; username: string; userId: string | null };

/** The answer of every call that (maybe) sent a code. */
export const otpSent = (message: string): OtpSentResponse => ({
  message,
  expires_in_seconds: OTP_TTL_SECONDS,
  resend_after_seconds: OTP_RESEND_COOLDOWN_SECONDS,
});

export const invalidCode = (): DomainError => new DomainError('bad_request', MESSAGES.invalidCode);
export const tooManyCodes = (): DomainError => new DomainError('gone', MESSAGES.tooManyCodes);

/** One-time codes: the resend cooldown, issuing (stored as HMAC, mailed sealed) and verification. */
@Injectable()
export class OtpService {
  constructor(
    private readonly challenges: OtpChallengeRepository,
    private readonly cooldowns: OtpCooldownRepository,
    private readonly crypto: OtpCrypto,
    private readonly mail: OtpMailQueue,
    private readonly clock: Clock,
  ) {}

  /**
   * Starts the 30 s resend cooldown of an address for a purpose, whether or not an account is behind it,
   * or throws rate_limited with `retry_after_seconds` while one runs.
   */
  async startCooldown(purpose: OtpPurpose, email: string): Promise<void> {
    const wait = await this.cooldowns.acquire(purpose, email, OTP_RESEND_COOLDOWN_SECONDS);
    if (wait !== undefined) throw new DomainError('rate_limited', MESSAGES.resendCooldown(wait), { retry_after_seconds: wait });
  }

  /** Replaces the open challenge of (purpose, email) with a fresh code and queues its mail. */
  async issue({ purpose, email, username, userId }: IssueOtp): Promise<void> {
    const code = this.crypto.generate();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + OTP_TTL_SECONDS * 1000);
    await this.challenges.replace({ purpose, email, userId, codeHash: this.crypto.hash(purpose, email, code), expiresAt, now });
    await this.mail.enqueue({ email, username, purpose, sealed_code: this.crypto.seal(code), expires_at: expiresAt.toISOString() });
  }

  /**
   * Checks a code against the open challenge and consumes it. Every attempt is counted; the fifth wrong
   * one kills the challenge. Throws bad_request (wrong, expired, none) or gone (too many attempts).
   */
  async verify(purpose: OtpPurpose, email: string, code: string): Promise<void> {
    const now = this.clock.now();
    const challenge = await this.challenges.findOpen(purpose, email);
    if (!challenge || challenge.expiresAt.getTime() <= now.getTime()) throw invalidCode();
    if (challenge.attempts >= OTP_MAX_ATTEMPTS) throw tooManyCodes();

    if (this.crypto.matches(challenge.codeHash, this.crypto.hash(purpose, email, code))) {
      if (await this.challenges.consume(challenge.id, challenge.codeHash, now)) return;
      // Lost a race: another request consumed it, a new code replaced it, or the attempts ran out.
      const current = await this.challenges.findOpen(purpose, email);
      throw current?.id === challenge.id && current.attempts >= OTP_MAX_ATTEMPTS ? tooManyCodes() : invalidCode();
    }
    const attempts = await this.challenges.countWrongCode(challenge.id);
    if (attempts === undefined) {
      const current = await this.challenges.findOpen(purpose, email);
      throw current?.id === challenge.id ? tooManyCodes() : invalidCode();
    }
    throw attempts >= OTP_MAX_ATTEMPTS ? tooManyCodes() : invalidCode();
  }

  /** Whether a code of this purpose was sent to the address and is not yet used (expired or not). */
  hasOpen(purpose: OtpPurpose, email: string): Promise<boolean> {
    return this.challenges.hasOpen(purpose, email);
  }

  /** Whether the address has an unused, unexpired code of this purpose. */
  async hasLive(purpose: OtpPurpose, email: string): Promise<boolean> {
    const challenge = await this.challenges.findOpen(purpose, email);
    return !!challenge && challenge.expiresAt.getTime() > this.clock.now().getTime();
  }

  /** Voids the open challenge of a purpose. */
  discard(purpose: OtpPurpose, email: string): Promise<void> {
    return this.challenges.discard(purpose, email, this.clock.now());
  }
}
