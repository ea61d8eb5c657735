import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError } from '@nivesh/proto';
import { QueryFailedError, Repository } from 'typeorm';
import { MESSAGES } from '../messages';
import { SCHEMA } from '../migrations';
import { UserEntity } from './user.entity';

export type NewUser = { username: string; email: string; passwordHash: string; isAdmin: boolean };

/** What a login finds once its session exists: the flags as they are now, which an admin may have changed meanwhile. */
export type LoginState = { isAdmin: boolean; disabled: boolean };

export type UserPage = { users: UserEntity[]; total: number };

/** `text` matched literally by ILIKE: its own wildcards and the escape character are escaped. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const TABLE = `"${SCHEMA}"."users"`;

/** Names of the unique indexes on users, as the migration creates them. */
export const USERS_USERNAME_INDEX = 'users_username_lower_key';
export const USERS_EMAIL_INDEX = 'users_email_key';

const uniqueViolation = (error: unknown): string | undefined => {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driver = error.driverError as { code?: string; constraint?: string };
  return driver.code === '23505' ? (driver.constraint ?? '') : undefined;
};

/** PostgreSQL access for users. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly repo: Repository<UserEntity>) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.repo.findOne({ where: { id } });
  }

  /** Case-insensitive, as usernames are unique. */
  findByUsername(username: string): Promise<UserEntity | null> {
    return this.repo.createQueryBuilder('user').where('lower(user.username) = lower(:username)', { username }).getOne();
  }

  /** The address must already be normalized (lower-cased). */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.repo.findOne({ where: { email } });
  }

  /** Throws conflict 'Username already exists' / 'Email already exists' when either is taken. */
  async create(user: NewUser): Promise<UserEntity> {
    try {
      const created = this.repo.create(user);
      return await this.repo.save(created);
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === USERS_USERNAME_INDEX) throw new DomainError('conflict', MESSAGES.usernameExists);
      if (constraint !== undefined) throw new DomainError('conflict', MESSAGES.emailExists);
      throw error;
    }
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.repo.update({ id }, { passwordHash });
  }

  async setAdmin(id: string, isAdmin: boolean): Promise<void> {
    await this.repo.update({ id }, { isAdmin });
  }

  /**
   * Notes a successful login and answers the account's flags as they are now (null: the account is gone). A
   * disabled account's last login is left as it was: this login is about to be refused.
   */
  async recordLogin(id: string, at: Date): Promise<LoginState | null> {
    const [rows] = (await this.repo.query(
      `UPDATE ${TABLE} SET last_login_at = CASE WHEN disabled_at IS NULL THEN $2 ELSE last_login_at END
       WHERE id = $1 RETURNING is_admin, disabled_at`,
      [id, at],
    )) as [{ is_admin: boolean; disabled_at: Date | null }[], number];
    const row = rows[0];
    return row ? { isAdmin: row.is_admin, disabled: row.disabled_at !== null } : null;
  }

  /** Accounts whose username or e-mail contains `text` (any case; empty: all), newest first, one page. */
  async search(text: string, page: number, pageSize: number): Promise<UserPage> {
    const query = this.repo.createQueryBuilder('user');
    if (text !== '') query.where('(user.username ILIKE :pattern OR user.email ILIKE :pattern)', { pattern: likePattern(text) });
    const [users, total] = await query
      .orderBy('user.createdAt', 'DESC')
      .addOrderBy('user.id', 'DESC')
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
    return { users, total };
  }
}
