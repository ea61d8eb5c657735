import { NO_PREMIUM, type PremiumEntitlementClient } from '../users/premium-entitlement.client';
import type { SessionService } from '../sessions/session.service';
import type { UsersRepository } from '../users/users.repository';
import { AccountService } from './account.service';

const caller = { user_id: 'u1', session_id: 's1', is_admin: false };

describe('AccountService', () => {
  const users = { findById: jest.fn() };
  const sessions = { end: jest.fn().mockResolvedValue(undefined) };
  const premium = { of: jest.fn().mockResolvedValue(NO_PREMIUM) };
  const service = new AccountService(users as unknown as UsersRepository, sessions as unknown as SessionService, premium as unknown as PremiumEntitlementClient);

  it('answers /me from the database, not from the caller', async () => {
    users.findById.mockResolvedValueOnce({ id: 'u1', username: 'Asha', email: 'asha@example.in', isAdmin: true, createdAt: new Date('2025-01-01T00:00:00Z') });
    await expect(service.me({ caller })).resolves.toEqual({
      user_id: 'u1',
      username: 'Asha',
      email: 'asha@example.in',
      is_admin: true,
      is_premium: false,
      created_at: '2025-01-01T00:00:00.000Z',
      premium_expires_at: null,
    });
  });

  it('answers /me with the premium the premium service reports', async () => {
    users.findById.mockResolvedValueOnce({ id: 'u1', username: 'Asha', email: 'asha@example.in', isAdmin: false, createdAt: new Date('2025-01-01T00:00:00Z') });
    premium.of.mockResolvedValueOnce({ is_premium: true, premium_expires_at: '2026-12-24T10:00:00.000Z' });
    await expect(service.me({ caller })).resolves.toMatchObject({ is_premium: true, premium_expires_at: '2026-12-24T10:00:00.000Z' });
  });

  it('answers 401 for a user that no longer exists', async () => {
    users.findById.mockResolvedValueOnce(null);
    await expect(service.me({ caller })).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('logout ends exactly the caller’s session', async () => {
    await expect(service.logout({ caller })).resolves.toEqual({ message: 'Logged out' });
    expect(sessions.end).toHaveBeenCalledWith('u1', 's1');
  });
});
