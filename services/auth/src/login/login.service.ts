import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type GetUserEmailRequest,
  type GetUserEmailResponse,
  type LoginRequest,
  type LoginRequestOtpRequest,
  type LoginRequestOtpResponse,
  type LoginResponse,
  type LoginVerifyOtpRequest,
  type LoginVerifyOtpResponse,
} from '@nivesh/proto';
import { AdminUsernames } from '../admin/admin-usernames';
import { Clock } from '../common/clock';
import { ResponseFloor } from '../common/response-floor';
import { MESSAGES } from '../messages';
import { invalidCode, OtpService, otpSent } from '../otp/otp.service';
import { accountByUsername, AccountLimiter } from '../rate-limit/account-limiter';
import { SessionService, type IssuedSession } from '../sessions/session.service';
import { PasswordHasher } from '../users/password-hasher';
import type { UserEntity } from '../users/user.entity';
import { PremiumEntitlementClient } from '../users/premium-entitlement.client';
import { toUserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';

export const invalidCredentials = (): DomainError => new DomainError('unauthorized', MESSAGES.invalidCredentials);
/** Said only to someone who gave the right password or code, so it tells nothing to anyone else. */
export const accountDisabled = (): DomainError => new DomainError('forbidden', MESSAGES.accountDisabled);

/**
 * Login: the password, then a code e-mailed to the account (or both at once on /auth/login). Unknown
 * users cost the same argon2 work and get the same answer as a wrong password. A disabled account learns
 * that it is disabled only after the right password or code.
 */
@Injectable()
export class LoginService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly otp: OtpService,
    private readonly sessions: SessionService,
    private readonly limiter: AccountLimiter,
    private readonly admins: AdminUsernames,
    private readonly floor: ResponseFloor,
    private readonly premium: PremiumEntitlementClient,
    private readonly clock: Clock,
  ) {}

  requestOtp(input: LoginRequestOtpRequest): Promise<LoginRequestOtpResponse> {
    return this.floor.pad(() =>
      this.limiter.attempt(accountByUsername(input.username), async () => {
        const user = await this.checkPassword(input.username, input.password);
        await this.otp.startCooldown('login', user.email);
        await this.otp.issue({ purpose: 'login', email: user.email, username: user.username, userId: user.id });
        return otpSent(MESSAGES.loginCodeSent);
      }),
    );
  }

  verifyOtp(input: LoginVerifyOtpRequest): Promise<LoginVerifyOtpResponse> {
    return this.limiter.attempt(accountByUsername(input.username), async () => {
      const user = await this.users.findByUsername(input.username);
      if (!user) throw invalidCode();
      await this.otp.verify('login', user.email, input.otp);
      if (user.disabledAt !== null) throw accountDisabled();
      const session = await this.startSession(user);
      const premium = await this.premium.of(user.id);
      return {
        access_token: session.accessToken,
        token_type: 'bearer' as const,
        expires_at: session.expiresAt.toISOString(),
        username: user.username,
        user_id: user.id,
        is_admin: user.isAdmin,
        ...premium,
      };
    });
  }

  /** Direct login: username, password and the login code from /login-request-otp. */
  login(input: LoginRequest): Promise<LoginResponse> {
    return this.floor.pad(() =>
      this.limiter.attempt(accountByUsername(input.username), async () => {
        const user = await this.checkPassword(input.username, input.password);
        await this.otp.verify('login', user.email, input.otp);
        const session = await this.startSession(user);
        return {
          access_token: session.accessToken,
          token: session.accessToken,
          token_type: 'bearer' as const,
          expires_at: session.expiresAt.toISOString(),
          user: toUserView(user, await this.premium.of(user.id)),
        };
      }),
    );
  }

  /**
   * The address a login code went to, for the client's resend. Only while the username has a live login
   * challenge, that is after its password was checked, so it reveals nothing to someone without it.
   */
  getUserEmail(input: GetUserEmailRequest): Promise<GetUserEmailResponse> {
    return this.floor.pad(async () => {
      const user = await this.users.findByUsername(input.username);
      if (!user || !(await this.otp.hasLive('login', user.email))) throw new DomainError('not_found', MESSAGES.emailNotFound);
      return { email: user.email };
    });
  }

  private async checkPassword(username: string, password: string): Promise<UserEntity> {
    const user = await this.users.findByUsername(username);
    if (!user) {
      await this.hasher.verifyDummy(password);
      throw invalidCredentials();
    }
    if (!(await this.hasher.verify(user.passwordHash, password))) throw invalidCredentials();
    if (user.disabledAt !== null) throw accountDisabled();
    return user;
  }

  /**
   * Starts the session, then notes the login and reads the account again: an admin may have disabled it or changed
   * its role since it was read. Their change ends or updates the sessions that exist when it commits; this one is
   * either among them or sees the change here.
   */
  private async startSession(user: UserEntity): Promise<IssuedSession> {
    if (!user.isAdmin && this.admins.includes(user.username)) {
      await this.users.setAdmin(user.id, true);
      user.isAdmin = true;
    }
    const session = await this.sessions.start({ id: user.id, username: user.username, isAdmin: user.isAdmin });
    const current = await this.users.recordLogin(user.id, this.clock.now());
    if (!current || current.disabled) {
      await this.sessions.end(user.id, session.sessionId);
      throw current ? accountDisabled() : invalidCredentials();
    }
    if (current.isAdmin !== user.isAdmin) {
      await this.sessions.setAdminFlag(user.id, current.isAdmin);
      user.isAdmin = current.isAdmin;
    }
    return session;
  }
}
