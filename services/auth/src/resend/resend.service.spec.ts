import type { OtpPurpose } from '@nivesh/proto';
import type { Clock } from '../common/clock';
import type { ResponseFloor } from '../common/response-floor';
import type { OtpService } from '../otp/otp.service';
import type { PendingRegistrationRepository } from '../registration/pending-registration.repository';
import type { UsersRepository } from '../users/users.repository';
import { ResendService } from './resend.service';

const setup = (state: { pending?: boolean; user?: boolean; open?: boolean }) => {
  const otp = {
    startCooldown: jest.fn().mockResolvedValue(undefined),
    issue: jest.fn().mockResolvedValue(undefined),
    hasOpen: jest.fn().mockResolvedValue(!!state.open),
  };
  const users = { findByEmail: jest.fn().mockResolvedValue(state.user ? { id: 'u1', username: 'Asha' } : null) };
  const pending = { findLive: jest.fn().mockResolvedValue(state.pending ? { username: 'Newbie' } : null) };
  const floor = { pad: jest.fn((work: () => Promise<unknown>) => work()) };
  const service = new ResendService(
    otp as unknown as OtpService,
    users as unknown as UsersRepository,
    pending as unknown as PendingRegistrationRepository,
    floor as unknown as ResponseFloor,
    { now: () => new Date() } as Clock,
  );
  return { service, otp, floor };
};

const resend = (service: ResendService, otp_type: OtpPurpose) => service.resend({ email: 'Asha@Example.in', otp_type });

describe('ResendService', () => {
  it('sends a new registration code only for a pending registration', async () => {
    const pending = setup({ pending: true });
    const none = setup({});
    expect(await resend(none.service, 'registration')).toEqual(await resend(pending.service, 'registration'));
    expect(pending.otp.issue).toHaveBeenCalledWith({ purpose: 'registration', email: 'asha@example.in', username: 'Newbie', userId: null });
    expect(none.otp.issue).not.toHaveBeenCalled();
  });

  it.each(['login', 'password_reset'] as const)('sends a new %s code only where that flow was started for the user', async (purpose) => {
    const open = setup({ user: true, open: true });
    const notStarted = setup({ user: true, open: false });
    const unknown = setup({});
    const answers = [await resend(open.service, purpose), await resend(notStarted.service, purpose), await resend(unknown.service, purpose)];
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(open.otp.issue).toHaveBeenCalledWith({ purpose, email: 'asha@example.in', username: 'Asha', userId: 'u1' });
    expect(notStarted.otp.issue).not.toHaveBeenCalled();
    expect(unknown.otp.issue).not.toHaveBeenCalled();
  });

  it('applies the cooldown and the response floor whether or not anything is sent', async () => {
    const { service, otp, floor } = setup({});
    await resend(service, 'login');
    expect(otp.startCooldown).toHaveBeenCalledWith('login', 'asha@example.in');
    expect(floor.pad).toHaveBeenCalled();
  });

  it('sends nothing while the cooldown runs', async () => {
    const { service, otp } = setup({ pending: true });
    otp.startCooldown.mockRejectedValueOnce(new Error('cooldown'));
    await expect(resend(service, 'registration')).rejects.toThrow('cooldown');
    expect(otp.issue).not.toHaveBeenCalled();
  });
});
