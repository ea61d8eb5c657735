import { Injectable } from '@nestjs/common';
import {
  type AdminAuditAction,
  type AdminAuditEntry,
  type AdminAuditPayload,
  type AdminAuditResponse,
  type AdminSetRolePayload,
  type AdminSetStatusPayload,
  type AdminUser,
  type AdminUserChangeResponse,
  type AdminUsersPayload,
  type AdminUsersResponse,
  type Caller,
  DomainError,
  type Entitlement,
} from '@nivesh/proto';
import { Clock } from '../common/clock';
import { ADMIN_MESSAGES } from '../messages';
import { SessionRepository } from '../sessions/session.repository';
import { PremiumEntitlementClient } from '../users/premium-entitlement.client';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { type AccountName, AdminAccountsRepository, type AdminChange } from './admin-accounts.repository';
import type { AdminAuditEntity } from './admin-audit.entity';
import { AdminUsernames } from './admin-usernames';

/** What a change found and did inside its transaction. */
type Changed = { target: UserEntity; changed: boolean };

/** The parties of a change, locked: the acting admin, the account, and every enabled admin. */
type Parties = { actor: AccountName; target: UserEntity; admins: AccountName[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const adminRequired = (): DomainError => new DomainError('forbidden', ADMIN_MESSAGES.adminRequired);
const userNotFound = (): DomainError => new DomainError('not_found', ADMIN_MESSAGES.userNotFound);

/** The later of two times, either of which may be missing. */
const later = (a: Date | null, b: Date | null): Date | null => (a && b ? (a > b ? a : b) : (a ?? b));

/** An account as the admin's list shows it; `premium` null: premium could not be asked. */
export const toAdminUser = (user: UserEntity, premium: ReadonlyMap<string, Entitlement> | null, lastSeen: Date | null): AdminUser => {
  const entitlement = premium?.get(user.id);
  return {
    user_id: user.id,
    username: user.username,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    is_admin: user.isAdmin,
    disabled: user.disabledAt !== null,
    disabled_at: user.disabledAt?.toISOString() ?? null,
    is_premium: entitlement?.is_premium ?? false,
    premium_expires_at: entitlement?.premium_expires_at ?? null,
    premium_known: entitlement !== undefined,
    last_active_at: later(lastSeen, user.lastLoginAt)?.toISOString() ?? null,
  };
};

export const toAuditEntry = (row: AdminAuditEntity): AdminAuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor_user_id: row.actorUserId,
  actor_username: row.actorUsername,
  target_user_id: row.targetUserId,
  target_username: row.targetUsername,
  action: row.action,
  summary: row.summary,
});

/**
 * Account administration for admins: the list of accounts, making and revoking admins, disabling and enabling, and the
 * log of those changes. Each change and its log row are one transaction; the user's live sessions follow right after
 * it commits. The caller must be an enabled admin in the database, whatever the session says.
 */
