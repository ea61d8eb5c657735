import { Injectable } from '@nestjs/common';
import { DomainError, type Caller, type LogoutResponse, type MeResponse } from '@nivesh/proto';
import { MESSAGES } from '../messages';
import { SessionService } from '../sessions/session.service';
import { PremiumEntitlementClient } from '../users/premium-entitlement.client';
import { toUserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';

/** The caller part of the me/logout payloads (proto's withCaller() leaves it untyped). */
export type CallerPayload = { caller: Caller };

/** The signed-in user: GET /me (current flags from the database) and POST /logout. */
@Injectable()
export class AccountService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionService,
    private readonly premium: PremiumEntitlementClient,
  ) {}

  async me({ caller }: CallerPayload): Promise<MeResponse> {
    const user = await this.users.findById(caller.user_id);
    if (!user) throw new DomainError('unauthorized', MESSAGES.notAuthenticated);
    return toUserView(user, await this.premium.of(user.id));
  }

  async logout({ caller }: CallerPayload): Promise<LogoutResponse> {
    await this.sessions.end(caller.user_id, caller.session_id);
    return { message: MESSAGES.loggedOut };
  }
}
