import { createLogger, serviceRoot } from '@nivesh/platform';
import { AccountHandler } from './account/account.handler';
import { AccountService } from './account/account.service';
import { AdminAccountsHandler } from './admin/admin-accounts.handler';
import { AdminAccountsRepository } from './admin/admin-accounts.repository';
import { AdminAccountsService } from './admin/admin-accounts.service';
import { AdminUsernames } from './admin/admin-usernames';
import { Clock } from './common/clock';
import { ResponseFloor } from './common/response-floor';
import type { Config } from './config';
import { ENTITIES } from './entities';
import { LoginHandler } from './login/login.handler';
import { LoginService } from './login/login.service';
import { Mailer } from './mail/mailer';
import { OtpMailProcessor } from './mail/otp-mail.processor';
import { OtpMailQueue } from './mail/otp-mail.queue';
import { MIGRATIONS, SCHEMA } from './migrations';
import { OtpChallengeRepository } from './otp/otp-challenge.repository';
import { OtpCooldownRepository } from './otp/otp-cooldown.repository';
import { OtpCrypto } from './common/otp-crypto';
import { OtpService } from './otp/otp.service';
import { PasswordResetHandler } from './password-reset/password-reset.handler';
import { PasswordResetService } from './password-reset/password-reset.service';
import { AccountLimiter } from './rate-limit/account-limiter';
import { PendingRegistrationRepository } from './registration/pending-registration.repository';
import { RegistrationHandler } from './registration/registration.handler';
import { RegistrationService } from './registration/registration.service';
import { ResendHandler } from './resend/resend.handler';
import { ResendService } from './resend/resend.service';
import { SessionRepository } from './sessions/session.repository';
import { SessionService } from './sessions/session.service';
import { LOGGER } from './tokens';
import { PasswordHasher } from './users/password-hasher';
import { PremiumEntitlementClient } from './users/premium-entitlement.client';
import { UsersRepository } from './users/users.repository';

/** The auth service: registration with e-mailed codes, log-in sessions, password resets, and accounts. */
export const AppModule = serviceRoot<Config>({
  service: 'auth',
  database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
  controllers: [RegistrationHandler, LoginHandler, ResendHandler, PasswordResetHandler, AccountHandler, AdminAccountsHandler],
  providers: (config) => [
    { provide: LOGGER, useValue: createLogger('auth', config.LOG_LEVEL) },
    Clock, ResponseFloor, AdminUsernames, PasswordHasher, UsersRepository, PremiumEntitlementClient,
    PendingRegistrationRepository, OtpChallengeRepository, OtpCooldownRepository, OtpCrypto, OtpService,
    OtpMailQueue, Mailer, OtpMailProcessor,
    SessionRepository, SessionService, AccountLimiter,
    RegistrationService, LoginService, ResendService, PasswordResetService, AccountService,
    AdminAccountsRepository, AdminAccountsService,
  ],
});