@Injectable()
export class AdminAccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: AdminAccountsRepository,
    private readonly sessions: SessionRepository,
    private readonly premium: PremiumEntitlementClient,
    private readonly configuredAdmins: AdminUsernames,
    private readonly clock: Clock,
  ) {}

  async list({ caller, q, page, page_size }: AdminUsersPayload): Promise<AdminUsersResponse> {
    await this.requireAdmin(caller);
    const { users, total } = await this.users.search(q, page, page_size);
    return { users: await this.views(users), total, page, page_size };
  }

  async setRole({ caller, user_id, is_admin }: AdminSetRolePayload): Promise<AdminUserChangeResponse> {
    const { target, changed } = await this.accounts.change<Changed>(async (change) => {
      const parties = await this.lockParties(change, caller.user_id, user_id);
      const { target } = parties;
      if (target.isAdmin === is_admin) return { target, changed: false };
      if (!is_admin) this.checkRevoke(parties);
      await change.setAdmin(target.id, is_admin);
      await this.audit(change, parties, is_admin ? 'grant_admin' : 'revoke_admin');
      target.isAdmin = is_admin;
      return { target, changed: true };
    });
    // After the commit, and also when nothing changed: a session started meanwhile may carry the old flag.
    await this.sessions.setAdminFlag(target.id, target.isAdmin);
    const message = changed
      ? (is_admin ? ADMIN_MESSAGES.granted : ADMIN_MESSAGES.revoked)(target.username)
      : (is_admin ? ADMIN_MESSAGES.alreadyAdmin : ADMIN_MESSAGES.alreadyNotAdmin)(target.username);
    return { user: await this.view(target), changed, sessions_ended: 0, message };
  }

  async setStatus({ caller, user_id, disabled }: AdminSetStatusPayload): Promise<AdminUserChangeResponse> {
    const { target, changed } = await this.accounts.change<Changed>(async (change) => {
      const parties = await this.lockParties(change, caller.user_id, user_id);
      const { target } = parties;
      if ((target.disabledAt !== null) === disabled) return { target, changed: false };
      if (disabled) this.checkDisable(parties);
      const disabledAt = disabled ? this.clock.now() : null;
      await change.setDisabledAt(target.id, disabledAt);
      await this.audit(change, parties, disabled ? 'disable' : 'enable');
      target.disabledAt = disabledAt;
      return { target, changed: true };
    });
    // After the commit, so a login that read the account before it cannot keep a session (see LoginService).
    const ended = target.disabledAt !== null ? await this.sessions.deleteAllOfUser(target.id) : 0;
    const message = !changed
      ? (disabled ? ADMIN_MESSAGES.alreadyDisabled : ADMIN_MESSAGES.alreadyEnabled)(target.username)
      : disabled
        ? ADMIN_MESSAGES.disabled(target.username, ended)
        : ADMIN_MESSAGES.enabled(target.username);
    return { user: await this.view(target), changed, sessions_ended: ended, message };
  }

  async auditLog({ caller, page, page_size }: AdminAuditPayload): Promise<AdminAuditResponse> {
    await this.requireAdmin(caller);
    const { entries, total } = await this.accounts.auditPage(page, page_size);
    return { entries: entries.map(toAuditEntry), total, page, page_size };
  }

  /** Reads need an enabled admin as well; the gateway checked the session, this checks the account now. */
  private async requireAdmin(caller: Caller): Promise<void> {
    const actor = UUID.test(caller.user_id) ? await this.users.findById(caller.user_id) : null;
    if (!actor?.isAdmin || actor.disabledAt !== null) throw adminRequired();
  }

  private async lockParties(change: AdminChange, actorId: string, targetId: string): Promise<Parties> {
    const admins = await change.lockActiveAdmins();
    const actor = admins.find((admin) => admin.id === actorId);
    if (!actor) throw adminRequired();
    const target = UUID.test(targetId) ? await change.lockUser(targetId) : null;
    if (!target) throw userNotFound();
    return { actor, target, admins };
  }

  /** Taking admin away: never from the only enabled admin, nor from oneself, nor from a name the server's settings make admin. */
  private checkRevoke({ actor, target, admins }: Parties): void {
    if (!admins.some((admin) => admin.id !== target.id)) throw new DomainError('conflict', ADMIN_MESSAGES.lastAdmin(target.username));
    if (target.id === actor.id) throw new DomainError('conflict', ADMIN_MESSAGES.selfRevoke);
    // The login would make them admin again (ADMIN_USERNAMES), so the change would not last.
    if (this.configuredAdmins.includes(target.username)) throw new DomainError('conflict', ADMIN_MESSAGES.configuredAdmin(target.username));
  }

  /** Disabling: never oneself. (The actor is an enabled admin, so another admin always remains.) */
  private checkDisable({ actor, target }: Parties): void {
    if (target.id === actor.id) throw new DomainError('conflict', ADMIN_MESSAGES.selfDisable);
  }

  private async audit(change: AdminChange, { actor, target }: Parties, action: AdminAuditAction): Promise<void> {
    const summary = ADMIN_MESSAGES.summary[action](target.username);
    await change.audit({ actor, target: { id: target.id, username: target.username }, action, summary }, this.clock.now());
  }

  private async view(user: UserEntity): Promise<AdminUser> {
    const [view] = await this.views([user]);
    return view!;
  }

  /** Premium from one call for all of them, last activity from one Redis read. */
  private async views(users: UserEntity[]): Promise<AdminUser[]> {
    const ids = users.map((user) => user.id);
    const [premium, lastSeen] = await Promise.all([this.premium.many(ids), this.sessions.lastSeen(ids)]);
    return users.map((user, index) => toAdminUser(user, premium, lastSeen[index] ?? null));
  }
}
