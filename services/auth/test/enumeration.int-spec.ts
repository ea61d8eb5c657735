import { AUTH, type DomainError } from '@nivesh/proto';
import { newAccount, startAuth, type Account, type AuthHarness } from './support/harness';

const PASSWORD = 'Nivesh123';
const SAMPLES = 4;

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Runs known and unknown cases alternately, timing each; answers are returned for comparison. */
const measure = async <T>(known: (i: number) => Promise<T>, unknown: (i: number) => Promise<T>, between?: () => Promise<void>) => {
  const times = { known: [] as number[], unknown: [] as number[] };
  const answers = { known: [] as T[], unknown: [] as T[] };
  for (let i = 0; i < SAMPLES; i += 1) {
    for (const kind of ['known', 'unknown'] as const) {
      await between?.();
      const started = performance.now();
      answers[kind].push(await (kind === 'known' ? known(i) : unknown(i)));
      times[kind].push(performance.now() - started);
    }
  }
  return { times, answers, ratio: mean(times.known) / mean(times.unknown) };
};

/** A call's outcome as a client sees it: the body, or the error code and detail. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (body) => ({ ok: true, body }),
    (error: DomainError) => ({ ok: false, code: error.code, detail: error.message }),
  );

describe('no user enumeration', () => {
  let h: AuthHarness;
  let known: Account[];

  beforeAll(async () => {
    h = await startAuth('enum');
    known = Array.from({ length: SAMPLES }, () => newAccount('known', PASSWORD));
    for (const account of known) await h.seedUser(account);
  });

  afterAll(() => h.stop());

  it('login: a wrong password and an unknown user get the same 401 in about the same time', async () => {
    const result = await measure(
      (i) => outcome(h.call(AUTH.loginRequestOtp, { username: known[i]!.username, password: 'WrongPass1' })),
      () => outcome(h.call(AUTH.loginRequestOtp, { username: newAccount('ghost').username, password: 'WrongPass1' })),
    );
    const expected = { ok: false, code: 'unauthorized', detail: 'Invalid username or password' };
    expect([...result.answers.known, ...result.answers.unknown]).toEqual(Array(2 * SAMPLES).fill(expected));
    expect(result.ratio).toBeGreaterThan(0.7);
    expect(result.ratio).toBeLessThan(1.3);
  });

  it('forgot-password answers known and unknown accounts alike, in about the same time, and mails only the known', async () => {
    const mark = h.mailbox.mark();
    const result = await measure(
      (i) => outcome(h.call(AUTH.forgotPassword, { username: known[i]!.username, email: known[i]!.email })),
      (i) => outcome(h.call(AUTH.forgotPassword, { username: known[i]!.username, email: newAccount('ghost').email })),
    );
    expect(result.answers.unknown).toEqual(result.answers.known);
    expect(result.answers.known[0]).toMatchObject({ ok: true });
    expect(result.ratio).toBeGreaterThan(0.7);
    expect(result.ratio).toBeLessThan(1.3);
    for (const account of known) await h.mailbox.next(account.email, mark);
  });

  it('resend-otp answers alike whether or not a flow is pending for the address, in about the same time', async () => {
    const account = known[0]!;
    await h.clearCooldowns();
    const mark = h.mailbox.mark();
    await h.call(AUTH.loginRequestOtp, { username: account.username, password: PASSWORD });
    await h.mailbox.next(account.email, mark);

    const result = await measure(
      () => outcome(h.call(AUTH.resendOtp, { email: account.email, otp_type: 'login' })),
      () => outcome(h.call(AUTH.resendOtp, { email: newAccount('ghost').email, otp_type: 'login' })),
      () => h.clearCooldowns(),
    );
    expect(result.answers.unknown).toEqual(result.answers.known);
    expect(result.answers.known[0]).toMatchObject({ ok: true });
    expect(result.ratio).toBeGreaterThan(0.7);
    expect(result.ratio).toBeLessThan(1.3);
    // Codes went out only where a login was pending: the first request plus every resend.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.mailbox.to(account.email, mark)).toHaveLength(1 + SAMPLES);
  });

  it('get-user-email answers only while the username has a live login challenge', async () => {
    const account = newAccount('lookup', PASSWORD);
    await h.seedUser(account);
    const notFound = { code: 'not_found', message: 'Could not find user email for resending OTP' };
    expect(await h.fail(AUTH.getUserEmail, { username: account.username })).toMatchObject(notFound);
    expect(await h.fail(AUTH.getUserEmail, { username: newAccount('ghost').username })).toMatchObject(notFound);

    // A wrong password does not open a challenge.
    await h.fail(AUTH.loginRequestOtp, { username: account.username, password: 'WrongPass1' });
    expect(await h.fail(AUTH.getUserEmail, { username: account.username })).toMatchObject(notFound);

    const mark = h.mailbox.mark();
    await h.call(AUTH.loginRequestOtp, { username: account.username, password: PASSWORD });
    expect(await h.call(AUTH.getUserEmail, { username: account.username.toUpperCase() })).toEqual({ email: account.email });

    await h.call(AUTH.loginVerifyOtp, { username: account.username, otp: await h.mailbox.codeFor(account.email, mark) });
    expect(await h.fail(AUTH.getUserEmail, { username: account.username })).toMatchObject(notFound);
  });
});
