import { AUTH, PASSWORD_RULE_MESSAGE } from '@nivesh/proto';
import { MESSAGES } from '../src/messages';
import { newAccount, startAuth, uniqueTag, type AuthHarness } from './support/harness';

const ARGON2ID_OWASP = '$argon2id$v=19$m=19456,t=2,p=1$';

describe('registration', () => {
  const adminName = `Boss_${uniqueTag()}`;
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuth('reg', { ADMIN_USERNAMES: ` someone_else , ${adminName.toLowerCase()} ` });
  });

  afterAll(() => h.stop());

  const userRow = async (username: string) =>
    (await h.pg.query('SELECT * FROM auth.users WHERE lower(username) = lower($1)', [username])).rows[0] as
      | { id: string; email: string; password_hash: string; is_admin: boolean }
      | undefined;

  it('keeps the account pending until its code is verified, then creates the user with an OWASP argon2id hash', async () => {
    const account = newAccount('reg', 'Mixed123!pw');
    const mark = h.mailbox.mark();
    const sent = await h.call(AUTH.registerRequestOtp, { ...account, email: account.email.toUpperCase() });
    expect(sent).toEqual({ message: MESSAGES.registrationCodeSent, expires_in_seconds: 600, resend_after_seconds: 30 });

    // Pending, not a user: it cannot log in, and its password is already hashed.
    expect(await userRow(account.username)).toBeUndefined();
    const pending = await h.pg.query('SELECT password_hash FROM auth.pending_registrations WHERE email = $1', [account.email]);
    expect(pending.rows[0].password_hash.startsWith(ARGON2ID_OWASP)).toBe(true);
    expect((await h.fail(AUTH.loginRequestOtp, { username: account.username, password: account.password })).message).toBe(
      MESSAGES.invalidCredentials,
    );

    const otp = await h.mailbox.codeFor(account.email, mark);
    const verified = await h.call(AUTH.registerVerifyOtp, { email: account.email.toUpperCase(), otp });
    expect(verified).toEqual({ message: 'Registration successful! Please log in.', user_id: expect.any(String), username: account.username });

    const user = await userRow(account.username);
    expect(user).toMatchObject({ id: verified.user_id, email: account.email, is_admin: false });
    expect(user!.password_hash.startsWith(ARGON2ID_OWASP)).toBe(true);
    expect(user!.password_hash).not.toContain(account.password);
    expect((await h.pg.query('SELECT 1 FROM auth.pending_registrations WHERE email = $1', [account.email])).rowCount).toBe(0);

    // The code was single-use, and the new account logs in.
    expect((await h.fail(AUTH.registerVerifyOtp, { email: account.email, otp })).code).toBe('bad_request');
    const login = await h.loginWithCode(account);
    expect(login).toMatchObject({ user_id: verified.user_id, username: account.username, is_admin: false });
  });

  it('answers a taken username or e-mail (any case) with a conflict whose detail contains "exists"', async () => {
    const taken = newAccount('taken', 'Nivesh123');
    await h.seedUser(taken);
    const fresh = newAccount('fresh', 'Nivesh123');

    const byName = await h.fail(AUTH.registerRequestOtp, { ...fresh, username: taken.username.toUpperCase() });
    expect(byName).toMatchObject({ code: 'conflict', message: 'Username already exists' });
    const byEmail = await h.fail(AUTH.registerRequestOtp, { ...fresh, email: taken.email.toUpperCase() });
    expect(byEmail).toMatchObject({ code: 'conflict', message: 'Email already exists' });
    expect(byName.message).toContain('exists');
    expect(byEmail.message).toContain('exists');
  });

  it('lets the first of two pending registrations of one username win; the second gets "Username already exists"', async () => {
    const first = newAccount('race', 'Nivesh123');
    const second = { ...newAccount('race2', 'Nivesh123'), username: first.username };
    const mark = h.mailbox.mark();
    await h.call(AUTH.registerRequestOtp, first);
    await h.call(AUTH.registerRequestOtp, second);
    const [firstCode, secondCode] = await Promise.all([h.mailbox.codeFor(first.email, mark), h.mailbox.codeFor(second.email, mark)]);

    await h.call(AUTH.registerVerifyOtp, { email: first.email, otp: firstCode });
    const refused = await h.fail(AUTH.registerVerifyOtp, { email: second.email, otp: secondCode });
    expect(refused).toMatchObject({ code: 'conflict', message: 'Username already exists' });
  });

  it('applies the password rule of section 5 with its message', async () => {
    for (const password of ['short1', 'onlyletters', '12345678901', 'a1'.repeat(11)]) {
      const refused = await h.fail(AUTH.registerRequestOtp, { ...newAccount('weak'), password });
      expect(refused.code).toBe('validation_failed');
      expect(refused.message).toContain(PASSWORD_RULE_MESSAGE);
    }
  });

  it('refuses a registration code for login and for password reset', async () => {
    const account = newAccount('cross', 'Nivesh123');
    const mark = h.mailbox.mark();
    await h.call(AUTH.registerRequestOtp, account);
    const registrationCode = await h.mailbox.codeFor(account.email, mark);
    // The same username and address exist as a user (created another way meanwhile).
    await h.seedUser(account);

    const asLogin = await h.fail(AUTH.loginVerifyOtp, { username: account.username, otp: registrationCode });
    expect(asLogin).toMatchObject({ code: 'bad_request', message: MESSAGES.invalidCode });
    const asDirectLogin = await h.fail(AUTH.login, { username: account.username, password: account.password, otp: registrationCode });
    expect(asDirectLogin.code).toBe('bad_request');
    const asReset = await h.fail(AUTH.resetPassword, {
      username: account.username,
      email: account.email,
      otp: registrationCode,
      new_password: 'Changed123',
    });
    expect(asReset).toMatchObject({ code: 'bad_request', message: MESSAGES.invalidCode });
  });

  it('makes ADMIN_USERNAMES admins when they register (case-insensitive)', async () => {
    const account = { ...newAccount('adm', 'Nivesh123'), username: adminName };
    const mark = h.mailbox.mark();
    await h.call(AUTH.registerRequestOtp, account);
    const otp = await h.mailbox.codeFor(account.email, mark);
    await h.call(AUTH.registerVerifyOtp, { email: account.email, otp });
    expect((await userRow(adminName))!.is_admin).toBe(true);
    expect(await h.loginWithCode(account)).toMatchObject({ username: adminName, is_admin: true });
  });
});
