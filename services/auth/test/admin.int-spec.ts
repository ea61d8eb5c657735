import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AUTH,
  type AdminAuditResponse,
  type AdminUserChangeResponse,
  type AdminUsersResponse,
  lastSeenKey,
  SessionRecordSchema,
  sessionKey,
  userSessionsKey,
} from '@nivesh/proto';
import type { FastifyInstance } from 'fastify';
import { createGatewayApp } from '../../../gateway/src/app';
import { makeWebDist, testConfig } from '../../../gateway/test/test-app';
import { loadJose } from '../src/sessions/jose';
import { ADMIN_MESSAGES, MESSAGES } from '../src/messages';
import { startFakePremium } from './support/fake-premium';
import { DATABASE_URL, REDIS_URL, newAccount, startAuth, uniqueTag, type Account, type AuthHarness } from './support/harness';

const PASSWORD = 'Nivesh123';

type Seeded = Account & { id: string };
type Reply<T> = { status: number; body: T & { detail?: string } };

describe('account administration (auth behind the real gateway, PostgreSQL and Redis)', () => {
  const configuredAdmin = `Boss_${uniqueTag()}`;
  let h: AuthHarness;
  let gateway: NestFastifyApplication;
  let http: FastifyInstance;
  let admin: Seeded;
  let adminToken: string;

  /** Each token calls from an address of its own, so the gateway's per-client limits of one test do not reach another. */
  const addresses = new Map<string, string>();
  const addressOf = (token: string) => {
    if (!addresses.has(token)) addresses.set(token, `198.51.100.${addresses.size + 1}`);
    return addresses.get(token)!;
  };

  const api = async <T>(method: 'GET' | 'POST', url: string, token: string | null, payload?: Record<string, unknown>): Promise<Reply<T>> => {
    const response = await http.inject({
      method,
      url,
      remoteAddress: token ? addressOf(token) : '198.51.100.250',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<T & { detail?: string }>() };
  };
  const users = (token: string, query = '') => api<AdminUsersResponse>('GET', `/api/admin/users${query}`, token);
  const setRole = (token: string, userId: string, isAdmin: boolean) => api<AdminUserChangeResponse>('POST', '/api/admin/users/role', token, { user_id: userId, is_admin: isAdmin });
  const setStatus = (token: string, userId: string, disabled: boolean) => api<AdminUserChangeResponse>('POST', '/api/admin/users/status', token, { user_id: userId, disabled });
  const me = (token: string) => api<{ user_id: string }>('GET', '/me', token);

  const seeded = async (label: string, isAdmin = false): Promise<Seeded> => {
    const account = newAccount(label, PASSWORD);
    return { ...account, id: await h.seedUser(account, isAdmin) };
  };

  /** Logs in with password and code (the cooldown of earlier logins lifted); the access token. */
  const tokenOf = async (account: Account): Promise<string> => {
    await h.clearCooldowns();
    return (await h.loginWithCode(account)).access_token;
  };

  const sessionKeyOf = async (token: string) => sessionKey(h.prefix, (await loadJose()).decodeJwt(token).sid as string);
  const sessionOf = async (token: string) => {
    const raw = await h.redis.get(await sessionKeyOf(token));
    return raw === null ? undefined : SessionRecordSchema.parse(JSON.parse(raw));
  };

  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const auditRowsFor = async (userId: string) =>
    (await h.pg.query<{ action: string; actor_user_id: string; summary: string }>('SELECT action, actor_user_id, summary FROM auth.admin_audit WHERE target_user_id = $1 ORDER BY id', [userId])).rows;

  beforeAll(async () => {
    h = await startAuth('admin', { ADMIN_USERNAMES: configuredAdmin });
    gateway = await createGatewayApp(
      testConfig({ REDIS_PREFIX: h.prefix, REDIS_URL, DATABASE_URL, JWT_SECRET: h.config.JWT_SECRET, WEB_DIST_DIR: makeWebDist() }),
    );
    http = gateway.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    admin = await seeded('boss', true);
    adminToken = await tokenOf(admin);
  });

  afterAll(async () => {
    await gateway?.close();
    await h?.stop();
  });

  it('lists accounts newest first, a page at a time, searching username and e-mail with any case and no wildcards', async () => {
    const tag = uniqueTag();
    const made: Seeded[] = [];
    for (const label of ['a', 'b', 'c']) made.push(await seeded(`list${tag}${label}`));
    await h.pg.query(`UPDATE auth.users SET email = $2 WHERE id = $1`, [made[1]!.id, `Mixed.${tag}@Example.in`.toLowerCase()]);

    const first = await users(adminToken, `?q=LIST${tag}&page=1&page_size=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.body.users.map((user) => user.username)).toEqual([made[2]!.username, made[1]!.username]);
    const second = await users(adminToken, `?q=list${tag}&page=2&page_size=2`);
    expect(second.body.users.map((user) => user.username)).toEqual([made[0]!.username]);
    expect(second.body.users[0]).toEqual({
      user_id: made[0]!.id,
      username: made[0]!.username,
      email: made[0]!.email,
      created_at: expect.any(String),
      is_admin: false,
      disabled: false,
      disabled_at: null,
      is_premium: false,
      premium_expires_at: null,
      premium_known: false,
      last_active_at: null,
    });

    // By e-mail, in another case; '%' and '_' are letters here, not wildcards.
    expect((await users(adminToken, `?q=MIXED.${tag}`)).body.users.map((user) => user.user_id)).toEqual([made[1]!.id]);
    expect((await users(adminToken, '?q=%25')).body.total).toBe(0);
    expect((await users(adminToken, `?q=list${tag}_`)).body.total).toBe(0);
    expect((await users(adminToken, '?page_size=500')).status).toBe(400);
  });

  it('shows premium from one call to premium for the page, and says when premium could not be asked', async () => {
    const tag = uniqueTag();
    const paid = await seeded(`prem${tag}a`);
    const free = await seeded(`prem${tag}b`);
    const premium = await startFakePremium(h.prefix);
    try {
      premium.entitlements.set(paid.id, { is_premium: true, premium_expires_at: '2031-01-31T18:30:00.000Z' });
      const answer = await users(adminToken, `?q=prem${tag}`);
      expect(answer.body.users.map((user) => [user.username, user.premium_known, user.is_premium, user.premium_expires_at])).toEqual([
        [free.username, true, false, null],
        [paid.username, true, true, '2031-01-31T18:30:00.000Z'],
      ]);
      expect(premium.calls).toEqual([[free.id, paid.id]]);
    } finally {
      await premium.stop();
    }
    const without = await users(adminToken, `?q=prem${tag}`);
    expect(without.status).toBe(200);
    expect(without.body.users.every((user) => !user.premium_known && !user.is_premium)).toBe(true);
  });

  it('last activity is the newer of the last request through the gateway and the last login', async () => {
    const user = await seeded('active');
    const before = Date.now();
    const token = await tokenOf(user);
    const login = (await h.pg.query<{ last_login_at: Date }>('SELECT last_login_at FROM auth.users WHERE id = $1', [user.id])).rows[0]!.last_login_at;
    expect(login.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect((await users(adminToken, `?q=${user.username}`)).body.users[0]!.last_active_at).toBe(login.toISOString());

    expect((await me(token)).status).toBe(200);
    // The gateway notes the request without waiting for Redis.
    expect(await until(() => h.redis.get(lastSeenKey(h.prefix, user.id)), (seen) => seen !== null)).not.toBeNull();
    // A request later than the login (as the gateway writes it, to the minute) wins.
    const later = new Date(login.getTime() + 90_000).toISOString();
    await h.redis.set(lastSeenKey(h.prefix, user.id), later);
    expect((await users(adminToken, `?q=${user.username}`)).body.users[0]!.last_active_at).toBe(later);
  });

  it('making and revoking an admin changes live sessions at once, and logs each change once', async () => {
    const user = await seeded('role');
    const token = await tokenOf(user);
    expect((await users(token)).status).toBe(403);

    const granted = await setRole(adminToken, user.id, true);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ changed: true, sessions_ended: 0, message: ADMIN_MESSAGES.granted(user.username), user: { user_id: user.id, is_admin: true } });
    expect(await sessionOf(token)).toMatchObject({ is_admin: true });
    expect((await users(token, `?q=${user.username}`)).status).toBe(200);

    const again = await setRole(adminToken, user.id, true);
    expect(again.body).toMatchObject({ changed: false, message: ADMIN_MESSAGES.alreadyAdmin(user.username) });

    const revoked = await setRole(adminToken, user.id, false);
    expect(revoked.body).toMatchObject({ changed: true, message: ADMIN_MESSAGES.revoked(user.username), user: { is_admin: false } });
    expect(await sessionOf(token)).toMatchObject({ is_admin: false });
    const refused = await users(token);
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ detail: 'Admin access required' }) });

    expect(await auditRowsFor(user.id)).toEqual([
      { action: 'grant_admin', actor_user_id: admin.id, summary: `made ${user.username} an admin` },
      { action: 'revoke_admin', actor_user_id: admin.id, summary: `removed admin access from ${user.username}` },
    ]);
  });

  it('disabling ends every session (the token gets 401) and blocks every login; enabling lets them in again', async () => {
    const user = await seeded('off');
    const tokens = [await tokenOf(user), await tokenOf(user)];
    expect((await me(tokens[0]!)).status).toBe(200);
    // A code sent before the account is disabled must not log it in afterwards.
    await h.clearCooldowns();
    const mark = h.mailbox.mark();
    await h.call(AUTH.loginRequestOtp, { username: user.username, password: PASSWORD });
    const pendingCode = await h.mailbox.codeFor(user.email, mark);

    const disabled = await setStatus(adminToken, user.id, true);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ changed: true, sessions_ended: 2, message: ADMIN_MESSAGES.disabled(user.username, 2), user: { disabled: true, disabled_at: expect.any(String) } });
    for (const token of tokens) expect(await me(token)).toEqual({ status: 401, body: expect.objectContaining({ detail: 'Not authenticated' }) });
    expect(await h.redis.scard(userSessionsKey(h.prefix, user.id))).toBe(0);

    // Only someone with the right password or code learns that the account is disabled.
    await h.clearCooldowns();
    expect(await h.fail(AUTH.loginRequestOtp, { username: user.username, password: 'Wrong9pass' })).toMatchObject({ code: 'unauthorized', message: MESSAGES.invalidCredentials });
    expect(await h.fail(AUTH.loginRequestOtp, { username: user.username, password: PASSWORD })).toMatchObject({ code: 'forbidden', message: MESSAGES.accountDisabled });
    expect(await h.fail(AUTH.loginVerifyOtp, { username: user.username, otp: pendingCode === '000000' ? '000001' : '000000' })).toMatchObject({ code: 'bad_request' });
    expect(await h.fail(AUTH.loginVerifyOtp, { username: user.username, otp: pendingCode })).toMatchObject({ code: 'forbidden', message: MESSAGES.accountDisabled });
    expect(await h.fail(AUTH.login, { username: user.username, password: PASSWORD, otp: pendingCode })).toMatchObject({ code: 'forbidden' });
    const http403 = await api<object>('POST', '/login-request-otp', null, { username: user.username, password: PASSWORD });
    expect(http403).toEqual({ status: 403, body: expect.objectContaining({ detail: MESSAGES.accountDisabled }) });
    // Registration with its e-mail is refused as taken, as before.
    expect(await h.fail(AUTH.registerRequestOtp, { username: `new_${uniqueTag()}`, email: user.email, password: PASSWORD })).toMatchObject({ code: 'conflict', message: MESSAGES.emailExists });
    expect(await h.redis.scard(userSessionsKey(h.prefix, user.id))).toBe(0);

    expect((await setStatus(adminToken, user.id, true)).body).toMatchObject({ changed: false, message: ADMIN_MESSAGES.alreadyDisabled(user.username) });
    const enabled = await setStatus(adminToken, user.id, false);
    expect(enabled.body).toMatchObject({ changed: true, sessions_ended: 0, message: ADMIN_MESSAGES.enabled(user.username), user: { disabled: false, disabled_at: null } });
    expect((await me(await tokenOf(user))).status).toBe(200);

    expect((await auditRowsFor(user.id)).map((row) => row.action)).toEqual(['disable', 'enable']);
  });

  it('refuses an admin removing their own admin or disabling themselves, and the last admin losing admin', async () => {
    // A second admin, so that removing one's own admin is refused as such and not as the last admin's.
    const other = await seeded('second', true);
    const selfRevoke = await setRole(adminToken, admin.id, false);
    expect(selfRevoke).toEqual({ status: 409, body: expect.objectContaining({ detail: ADMIN_MESSAGES.selfRevoke }) });
    const selfDisable = await setStatus(adminToken, admin.id, true);
    expect(selfDisable).toEqual({ status: 409, body: expect.objectContaining({ detail: ADMIN_MESSAGES.selfDisable }) });

    // The last admin: other suites leave admins in this database, so they step aside for this check (the
    // suites run one after another) and come back after it.
    const { rows } = await h.pg.query<{ id: string }>('UPDATE auth.users SET is_admin = false WHERE is_admin AND id <> $1 RETURNING id', [admin.id]);
    try {
      const last = await setRole(adminToken, admin.id, false);
      expect(last).toEqual({ status: 409, body: expect.objectContaining({ detail: ADMIN_MESSAGES.lastAdmin(admin.username) }) });
    } finally {
      await h.pg.query('UPDATE auth.users SET is_admin = true WHERE id = ANY($1)', [rows.map((row) => row.id)]);
    }

    // A name ADMIN_USERNAMES makes admin would be admin again at its next login.
    const configured = { ...newAccount('cfg', PASSWORD), username: configuredAdmin };
    const configuredId = await h.seedUser(configured, true);
    expect((await setRole(adminToken, configuredId, false)).body).toMatchObject({ detail: ADMIN_MESSAGES.configuredAdmin(configuredAdmin) });

    expect((await setStatus(adminToken, '00000000-0000-4000-8000-000000000000', true)).status).toBe(404);
    expect(await auditRowsFor(admin.id)).toEqual([]);
    expect(await auditRowsFor(configuredId)).toEqual([]);
    expect(await auditRowsFor(other.id)).toEqual([]);
  });

  it('non-admins and visitors are refused by the gateway; a stale admin session is refused by auth', async () => {
    const user = await seeded('plain');
    const token = await tokenOf(user);
    for (const call of [
      () => users(token),
      () => setRole(token, user.id, true),
      () => setStatus(token, admin.id, true),
      () => api('GET', '/api/admin/audit', token),
    ]) {
      expect(await call()).toEqual({ status: 403, body: expect.objectContaining({ detail: 'Admin access required' }) });
    }
    expect((await api('GET', '/api/admin/users', null)).status).toBe(401);

    // A session that says admin for an account that is not (the database decides).
    await h.redis.set(await sessionKeyOf(token), JSON.stringify({ ...(await sessionOf(token))!, is_admin: true }), 'KEEPTTL');
    expect(await setRole(token, user.id, true)).toEqual({ status: 403, body: expect.objectContaining({ detail: 'Admin access required' }) });
    expect((await users(token)).status).toBe(403);
  });

  it('the audit log lists changes newest first, a page at a time, with who did what to whom', async () => {
    const user = await seeded('logged');
    await setStatus(adminToken, user.id, true);
    await setStatus(adminToken, user.id, false);
    await setRole(adminToken, user.id, true);

    const page = await api<AdminAuditResponse>('GET', '/api/admin/audit?page=1&page_size=2', adminToken);
    expect(page.status).toBe(200);
    expect(page.body.total).toBeGreaterThanOrEqual(3);
    expect(page.body.entries).toEqual([
      { id: expect.any(String), at: expect.any(String), actor_user_id: admin.id, actor_username: admin.username, target_user_id: user.id, target_username: user.username, action: 'grant_admin', summary: `made ${user.username} an admin` },
      expect.objectContaining({ target_user_id: user.id, action: 'enable', summary: `enabled ${user.username} again` }),
    ]);
    const next = await api<AdminAuditResponse>('GET', '/api/admin/audit?page=2&page_size=2', adminToken);
    expect(next.body.entries[0]).toMatchObject({ target_user_id: user.id, action: 'disable' });
    expect(Number(page.body.entries[0]!.id)).toBeGreaterThan(Number(page.body.entries[1]!.id));
  });
});
