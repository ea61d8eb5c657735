import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError } from '@nivesh/proto';
import { QueryFailedError, Repository } from 'typeorm';
import { MESSAGES } from '../messages';
import { UserEntity } from './user.entity';

export type NewUser = { username: string; email: string; passwordHash: string; isAdmin: boolean };

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
}
