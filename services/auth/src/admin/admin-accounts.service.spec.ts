import type { Caller } from '@nivesh/proto';
import type { Clock } from '../common/clock';
import { ADMIN_MESSAGES } from '../messages';
import type { SessionRepository } from '../sessions/session.repository';
import type { PremiumEntitlementClient } from '../users/premium-entitlement.client';
import { UserEntity } from '../users/user.entity';
import type { UsersRepository } from '../users/users.repository';
import type { AccountName, AdminAccountsRepository, AdminChange, NewAuditEntry } from './admin-accounts.repository';
import { AdminAccountsService, toAdminUser } from './admin-accounts.service';
import type { AdminUsernames } from './admin-usernames';

const NOW = new Date('2026-03-01T10:00:00Z');
const ids = { asha: '00000000-0000-4000-8000-00000000000a', ravi: '00000000-0000-4000-8000-00000000000b', meera: '00000000-0000-4000-8000-00000000000c' };

const account = (username: keyof typeof ids, fields: Partial<UserEntity> = {}): UserEntity =>
  Object.assign(new UserEntity(), {
    id: ids[username],
    username,
    email: `${username}@example.in`,
    passwordHash: 'HASH',
    isAdmin: false,
    disabledAt: null,
    lastLoginAt: null,
    createdAt: new Date('2025-01-01T00:00:00Z'),
    updatedAt: new Date('2025-01-01T00:00:00Z'),
    ...fields,
  });

const caller = (username: keyof typeof ids): Caller => ({ user_id: ids[username], session_id: 's1', is_admin: true });

/** The service over an in-memory table of accounts; `audit` collects what the transaction wrote. */
const setup = (accounts: UserEntity[], options: { configured?: string[] } = {}) => {
  const byId = new Map(accounts.map((user) => [user.id, user]));
  const audit: NewAuditEntry[] = [];
  const change = {
    lockActiveAdmins: jest.fn(async (): Promise<AccountName[]> => accounts.filter((u) => u.isAdmin && !u.disabledAt).map(({ id, username }) => ({ id, username }))),
    lockUser: jest.fn(async (id: string) => (byId.has(id) ? Object.assign(new UserEntity(), byId.get(id)) : null)),
    setAdmin: jest.fn(async (id: string, isAdmin: boolean) => void (byId.get(id)!.isAdmin = isAdmin)),
    setDisabledAt: jest.fn(async (id: string, at: Date | null) => void (byId.get(id)!.disabledAt = at)),
    audit: jest.fn(async (entry: NewAuditEntry) => void audit.push(entry)),
  };
  const repo = { change: (work: (c: AdminChange) => Promise<unknown>) => work(change as unknown as AdminChange), auditPage: jest.fn() };
  const users = {
    findById: jest.fn(async (id: string) => byId.get(id) ?? null),
    search: jest.fn(async () => ({ users: accounts, total: accounts.length })),
  };
  const sessions = {
    setAdminFlag: jest.fn().mockResolvedValue(2),
    deleteAllOfUser: jest.fn().mockResolvedValue(3),
    lastSeen: jest.fn(async (list: string[]) => list.map((): Date | null => null)),
  };
  const premium = { many: jest.fn().mockResolvedValue(new Map()) };
  const configured = { includes: (name: string) => (options.configured ?? []).includes(name) };
  const service = new AdminAccountsService(
    users as unknown as UsersRepository,
    repo as unknown as AdminAccountsRepository,
    sessions as unknown as SessionRepository,
    premium as unknown as PremiumEntitlementClient,
    configured as AdminUsernames,
    { now: () => NOW } as Clock,
  );
  return { service, change, audit, users, sessions, premium };
};

const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (error: { code: string; message: string }) => error);

