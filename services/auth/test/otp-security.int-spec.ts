import { createHmac } from 'node:crypto';
import { AUTH, type DomainError } from '@nivesh/proto';
import { MESSAGES } from '../src/messages';
import { newAccount, startAuth, type Account, type AuthHarness } from './support/harness';

const PASSWORD = 'Nivesh123';

describe('one-time codes', () => {
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuth('otp');
  });

  afterAll(() => h.stop());

  const seeded = async (label: string): Promise<Account> => {
    const account = newAccount(label, PASSWORD);
    await h.seedUser(account);
    return account;
  };

  /** Requests a login code and returns it from the mail. */
  const requestLoginCode = async (account: Account): Promise<string> => {
    const mark = h.mailbox.mark();
    await h.call(AUTH.loginRequestOtp, { username: account.username, password: account.password });
    return h.mailbox.codeFor(account.email, mark);
  };

  const otherCode = (code: string, n = 1): string => String((Number(code) + n) % 1_000_000).padStart(6, '0');

  const challengeRows = async (purpose: string, email: string) =>
    (
      await h.pg.query(
        'SELECT code_hash, attempts, expires_at, consumed_at, created_at FROM auth.otp_challenges WHERE purpose = $1 AND email = $2 ORDER BY created_at',
        [purpose, email],
      )
    ).rows as { code_hash: Buffer; attempts: number; expires_at: Date; consumed_at: Date | null; created_at: Date }[];

  it('are six digits, stored only as HMAC-SHA256(OTP_SECRET, purpose|email|code), and live 10 minutes', async () => {
    const account = await seeded('hmac');
    const code = await requestLoginCode(account);
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await challengeRows('login', account.email);
    const expected = createHmac('sha256', h.config.OTP_SECRET).update(`login|${account.email}|${code}`).digest();
    expect(Buffer.compare(row!.code_hash, expected)).toBe(0);
    expect(row!.code_hash.toString('latin1')).not.toContain(code);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(10 * 60 * 1000);
    expect(row!.attempts).toBe(0);
  });

  it('are single-use: 20 concurrent verifications of the right code give exactly one success', async () => {
    const account = await seeded('race');
    const otp = await requestLoginCode(account);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => h.call(AUTH.loginVerifyOtp, { username: account.username, otp })));

    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(succeeded).toHaveLength(1);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused.map((outcome) => (outcome.reason as DomainError).code)).toEqual(Array(19).fill('bad_request'));
    const [row] = await challengeRows('login', account.email);
    expect(row!.consumed_at).not.toBeNull();
  });

  it('refuses an expired code', async () => {
    const account = await seeded('expired');
    const otp = await requestLoginCode(account);
    await h.pg.query(`UPDATE auth.otp_challenges SET expires_at = now() - interval '1 second' WHERE email = $1`, [account.email]);
    expect(await h.fail(AUTH.loginVerifyOtp, { username: account.username, otp })).toMatchObject({ code: 'bad_request', message: MESSAGES.invalidCode });
  });

  it('a new code replaces the old one: one live challenge per purpose and address', async () => {
    const account = await seeded('replace');
    const first = await requestLoginCode(account);
    await h.clearCooldowns();
    const mark = h.mailbox.mark();
    await h.call(AUTH.resendOtp, { email: account.email, otp_type: 'login' });
    const second = await h.mailbox.codeFor(account.email, mark);

    const open = (await challengeRows('login', account.email)).filter((row) => row.consumed_at === null);
    expect(open).toHaveLength(1);
    if (first !== second) {
      expect((await h.fail(AUTH.loginVerifyOtp, { username: account.username, otp: first })).code).toBe('bad_request');
    }
    await expect(h.call(AUTH.loginVerifyOtp, { username: account.username, otp: second })).resolves.toMatchObject({ username: account.username });
  });

  it('after five wrong codes the challenge is dead, even for the right code, until a new one is requested', async () => {
    const account = await seeded('dead');
    const otp = await requestLoginCode(account);
    const answers: DomainError[] = [];
    for (let n = 1; n <= 5; n += 1) answers.push(await h.fail(AUTH.loginVerifyOtp, { username: account.username, otp: otherCode(otp, n) }));
    expect(answers.map((answer) => answer.code)).toEqual(['bad_request', 'bad_request', 'bad_request', 'bad_request', 'gone']);
    expect(answers[4]!.message).toBe('Too many incorrect codes. Please request a new code.');

    const right = await h.fail(AUTH.loginVerifyOtp, { username: account.username, otp });
    expect(right).toMatchObject({ code: 'gone', message: 'Too many incorrect codes. Please request a new code.' });
    expect((await challengeRows('login', account.email))[0]!.attempts).toBe(5);

    // A new code (once the cooldown has passed) works.
    await h.clearCooldowns();
    const fresh = await requestLoginCode(account);
    await expect(h.call(AUTH.loginVerifyOtp, { username: account.username, otp: fresh })).resolves.toMatchObject({ username: account.username });
  });

  it('enforce a 30 s resend cooldown per address on every code-sending call, unknown addresses included', async () => {
    const account = await seeded('cool');
    await requestLoginCode(account);
    const expectCooldown = (error: DomainError) => {
      expect(error.code).toBe('rate_limited');
      expect(error.details?.retry_after_seconds).toEqual(expect.any(Number));
      expect(error.details!.retry_after_seconds).toBeGreaterThanOrEqual(1);
      expect(error.details!.retry_after_seconds).toBeLessThanOrEqual(30);
    };
    expectCooldown(await h.fail(AUTH.loginRequestOtp, { username: account.username, password: PASSWORD }));
    expectCooldown(await h.fail(AUTH.resendOtp, { email: account.email, otp_type: 'login' }));

    const unknown = newAccount('nobody');
    const forgotUnknown = await h.call(AUTH.forgotPassword, { username: unknown.username, email: unknown.email });
    expectCooldown(await h.fail(AUTH.forgotPassword, { username: unknown.username, email: unknown.email }));
    const forgotKnown = await h.call(AUTH.forgotPassword, { username: account.username, email: account.email });
    const secondKnown = await h.fail(AUTH.forgotPassword, { username: account.username, email: account.email });
    expectCooldown(secondKnown);
    expect(forgotKnown).toEqual(forgotUnknown);

    await h.call(AUTH.resendOtp, { email: unknown.email, otp_type: 'registration' });
    expectCooldown(await h.fail(AUTH.resendOtp, { email: unknown.email, otp_type: 'registration' }));

    const newcomer = newAccount('newcomer', PASSWORD);
    await h.call(AUTH.registerRequestOtp, newcomer);
    expectCooldown(await h.fail(AUTH.registerRequestOtp, newcomer));
  });

  it('lock an account after 100 failed attempts in an hour (wrong codes and wrong passwords alike): its login answers 429', async () => {
    const account = await seeded('locked');
    const otp = await requestLoginCode(account);
    expect((await h.fail(AUTH.loginVerifyOtp, { username: account.username, otp: otherCode(otp) })).code).toBe('bad_request');

    const wrong = () => h.fail(AUTH.loginRequestOtp, { username: account.username, password: 'WrongPass1' });
    const failures: DomainError[] = [];
    for (let batch = 0; batch < 99; batch += 33) failures.push(...(await Promise.all(Array.from({ length: 33 }, wrong))));
    expect(failures.every((failure) => failure.code === 'unauthorized' && failure.message === 'Invalid username or password')).toBe(true);

    await h.clearCooldowns();
    const locked = await h.fail(AUTH.loginRequestOtp, { username: account.username, password: PASSWORD });
    expect(locked).toMatchObject({ code: 'rate_limited', message: MESSAGES.accountLocked });
    expect(locked.details!.retry_after_seconds).toBeGreaterThan(3_000);
    expect(locked.details!.retry_after_seconds).toBeLessThanOrEqual(3_600);
    expect((await h.fail(AUTH.loginVerifyOtp, { username: account.username, otp })).code).toBe('rate_limited');
    expect((await h.fail(AUTH.login, { username: account.username, password: PASSWORD, otp })).code).toBe('rate_limited');
    expect(await h.redis.exists(`${h.prefix}:rl:account:user:${account.username}`)).toBe(1);

    // Another account is not affected.
    const other = await seeded('free');
    await expect(requestLoginCode(other)).resolves.toMatch(/^\d{6}$/);
  });
});
