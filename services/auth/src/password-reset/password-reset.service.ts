import { Injectable } from '@nestjs/common';
import type { ForgotPasswordRequest, ForgotPasswordResponse, ResetPasswordRequest, ResetPasswordResponse } from '@nivesh/proto';
import { normalizeEmail } from '../common/email';
import { ResponseFloor } from '../common/response-floor';
import { MESSAGES } from '../messages';
import { invalidCode, OtpService, otpSent } from '../otp/otp.service';
import { accountByUsername, AccountLimiter } from '../rate-limit/account-limiter';
import { SessionService } from '../sessions/session.service';
import { PasswordHasher } from '../users/password-hasher';
import { UsersRepository } from '../users/users.repository';

/**
 * Password reset: a code mailed when username and e-mail match an account (the same answer when they do
 * not), then a new password. A reset ends every session of the user and logs nobody in.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly otp: OtpService,
    private readonly sessions: SessionService,
    private readonly limiter: AccountLimiter,
    private readonly floor: ResponseFloor,
  ) {}

  forgot(input: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
    return this.floor.pad(async () => {
      const email = normalizeEmail(input.email);
      await this.otp.startCooldown('password_reset', email);
      const user = await this.users.findByUsername(input.username);
      if (user?.email === email) await this.otp.issue({ purpose: 'password_reset', email, username: user.username, userId: user.id });
      return otpSent(MESSAGES.resetCodeSent);
    });
  }

  reset(input: ResetPasswordRequest): Promise<ResetPasswordResponse> {
    const email = normalizeEmail(input.email);
    return this.limiter.attempt(accountByUsername(input.username), async () => {
      const user = await this.users.findByUsername(input.username);
      if (user?.email !== email) throw invalidCode();
      await this.otp.verify('password_reset', email, input.otp);
      await this.users.updatePasswordHash(user.id, await this.hasher.hash(input.new_password));
      // A login code requested with the old password must not outlive it, nor any session.
      await this.otp.discard('login', email);
      await this.sessions.endAll(user.id);
      return { message: MESSAGES.passwordReset };
    });
  }
}
