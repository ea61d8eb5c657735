import type { DomainError } from '@nivesh/proto';
import { AdminUsernames } from '../admin/admin-usernames';
import type { Clock } from '../common/clock';
import type { Config } from '../config';
import { MESSAGES } from '../messages';
import type { OtpService } from '../otp/otp.service';
import type { AccountLimiter } from '../rate-limit/account-limiter';
import type { PasswordHasher } from '../users/password-hasher';
import type { UsersRepository } from '../users/users.repository';
import type { PendingRegistrationRepository } from './pending-registration.repository';
import { RegistrationService } from './registration.service';

const NOW = new Date('2026-01-01T10:00:00Z');

const setup = (taken: { username?: boolean; email?: boolean } = {}, adminNames: string[] = []) => {
  const users = {
    findByUsername: jest.fn().mockResolvedValue(taken.username ? { id: 'x' } : null),
    findByEmail: jest.fn().mockResolvedValue(taken.email ? { id: 'x' } : null),
    create: jest.fn(async (user: { username: string }) => ({ id: 'u9', ...user })),
  };
  const pending = {
    replace: jest.fn().mockResolvedValue(undefined),
    findLive: jest.fn().mockResolvedValue({ username: 'Asha', email: 'asha@example.in', passwordHash: 'HASH' }),
    delete: jest.fn().mockResolvedValue(undefined),
  };
  const otp = { startCooldown: jest.fn().mockResolvedValue(undefined), issue: jest.fn().mockResolvedValue(undefined), verify: jest.fn().mockResolvedValue(undefined) };
  const hasher = { hash: jest.fn().mockResolvedValue('HASH') };
  const limiterKeys: string[] = [];
  const limiter = { attempt: (key: string, work: () => Promise<unknown>) => (limiterKeys.push(key), work()) };
  const service = new RegistrationService(
    users as unknown as UsersRepository,
    pending as unknown as PendingRegistrationRepository,
    otp as unknown as OtpService,
    hasher as unknown as PasswordHasher,
    limiter as unknown as AccountLimiter,
    new AdminUsernames({ ADMIN_USERNAMES: adminNames } as Pick<Config, 'ADMIN_USERNAMES'>),
    { now: () => NOW } as Clock,
  );
  return { service, users, pending, otp, hasher, limiterKeys };
};

const input = { username: 'Asha', email: 'Asha@Example.IN', password: 'Nivesh123' };
const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (error: DomainError) => error);

describe('RegistrationService', () => {
  it('refuses a taken username or e-mail with "... already exists" before any cooldown or mail', async () => {
    for (const [taken, message] of [
      [{ username: true }, MESSAGES.usernameExists],
      [{ email: true }, MESSAGES.emailExists],
    ] as const) {
      const { service, otp } = setup(taken);
      const error = await rejection(service.requestOtp(input));
      expect(error).toMatchObject({ code: 'conflict', message });
      expect(error!.message).toContain('exists');
      expect(otp.startCooldown).not.toHaveBeenCalled();
      expect(otp.issue).not.toHaveBeenCalled();
    }
  });

  it('keeps the registration pending with the hashed password and mails a registration code to the lower-cased address', async () => {
    const { service, pending, otp, hasher, users } = setup();
    await expect(service.requestOtp(input)).resolves.toMatchObject({ expires_in_seconds: 600, resend_after_seconds: 30 });
    expect(users.findByEmail).toHaveBeenCalledWith('asha@example.in');
    expect(otp.startCooldown).toHaveBeenCalledWith('registration', 'asha@example.in');
    expect(hasher.hash).toHaveBeenCalledWith('Nivesh123');
    expect(pending.replace).toHaveBeenCalledWith({
      username: 'Asha',
      email: 'asha@example.in',
      passwordHash: 'HASH',
      expiresAt: new Date('2026-01-02T10:00:00Z'),
      now: NOW,
    });
    expect(otp.issue).toHaveBeenCalledWith({ purpose: 'registration', email: 'asha@example.in', username: 'Asha', userId: null });
    expect(users.create).not.toHaveBeenCalled();
  });

  it('creates the user only when the code verifies, then forgets the pending registration', async () => {
    const { service, users, pending, otp, limiterKeys } = setup();
    await expect(service.verifyOtp({ email: 'ASHA@example.in', otp: '123456' })).resolves.toEqual({
      message: 'Registration successful! Please log in.',
      user_id: 'u9',
      username: 'Asha',
    });
    expect(otp.verify).toHaveBeenCalledWith('registration', 'asha@example.in', '123456');
    expect(users.create).toHaveBeenCalledWith({ username: 'Asha', email: 'asha@example.in', passwordHash: 'HASH', isAdmin: false });
    expect(pending.delete).toHaveBeenCalledWith('asha@example.in');
    expect(limiterKeys).toEqual(['email:asha@example.in']);
  });

  it('does not create the user when the code is wrong', async () => {
    const { service, users, otp } = setup();
    otp.verify.mockRejectedValueOnce(new Error('wrong'));
    await expect(service.verifyOtp({ email: 'asha@example.in', otp: '000000' })).rejects.toThrow('wrong');
    expect(users.create).not.toHaveBeenCalled();
  });

  it('answers a verification without a pending registration like a wrong code', async () => {
    const { service, pending, otp } = setup();
    pending.findLive.mockResolvedValueOnce(null);
    expect(await rejection(service.verifyOtp({ email: 'asha@example.in', otp: '123456' }))).toMatchObject({ code: 'bad_request' });
    expect(otp.verify).not.toHaveBeenCalled();
  });

  it('registers ADMIN_USERNAMES as admins', async () => {
    const { service, users } = setup({}, ['ASHA']);
    await service.verifyOtp({ email: 'asha@example.in', otp: '123456' });
    expect(users.create).toHaveBeenCalledWith(expect.objectContaining({ isAdmin: true }));
  });
});