describe('AdminAccountsService', () => {
  it('lists accounts with premium from one call, and the later of last request and last login', async () => {
    const asha = account('asha', { isAdmin: true });
    const ravi = account('ravi', { lastLoginAt: new Date('2026-02-01T00:00:00Z') });
    const { service, premium, sessions } = setup([asha, ravi]);
    premium.many.mockResolvedValueOnce(new Map([[ravi.id, { is_premium: true, premium_expires_at: '2026-04-01T00:00:00.000Z' }], [asha.id, { is_premium: false, premium_expires_at: null }]]));
    sessions.lastSeen.mockResolvedValueOnce([new Date('2026-02-20T08:00:00Z'), new Date('2026-01-15T00:00:00Z')]);

    const answer = await service.list({ caller: caller('asha'), q: '', page: 1, page_size: 25 });
    expect(premium.many).toHaveBeenCalledTimes(1);
    expect(premium.many).toHaveBeenCalledWith([asha.id, ravi.id]);
    expect(answer).toMatchObject({ total: 2, page: 1, page_size: 25 });
    expect(answer.users[0]).toMatchObject({ username: 'asha', is_admin: true, premium_known: true, is_premium: false, last_active_at: '2026-02-20T08:00:00.000Z' });
    expect(answer.users[1]).toMatchObject({ username: 'ravi', is_premium: true, premium_expires_at: '2026-04-01T00:00:00.000Z', last_active_at: '2026-02-01T00:00:00.000Z' });
  });

  it('says premium is unknown when premium could not be asked', () => {
    expect(toAdminUser(account('ravi'), null, null)).toMatchObject({ premium_known: false, is_premium: false, premium_expires_at: null, last_active_at: null, disabled: false });
  });

  it('refuses callers who are not enabled admins in the database, whatever their session says', async () => {
    const { service } = setup([account('asha', { isAdmin: true, disabledAt: NOW }), account('ravi')]);
    for (const who of ['asha', 'ravi'] as const) {
      expect(await rejection(service.list({ caller: caller(who), q: '', page: 1, page_size: 25 }))).toMatchObject({ code: 'forbidden', message: ADMIN_MESSAGES.adminRequired });
      expect(await rejection(service.setRole({ caller: caller(who), user_id: ids.meera, is_admin: true }))).toMatchObject({ code: 'forbidden' });
    }
  });

  it('makes an admin with one audit row and updates their live sessions', async () => {
    const { service, audit, sessions } = setup([account('asha', { isAdmin: true }), account('ravi')]);
    const answer = await service.setRole({ caller: caller('asha'), user_id: ids.ravi, is_admin: true });
    expect(answer).toMatchObject({ changed: true, sessions_ended: 0, message: ADMIN_MESSAGES.granted('ravi'), user: { username: 'ravi', is_admin: true } });
    expect(sessions.setAdminFlag).toHaveBeenCalledWith(ids.ravi, true);
    expect(audit).toEqual([{ actor: { id: ids.asha, username: 'asha' }, target: { id: ids.ravi, username: 'ravi' }, action: 'grant_admin', summary: 'made ravi an admin' }]);
  });

  it('answers changed: false and writes nothing to the log when the account is already so', async () => {
    const { service, audit, change } = setup([account('asha', { isAdmin: true }), account('ravi', { disabledAt: NOW })]);
    expect(await service.setRole({ caller: caller('asha'), user_id: ids.asha, is_admin: true })).toMatchObject({ changed: false, message: ADMIN_MESSAGES.alreadyAdmin('asha') });
    expect(await service.setStatus({ caller: caller('asha'), user_id: ids.ravi, disabled: true })).toMatchObject({ changed: false, message: ADMIN_MESSAGES.alreadyDisabled('ravi') });
    expect(audit).toEqual([]);
    expect(change.setAdmin).not.toHaveBeenCalled();
    expect(change.setDisabledAt).not.toHaveBeenCalled();
  });

  it('refuses taking admin from oneself, from the only admin, and from a name ADMIN_USERNAMES makes admin', async () => {
    const alone = setup([account('asha', { isAdmin: true })]);
    expect(await rejection(alone.service.setRole({ caller: caller('asha'), user_id: ids.asha, is_admin: false }))).toEqual(
      expect.objectContaining({ code: 'conflict', message: ADMIN_MESSAGES.lastAdmin('asha') }),
    );
    const two = setup([account('asha', { isAdmin: true }), account('ravi', { isAdmin: true })], { configured: ['ravi'] });
    expect(await rejection(two.service.setRole({ caller: caller('asha'), user_id: ids.asha, is_admin: false }))).toMatchObject({ code: 'conflict', message: ADMIN_MESSAGES.selfRevoke });
    expect(await rejection(two.service.setRole({ caller: caller('asha'), user_id: ids.ravi, is_admin: false }))).toMatchObject({ code: 'conflict', message: ADMIN_MESSAGES.configuredAdmin('ravi') });
    expect(two.audit).toEqual([]);
    expect(two.sessions.setAdminFlag).not.toHaveBeenCalled();
  });

  it('disables: ends every session after the change, logs it once; enabling needs no sessions ended', async () => {
    const { service, audit, sessions } = setup([account('asha', { isAdmin: true }), account('ravi')]);
    const off = await service.setStatus({ caller: caller('asha'), user_id: ids.ravi, disabled: true });
    expect(off).toMatchObject({ changed: true, sessions_ended: 3, message: ADMIN_MESSAGES.disabled('ravi', 3), user: { disabled: true, disabled_at: NOW.toISOString() } });
    expect(sessions.deleteAllOfUser).toHaveBeenCalledWith(ids.ravi);
    const on = await service.setStatus({ caller: caller('asha'), user_id: ids.ravi, disabled: false });
    expect(on).toMatchObject({ changed: true, sessions_ended: 0, user: { disabled: false, disabled_at: null } });
    expect(sessions.deleteAllOfUser).toHaveBeenCalledTimes(1);
    expect(audit.map((entry) => [entry.action, entry.summary])).toEqual([
      ['disable', 'disabled ravi'],
      ['enable', 'enabled ravi again'],
    ]);
  });

  it('refuses disabling oneself, and answers 404 for an account that does not exist', async () => {
    const { service, sessions } = setup([account('asha', { isAdmin: true })]);
    expect(await rejection(service.setStatus({ caller: caller('asha'), user_id: ids.asha, disabled: true }))).toMatchObject({ code: 'conflict', message: ADMIN_MESSAGES.selfDisable });
    expect(await rejection(service.setStatus({ caller: caller('asha'), user_id: ids.meera, disabled: true }))).toMatchObject({ code: 'not_found' });
    expect(await rejection(service.setStatus({ caller: caller('asha'), user_id: 'not-a-uuid', disabled: true }))).toMatchObject({ code: 'not_found' });
    expect(sessions.deleteAllOfUser).not.toHaveBeenCalled();
  });

  it('says how many sessions a disable ended, in words', () => {
    expect(ADMIN_MESSAGES.disabled('ravi', 0)).toBe('ravi is disabled and cannot log in. They had no open sessions.');
    expect(ADMIN_MESSAGES.disabled('ravi', 1)).toBe('ravi is disabled and cannot log in. Their open session ended at once.');
    expect(ADMIN_MESSAGES.disabled('ravi', 2)).toBe('ravi is disabled and cannot log in. Their 2 open sessions ended at once.');
  });
});
