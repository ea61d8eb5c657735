import { Injectable } from '@nestjs/common';
import { DomainError } from '@nivesh/proto';
import { normalizeEmail } from '../common/email';
import { SessionRepository } from '../sessions/session.repository';
import { PasswordHasher } from '../users/password-hasher';
import { UsersRepository } from '../users/users.repository';

export type CreateAdmin = { username: string; email?: string; password?: string };
export type CreateAdminResult = {
  userId: string;
  username: string;
  /** created: a new admin account; promoted: an existing user became admin; unchanged: already admin. */
  outcome: 'created' | 'promoted' | 'unchanged';
  /** Live sessions whose is_admin was refreshed. */
  sessionsUpdated: number;
};

/** Makes admins (the create-admin CLI): creates the account as admin, or promotes an existing one. */
@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async createOrPromote(input: CreateAdmin): Promise<CreateAdminResult> {
    const existing = await this.users.findByUsername(input.username);
    if (existing) {
      const outcome = existing.isAdmin ? 'unchanged' : 'promoted';
      if (!existing.isAdmin) await this.users.setAdmin(existing.id, true);
      // Refreshed even when already admin in the database: a session may predate the change.
      const sessionsUpdated = await this.sessions.setAdminFlag(existing.id, true);
      return { userId: existing.id, username: existing.username, outcome, sessionsUpdated };
    }
    if (!input.email || !input.password) {
      throw new DomainError('bad_request', `No user ${input.username} exists; --email and --password are needed to create one`);
    }
    const user = await this.users.create({
      username: input.username,
      email: normalizeEmail(input.email),
      passwordHash: await this.hasher.hash(input.password),
      isAdmin: true,
    });
    return { userId: user.id, username: user.username, outcome: 'created', sessionsUpdated: 0 };
  }
}
