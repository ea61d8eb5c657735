import type { DomainError } from '@nivesh/proto';
import type { ResponseFloor } from '../common/response-floor';
import type { OtpService } from '../otp/otp.service';
import type { AccountLimiter } from '../rate-limit/account-limiter';
import type { SessionService } from '../sessions/session.service';
import type { PasswordHasher } from '../users/password-hasher';
import type { UsersRepository } from '../users/users.repository';
import { PasswordResetService } from './password-reset.service';

const setup = (known = true) => {
  const users = {
    findByUsername: jest.fn().mockResolvedValue(known ? { id: 'u1', username: 'Asha', email: 'asha@example.in' } : null),
    updatePasswordHash: jest.fn().mockResolvedValue(undefined),
  };
  const hasher = { hash: jest.fn().mockResolvedValue('NEWHASH') };
  const otp = {
    startCooldown: jest.fn().mockResolvedValue(undefined),
    issue: jest.fn().mockResolvedValue(undefined),
    verify: jest.fn().mockResolvedValue(undefined),
    discard: jest.fn().mockResolvedValue(undefined),
  };
  const sessions = { endAll: jest.fn().mockResolvedValue(2) };
  const limiter = { attempt: (_key: string, work: () => Promise<unknown>) => work() };
  const floor = { pad: jest.fn((work: () => Promise<unknown>) => work()) };
  const service = new PasswordResetService(
    users as unknown as UsersRepository,
    hasher as unknown as PasswordHasher,
    otp as unknown as OtpService,
    sessions as unknown as SessionService,
    limiter as unknown as AccountLimiter,
    floor as unknown as ResponseFloor,
  );
  return { service, users, hasher, otp, sessions, floor };
};

const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (error: DomainError) => error);

describe('PasswordResetService', () => {
  it('answers forgot-password identically for a match, a wrong address and an unknown user; mails only the match', async () => {
    const match = setup();
    const wrongAddress = setup();
    const unknown = setup(false);
    const answers = await Promise.all([
      match.service.forgot({ username: 'asha', email: 'ASHA@example.in' }),
      wrongAddress.service.forgot({ username: 'asha', email: 'other@example.in' }),
      unknown.service.forgot({ username: 'ghost', email: 'asha@example.in' }),
    ]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(match.otp.issue).toHaveBeenCalledWith({ purpose: 'password_reset', email: 'asha@example.in', username: 'Asha', userId: 'u1' });
    expect(wrongAddress.otp.issue).not.toHaveBeenCalled();
    expect(unknown.otp.issue).not.toHaveBeenCalled();
    // The cooldown and the response floor apply to all three.
    for (const { otp, floor } of [match, wrongAddress, unknown]) {
      expect(otp.startCooldown).toHaveBeenCalledWith('password_reset', expect.any(String));
      expect(floor.pad).toHaveBeenCalled();
    }
  });

  it('sets the new password, voids a pending login code and ends every session; logs nobody in', async () => {
    const { service, users, hasher, otp, sessions } = setup();
    const result = await service.reset({ username: 'asha', email: 'asha@example.in', otp: '123456', new_password: 'Brand9new' });
    expect(result).toEqual({ message: 'Password reset successfully! You can now login with your new password.' });
    expect(otp.verify).toHaveBeenCalledWith('password_reset', 'asha@example.in', '123456');
    expect(hasher.hash).toHaveBeenCalledWith('Brand9new');
    expect(users.updatePasswordHash).toHaveBeenCalledWith('u1', 'NEWHASH');
    expect(otp.discard).toHaveBeenCalledWith('login', 'asha@example.in');
    expect(sessions.endAll).toHaveBeenCalledWith('u1');
  });

  it('refuses a reset whose username and address do not match like a wrong code, changing nothing', async () => {
    for (const { service, users, otp } of [setup(false), setup()]) {
      const error = await rejection(service.reset({ username: 'asha', email: 'other@example.in', otp: '123456', new_password: 'Brand9new' }));
      expect(error?.code).toBe('bad_request');
      expect(otp.verify).not.toHaveBeenCalled();
      expect(users.updatePasswordHash).not.toHaveBeenCalled();
    }
  });

  it('changes nothing when the code is wrong', async () => {
    const { service, users, otp, sessions } = setup();
    otp.verify.mockRejectedValueOnce(new Error('wrong code'));
    await expect(service.reset({ username: 'asha', email: 'asha@example.in', otp: '000000', new_password: 'Brand9new' })).rejects.toThrow('wrong code');
    expect(users.updatePasswordHash).not.toHaveBeenCalled();
    expect(sessions.endAll).not.toHaveBeenCalled();
  });
});
