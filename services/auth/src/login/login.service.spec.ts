import type { DomainError } from '@nivesh/proto';
import type { AdminUsernames } from '../admin/admin-usernames';
import type { Clock } from '../common/clock';
import type { ResponseFloor } from '../common/response-floor';
import { MESSAGES } from '../messages';
import type { OtpService } from '../otp/otp.service';
import { invalidCode } from '../otp/otp.service';
import type { AccountLimiter } from '../rate-limit/account-limiter';
import type { SessionService } from '../sessions/session.service';
import type { PasswordHasher } from '../users/password-hasher';
import { UserEntity } from '../users/user.entity';
import type { UsersRepository } from '../users/users.repository';
import { LoginService } from './login.service';
import { NO_PREMIUM, type PremiumEntitlementClient } from '../users/premium-entitlement.client';

const user = (): UserEntity =>
  Object.assign(new UserEntity(), {
    id: 'u1',
    username: 'Asha',
    email: 'asha@example.in',
    passwordHash: 'HASH',
    isAdmin: false,
    disabledAt: null,
    lastLoginAt: null,
    createdAt: new Date('2025-01-01T00:00:00Z'),
    updatedAt: new Date('2025-01-01T00:00:00Z'),
  });

const NOW = new Date('2026-01-02T03:04:05Z');

const setup = (options: { known?: boolean; passwordOk?: boolean; admins?: string[]; disabled?: boolean } = {}) => {
  const stored = user();
  if (options.disabled) stored.disabledAt = new Date('2025-12-01T00:00:00Z');
  const users = {
    findByUsername: jest.fn().mockResolvedValue(options.known === false ? null : stored),
    setAdmin: jest.fn().mockResolvedValue(undefined),
    // The account as the database has it once the session exists.
    recordLogin: jest.fn(async () => ({ isAdmin: stored.isAdmin, disabled: stored.disabledAt !== null })),
  };
  const hasher = { verify: jest.fn().mockResolvedValue(options.passwordOk !== false), verifyDummy: jest.fn().mockResolvedValue(false) };
  const otp = {
    startCooldown: jest.fn().mockResolvedValue(undefined),
    issue: jest.fn().mockResolvedValue(undefined),
    verify: jest.fn().mockResolvedValue(undefined),
    hasLive: jest.fn().mockResolvedValue(false),
  };
  const sessions = {
    start: jest.fn().mockResolvedValue({ sessionId: 's1', accessToken: 'jwt', expiresAt: new Date('2026-02-01T00:00:00Z') }),
    end: jest.fn().mockResolvedValue(undefined),
    setAdminFlag: jest.fn().mockResolvedValue(1),
  };
  const limiterKeys: string[] = [];
  const limiter = { attempt: (key: string, work: () => Promise<unknown>) => (limiterKeys.push(key), work()) };
  const floor = { pad: jest.fn((work: () => Promise<unknown>) => work()) };
  const premium = { of: jest.fn().mockResolvedValue(NO_PREMIUM) };
  const admins = { includes: (name: string) => (options.admins ?? []).includes(name.toLowerCase()) };
  const service = new LoginService(
    users as unknown as UsersRepository,
    hasher as unknown as PasswordHasher,
    otp as unknown as OtpService,
    sessions as unknown as SessionService,
    limiter as unknown as AccountLimiter,
    admins as AdminUsernames,
    floor as unknown as ResponseFloor,
    premium as unknown as PremiumEntitlementClient,
    { now: () => NOW } as Clock,
  );
  return { service, users, hasher, otp, sessions, limiterKeys, floor, stored, premium };
};

const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (error: DomainError) => error);

