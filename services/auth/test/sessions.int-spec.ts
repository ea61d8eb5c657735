import { spawn } from 'node:child_process';
import path from 'node:path';
import { AUTH, SESSION_TTL_SECONDS, SessionRecordSchema, UserSchema, sessionKey, userSessionsKey } from '@nivesh/proto';
import { loadJose } from '../src/sessions/jose';
import { DATABASE_URL, REDIS_URL, newAccount, startAuth, uniqueTag, type Account, type AuthHarness } from './support/harness';

const PASSWORD = 'Nivesh123';
const CLI = path.resolve(__dirname, '../dist/cli/create-admin.js');

/** Runs the compiled create-admin CLI against the test's database and Redis prefix, with `stdin` as its input. */
const createAdmin = (prefix: string, args: string[], stdin?: string) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (stdin !== undefined) child.stdin!.end(stdin);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });

describe('sessions', () => {
  const configuredAdmin = `Lead_${uniqueTag()}`;
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuth('sess', { ADMIN_USERNAMES: configuredAdmin });
  });

  afterAll(() => h.stop());

  const seeded = async (label: string, isAdmin = false): Promise<Account & { id: string }> => {
    const account = newAccount(label, PASSWORD);
    return { ...account, id: await h.seedUser(account, isAdmin) };
  };

  const verifyToken = async (token: string) => {
    const { jwtVerify } = await loadJose();
    return jwtVerify(token, new TextEncoder().encode(h.config.JWT_SECRET), {
      algorithms: ['HS256'],
      issuer: h.config.JWT_ISSUER,
      audience: h.config.JWT_AUDIENCE,
    });
  };

  const record = async (sid: string) => {
    const raw = await h.redis.get(sessionKey(h.prefix, sid));
    return raw === null ? undefined : SessionRecordSchema.parse(JSON.parse(raw));
  };

  it('login-verify answers the section 3 fields and an HS256 JWT (iss, aud, exp 720 h) naming a live Redis session', async () => {
    const account = await seeded('jwt');
    const login = await h.loginWithCode(account);
    expect(login).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_at: expect.any(String),
      username: account.username,
      user_id: account.id,
      is_admin: false,
      is_premium: false,
      premium_expires_at: null,
    });

    const { payload, protectedHeader } = await verifyToken(login.access_token);
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toEqual({ sub: account.id, sid: expect.any(String), iss: h.config.JWT_ISSUER, aud: h.config.JWT_AUDIENCE, iat: expect.any(Number), exp: expect.any(Number) });
    expect(payload.exp! - payload.iat!).toBe(720 * 60 * 60);
    expect(new Date(payload.exp! * 1000).toISOString()).toBe(login.expires_at);
    // Signed with another secret, or for another audience, it does not verify.
    const { jwtVerify } = await loadJose();
    await expect(jwtVerify(login.access_token, new TextEncoder().encode('x'.repeat(32)))).rejects.toThrow();
    await expect(
      jwtVerify(login.access_token, new TextEncoder().encode(h.config.JWT_SECRET), { audience: 'someone-else' }),
    ).rejects.toThrow();

    const sid = payload.sid as string;
    expect(await record(sid)).toEqual({
      user_id: account.id,
      username: account.username,
      is_admin: false,
      is_premium: false,
      created_at: expect.any(String),
      expires_at: login.expires_at,
    });
    const ttl = await h.redis.ttl(sessionKey(h.prefix, sid));
    expect(ttl).toBeGreaterThan(SESSION_TTL_SECONDS - 10);
    expect(ttl).toBeLessThanOrEqual(SESSION_TTL_SECONDS);
    expect(await h.redis.smembers(userSessionsKey(h.prefix, account.id))).toEqual([sid]);
  });

  it('/me answers the current flags from the database; logout deletes the session record and only that one', async () => {
    const account = await seeded('me');
    const first = await h.loginWithCode(account);
    await h.clearCooldowns();
    const second = await h.loginWithCode(account);
    const sid = (await verifyToken(first.access_token)).payload.sid as string;
    const otherSid = (await verifyToken(second.access_token)).payload.sid as string;
    const caller = { user_id: account.id, session_id: sid, is_admin: false };

    const me = await h.call(AUTH.me, { caller });
    expect(UserSchema.parse(me)).toEqual({
      user_id: account.id,
      username: account.username,
      email: account.email,
      is_admin: false,
      is_premium: false,
      created_at: expect.any(String),
      premium_expires_at: null,
    });
    await h.pg.query('UPDATE auth.users SET is_admin = true WHERE id = $1', [account.id]);
    expect(await h.call(AUTH.me, { caller })).toMatchObject({ is_admin: true });

    expect(await h.call(AUTH.logout, { caller })).toEqual({ message: 'Logged out' });
    expect(await record(sid)).toBeUndefined();
    expect(await record(otherSid)).toBeDefined();
    expect(await h.redis.smembers(userSessionsKey(h.prefix, account.id))).toEqual([otherSid]);
  });

  it('/auth/login needs the e-mailed login code as well and answers token, access_token and the user', async () => {
    const account = await seeded('direct');
    const withoutCode = await h.client.transport.request(AUTH.login.pattern, { username: account.username, password: PASSWORD }).catch((error: Error) => error);
    expect(withoutCode).toMatchObject({ code: 'validation_failed' });

    const mark = h.mailbox.mark();
    await h.call(AUTH.loginRequestOtp, { username: account.username, password: PASSWORD });
    const otp = await h.mailbox.codeFor(account.email, mark);
    expect(await h.fail(AUTH.login, { username: account.username, password: 'WrongPass1', otp })).toMatchObject({
      code: 'unauthorized',
      message: 'Invalid username or password',
    });
    const wrongCode = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    expect((await h.fail(AUTH.login, { username: account.username, password: PASSWORD, otp: wrongCode })).code).toBe('bad_request');

    const login = await h.call(AUTH.login, { username: account.username, password: PASSWORD, otp });
    expect(login.token).toBe(login.access_token);
    expect(login).toMatchObject({ token_type: 'bearer', user: { user_id: account.id, username: account.username, email: account.email, is_admin: false, is_premium: false } });
    const { payload } = await verifyToken(login.token);
    expect(await record(payload.sid as string)).toMatchObject({ user_id: account.id });
  });

  it('a password reset ends every session of the user, logs nobody in, and only the new password works', async () => {
    const account = await seeded('reset');
    const sessions = [await h.loginWithCode(account)];
    await h.clearCooldowns();
    sessions.push(await h.loginWithCode(account));
    const sids = await Promise.all(sessions.map(async (session) => (await verifyToken(session.access_token)).payload.sid as string));

    const mark = h.mailbox.mark();
    await h.call(AUTH.forgotPassword, { username: account.username, email: account.email.toUpperCase() });
    const otp = await h.mailbox.codeFor(account.email, mark);
    const reset = await h.call(AUTH.resetPassword, { username: account.username, email: account.email, otp, new_password: 'Brand9new' });
    expect(reset).toEqual({ message: 'Password reset successfully! You can now login with your new password.' });

    for (const sid of sids) expect(await record(sid)).toBeUndefined();
    expect(await h.redis.exists(userSessionsKey(h.prefix, account.id))).toBe(0);
    expect((await h.fail(AUTH.resetPassword, { username: account.username, email: account.email, otp, new_password: 'Other9pass' })).code).toBe('bad_request');
    expect((await h.fail(AUTH.loginRequestOtp, { username: account.username, password: PASSWORD })).code).toBe('unauthorized');
    await h.clearCooldowns();
    await expect(h.loginWithCode({ ...account, password: 'Brand9new' })).resolves.toMatchObject({ user_id: account.id });
  });

  it('ADMIN_USERNAMES makes an existing user admin when they log in', async () => {
    const account = { ...newAccount('lead', PASSWORD), username: configuredAdmin.toUpperCase() };
    const id = await h.seedUser(account);
    const login = await h.loginWithCode(account);
    expect(login.is_admin).toBe(true);
    const sid = (await verifyToken(login.access_token)).payload.sid as string;
    expect(await record(sid)).toMatchObject({ is_admin: true });
    expect((await h.pg.query('SELECT is_admin FROM auth.users WHERE id = $1', [id])).rows[0].is_admin).toBe(true);
  });

  it('create-admin promotes an existing user and refreshes is_admin in its live sessions, keeping their expiry', async () => {
    const account = await seeded('promote');
    const login = await h.loginWithCode(account);
    const sid = (await verifyToken(login.access_token)).payload.sid as string;
    const ttlBefore = await h.redis.ttl(sessionKey(h.prefix, sid));

    const result = await createAdmin(h.prefix, ['--username', account.username]);
    expect(result.code).toBe(0);
    expect(result.output).toContain(`Promoted to admin: ${account.username}`);
    expect(result.output).toContain('live sessions updated: 1');
    expect((await h.pg.query('SELECT is_admin FROM auth.users WHERE id = $1', [account.id])).rows[0].is_admin).toBe(true);
    expect(await record(sid)).toMatchObject({ is_admin: true, user_id: account.id });
    expect(await h.redis.ttl(sessionKey(h.prefix, sid))).toBeGreaterThanOrEqual(ttlBefore - 5);
  });

  it('create-admin creates a new admin account that logs in, and refuses bad arguments with exit 64', async () => {
    const account = newAccount('newadmin', 'Admin9pass');
    const created = await createAdmin(h.prefix, ['--username', account.username, '--email', account.email, '--password', account.password]);
    expect(created.code).toBe(0);
    expect(created.output).toContain(`Created admin: ${account.username}`);
    expect(created.output).not.toContain(account.password);
    const row = (await h.pg.query('SELECT is_admin, password_hash FROM auth.users WHERE username = $1', [account.username])).rows[0];
    expect(row.is_admin).toBe(true);
    expect(row.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await h.loginWithCode(account)).toMatchObject({ username: account.username, is_admin: true });

    const weak = await createAdmin(h.prefix, ['--username', newAccount('x').username, '--email', 'x@example.in', '--password', 'weak']);
    expect(weak.code).toBe(64);
    expect(weak.output).toContain('Password must be 8-20 characters');
    expect((await createAdmin(h.prefix, ['--nope'])).code).toBe(64);
    const missing = await createAdmin(h.prefix, ['--username', newAccount('nobody').username]);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('--email and --password are needed');
  });

  it('create-admin reads the password from standard input with --password-stdin, so it never shows in the process list', async () => {
    const account = newAccount('stdinadmin', 'Stdin9pass');
    const created = await createAdmin(h.prefix, ['--username', account.username, '--email', account.email, '--password-stdin'], `${account.password}\n`);
    expect(created.code).toBe(0);
    expect(created.output).toContain(`Created admin: ${account.username}`);
    expect(await h.loginWithCode(account)).toMatchObject({ username: account.username, is_admin: true });
    const both = await createAdmin(h.prefix, ['--username', 'someone', '--password', 'Admin9pass', '--password-stdin'], 'Admin9pass\n');
    expect(both.code).toBe(64);
    expect(both.output).toContain('--password and --password-stdin exclude each other');
  });
});
