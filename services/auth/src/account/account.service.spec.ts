import type { SessionService } from '../sessions/session.service';
import type { UsersRepository } from '../users/users.repository';
import { AccountService } from './account.service';

const caller = { user_id: 'u1', session_id: 's1', is_admin: false };

describe('AccountService', () => {
  const users = { findById: jest.fn() };
  const sessions = { end: jest.fn().mockResolvedValue(undefined) };
  const service = new AccountService(users as unknown as UsersRepository, sessions as unknown as SessionService);

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

  it('answers 401 for a user that no longer exists', async () => {
    users.findById.mockResolvedValueOnce(null);
    await expect(service.me({ caller })).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('logout ends exactly the caller’s session', async () => {
    await expect(service.logout({ caller })).resolves.toEqual({ message: 'Logged out' });
    expect(sessions.end).toHaveBeenCalledWith('u1', 's1');
  });
});
