import type { SessionRepository } from '../sessions/session.repository';
import type { PasswordHasher } from '../users/password-hasher';
import type { UsersRepository } from '../users/users.repository';
import { AdminUsernames } from './admin-usernames';
import type { Config } from '../config';
import { AdminService } from './admin.service';

const setup = (existing?: { isAdmin: boolean }) => {
  const users = {
    findByUsername: jest.fn().mockResolvedValue(existing ? { id: 'u1', username: 'Asha', ...existing } : null),
    setAdmin: jest.fn().mockResolvedValue(undefined),
    create: jest.fn(async (user: { username: string }) => ({ id: 'u2', ...user })),
  };
  const sessions = { setAdminFlag: jest.fn().mockResolvedValue(2) };
  const hasher = { hash: jest.fn().mockResolvedValue('HASH') };
  const service = new AdminService(users as unknown as UsersRepository, sessions as unknown as SessionRepository, hasher as unknown as PasswordHasher);
  return { service, users, sessions };
};

describe('AdminService', () => {
  it('promotes an existing user and refreshes its live sessions', async () => {
    const { service, users, sessions } = setup({ isAdmin: false });
    await expect(service.createOrPromote({ username: 'asha' })).resolves.toEqual({ userId: 'u1', username: 'Asha', outcome: 'promoted', sessionsUpdated: 2 });
    expect(users.setAdmin).toHaveBeenCalledWith('u1', true);
    expect(sessions.setAdminFlag).toHaveBeenCalledWith('u1', true);
    expect(users.create).not.toHaveBeenCalled();
  });

  it('leaves an admin an admin, still refreshing its sessions', async () => {
    const { service, users, sessions } = setup({ isAdmin: true });
    expect((await service.createOrPromote({ username: 'asha' })).outcome).toBe('unchanged');
    expect(users.setAdmin).not.toHaveBeenCalled();
    expect(sessions.setAdminFlag).toHaveBeenCalled();
  });

  it('creates a new admin with a hashed password and a lower-cased address', async () => {
    const { service, users } = setup();
    const result = await service.createOrPromote({ username: 'Root', email: 'Root@Example.in', password: 'Admin9pass' });
    expect(result).toMatchObject({ outcome: 'created', username: 'Root' });
    expect(users.create).toHaveBeenCalledWith({ username: 'Root', email: 'root@example.in', passwordHash: 'HASH', isAdmin: true });
  });

  it('needs an e-mail and a password to create one', async () => {
    const { service } = setup();
    await expect(service.createOrPromote({ username: 'Root' })).rejects.toMatchObject({ code: 'bad_request' });
  });
});

describe('AdminUsernames', () => {
  it('matches configured names regardless of case and surrounding spaces', () => {
    const admins = new AdminUsernames({ ADMIN_USERNAMES: ['Asha', ' ravi '] } as Pick<Config, 'ADMIN_USERNAMES'>);
    expect(admins.includes('asha')).toBe(true);
    expect(admins.includes('RAVI')).toBe(true);
    expect(admins.includes('other')).toBe(false);
  });
});