describe('LoginService', () => {
  it('gives an unknown user the same 401 as a wrong password, after the same argon2 work', async () => {
    const unknown = setup({ known: false });
    const wrong = setup({ passwordOk: false });
    const a = await rejection(unknown.service.requestOtp({ username: 'ghost', password: 'x' }));
    const b = await rejection(wrong.service.requestOtp({ username: 'asha', password: 'x' }));
    expect(a).toMatchObject({ code: 'unauthorized', message: 'Invalid username or password' });
    expect(b).toMatchObject({ code: a!.code, message: a!.message });
    expect(unknown.hasher.verifyDummy).toHaveBeenCalledWith('x');
    expect(wrong.hasher.verify).toHaveBeenCalledWith('HASH', 'x');
    for (const { otp } of [unknown, wrong]) expect(otp.issue).not.toHaveBeenCalled();
    expect(unknown.floor.pad).toHaveBeenCalled();
  });

  it('mails a login code after the password, under the cooldown of the account address', async () => {
    const { service, otp, limiterKeys } = setup();
    await expect(service.requestOtp({ username: 'ASHA', password: 'right1234' })).resolves.toEqual({
      message: MESSAGES.loginCodeSent,
      expires_in_seconds: 600,
      resend_after_seconds: 30,
    });
    expect(otp.startCooldown).toHaveBeenCalledWith('login', 'asha@example.in');
    expect(otp.issue).toHaveBeenCalledWith({ purpose: 'login', email: 'asha@example.in', username: 'Asha', userId: 'u1' });
    expect(limiterKeys).toEqual(['user:asha']);
  });

  it('answers login-verify with the section 3 fields; premium is off for now', async () => {
    const { service, otp, sessions } = setup();
    const result = await service.verifyOtp({ username: 'asha', otp: '123456' });
    expect(otp.verify).toHaveBeenCalledWith('login', 'asha@example.in', '123456');
    expect(sessions.start).toHaveBeenCalledWith({ id: 'u1', username: 'Asha', isAdmin: false });
    expect(result).toEqual({
      access_token: 'jwt',
      token_type: 'bearer',
      expires_at: '2026-02-01T00:00:00.000Z',
      username: 'Asha',
      user_id: 'u1',
      is_admin: false,
      is_premium: false,
      premium_expires_at: null,
    });
  });

  it('login-verify carries the premium the premium service reports', async () => {
    const { service, premium } = setup();
    premium.of.mockResolvedValueOnce({ is_premium: true, premium_expires_at: '2026-12-24T10:00:00.000Z' });
    const result = await service.verifyOtp({ username: 'asha', otp: '123456' });
    expect(premium.of).toHaveBeenCalledWith('u1');
    expect(result).toMatchObject({ is_premium: true, premium_expires_at: '2026-12-24T10:00:00.000Z' });
  });

  it('refuses login-verify for an unknown user like a wrong code', async () => {
    const { service } = setup({ known: false });
    expect(await rejection(service.verifyOtp({ username: 'ghost', otp: '123456' }))).toMatchObject({ code: invalidCode().code, message: invalidCode().message });
  });

  it('promotes an ADMIN_USERNAMES user when they log in', async () => {
    const { service, users, sessions } = setup({ admins: ['asha'] });
    const result = await service.verifyOtp({ username: 'asha', otp: '123456' });
    expect(users.setAdmin).toHaveBeenCalledWith('u1', true);
    expect(sessions.start).toHaveBeenCalledWith(expect.objectContaining({ isAdmin: true }));
    expect(result.is_admin).toBe(true);
  });

  it('direct login checks the password before the code, and answers token and user', async () => {
    const wrong = setup({ passwordOk: false });
    expect((await rejection(wrong.service.login({ username: 'asha', password: 'x', otp: '123456' })))?.code).toBe('unauthorized');
    expect(wrong.otp.verify).not.toHaveBeenCalled();

    const { service, otp } = setup();
    const result = await service.login({ username: 'asha', password: 'right1234', otp: '123456' });
    expect(otp.verify).toHaveBeenCalledWith('login', 'asha@example.in', '123456');
    expect(result).toEqual({
      access_token: 'jwt',
      token: 'jwt',
      token_type: 'bearer',
      expires_at: '2026-02-01T00:00:00.000Z',
      user: {
        user_id: 'u1',
        username: 'Asha',
        email: 'asha@example.in',
        is_admin: false,
        is_premium: false,
        created_at: '2025-01-01T00:00:00.000Z',
        premium_expires_at: null,
      },
    });
  });

  it('tells the e-mail only while a live login challenge exists', async () => {
    const { service, otp } = setup();
    expect(await rejection(service.getUserEmail({ username: 'asha' }))).toMatchObject({ code: 'not_found', message: 'Could not find user email for resending OTP' });
    otp.hasLive.mockResolvedValueOnce(true);
    await expect(service.getUserEmail({ username: 'asha' })).resolves.toEqual({ email: 'asha@example.in' });
    const unknown = setup({ known: false });
    expect((await rejection(unknown.service.getUserEmail({ username: 'ghost' })))?.code).toBe('not_found');
  });

  it('tells a disabled account so only after the right password, and mails no code', async () => {
    const wrong = setup({ disabled: true, passwordOk: false });
    expect(await rejection(wrong.service.requestOtp({ username: 'asha', password: 'x' }))).toMatchObject({ code: 'unauthorized', message: MESSAGES.invalidCredentials });

    const { service, otp, sessions } = setup({ disabled: true });
    expect(await rejection(service.requestOtp({ username: 'asha', password: 'right1234' }))).toMatchObject({ code: 'forbidden', message: MESSAGES.accountDisabled });
    expect(await rejection(service.login({ username: 'asha', password: 'right1234', otp: '123456' }))).toMatchObject({ code: 'forbidden' });
    expect(otp.issue).not.toHaveBeenCalled();
    expect(otp.verify).not.toHaveBeenCalled();
    expect(sessions.start).not.toHaveBeenCalled();
  });

  it('refuses login-verify of a disabled account only after the right code', async () => {
    const wrongCode = setup({ disabled: true });
    wrongCode.otp.verify.mockRejectedValueOnce(invalidCode());
    expect((await rejection(wrongCode.service.verifyOtp({ username: 'asha', otp: '000000' })))?.message).toBe(invalidCode().message);

    const { service, sessions } = setup({ disabled: true });
    expect(await rejection(service.verifyOtp({ username: 'asha', otp: '123456' }))).toMatchObject({ code: 'forbidden', message: MESSAGES.accountDisabled });
    expect(sessions.start).not.toHaveBeenCalled();
  });

  it('notes the login time, and ends the new session when the account was disabled meanwhile', async () => {
    const ok = setup();
    await ok.service.verifyOtp({ username: 'asha', otp: '123456' });
    expect(ok.users.recordLogin).toHaveBeenCalledWith('u1', NOW);

    const { service, users, sessions } = setup();
    users.recordLogin.mockResolvedValueOnce({ isAdmin: false, disabled: true });
    expect(await rejection(service.verifyOtp({ username: 'asha', otp: '123456' }))).toMatchObject({ code: 'forbidden', message: MESSAGES.accountDisabled });
    expect(sessions.end).toHaveBeenCalledWith('u1', 's1');
  });

  it('gives the new session the role an admin set meanwhile', async () => {
    const { service, users, sessions } = setup();
    users.recordLogin.mockResolvedValueOnce({ isAdmin: true, disabled: false });
    const result = await service.verifyOtp({ username: 'asha', otp: '123456' });
    expect(sessions.setAdminFlag).toHaveBeenCalledWith('u1', true);
    expect(result.is_admin).toBe(true);
  });
});
