import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type RegisterRequestOtpRequest,
  type RegisterRequestOtpResponse,
  type RegisterVerifyOtpRequest,
  type RegisterVerifyOtpResponse,
} from '@nivesh/proto';
import { AdminUsernames } from '../admin/admin-usernames';
import { Clock } from '../common/clock';
import { normalizeEmail } from '../common/email';
import { MESSAGES } from '../messages';
import { invalidCode, OtpService, otpSent } from '../otp/otp.service';
import { accountByEmail, AccountLimiter } from '../rate-limit/account-limiter';
import { PasswordHasher } from '../users/password-hasher';
import { UsersRepository } from '../users/users.repository';
import { PendingRegistrationRepository } from './pending-registration.repository';

/** A registration waits this long for its code (a resend renews the code, not this). */
export const PENDING_REGISTRATION_TTL_MS = 24 * 60 * 60 * 1000;

/** Registration: the account waits as a pending registration until its e-mailed code is verified. */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly users: UsersRepository,
    private readonly pending: PendingRegistrationRepository,
    private readonly otp: OtpService,
    private readonly hasher: PasswordHasher,
    private readonly limiter: AccountLimiter,
    private readonly admins: AdminUsernames,
    private readonly clock: Clock,
  ) {}

  async requestOtp(input: RegisterRequestOtpRequest): Promise<RegisterRequestOtpResponse> {
    const email = normalizeEmail(input.email);
    if (await this.users.findByUsername(input.username)) throw new DomainError('conflict', MESSAGES.usernameExists);
    if (await this.users.findByEmail(email)) throw new DomainError('conflict', MESSAGES.emailExists);
    await this.otp.startCooldown('registration', email);
    const now = this.clock.now();
    await this.pending.replace({
      username: input.username,
      email,
      passwordHash: await this.hasher.hash(input.password),
      expiresAt: new Date(now.getTime() + PENDING_REGISTRATION_TTL_MS),
      now,
    });
    await this.otp.issue({ purpose: 'registration', email, username: input.username, userId: null });
    return otpSent(MESSAGES.registrationCodeSent);
  }

  async verifyOtp(input: RegisterVerifyOtpRequest): Promise<RegisterVerifyOtpResponse> {
    const email = normalizeEmail(input.email);
    return this.limiter.attempt(accountByEmail(email), async () => {
      const registration = await this.pending.findLive(email, this.clock.now());
      if (!registration) throw invalidCode();
      await this.otp.verify('registration', email, input.otp);
      const user = await this.users.create({
        username: registration.username,
        email,
        passwordHash: registration.passwordHash,
        isAdmin: this.admins.includes(registration.username),
      });
      await this.pending.delete(email);
      return { message: MESSAGES.registered, user_id: user.id, username: user.username };
    });
  }
}
