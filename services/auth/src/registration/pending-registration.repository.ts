import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import { SCHEMA } from '../migrations';
import { PendingRegistrationEntity } from './pending-registration.entity';

const TABLE = `"${SCHEMA}"."pending_registrations"`;

export type NewPendingRegistration = { username: string; email: string; passwordHash: string; expiresAt: Date; now: Date };

/** PostgreSQL access for registrations waiting for their code. */
@Injectable()
export class PendingRegistrationRepository {
  constructor(@InjectRepository(PendingRegistrationEntity) private readonly repo: Repository<PendingRegistrationEntity>) {}

  /** Stores the registration of an address, replacing an earlier one for the same address. */
  async replace(registration: NewPendingRegistration): Promise<void> {
    await this.repo.query(
      `INSERT INTO ${TABLE} (username, email, password_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (email) DO UPDATE SET username = EXCLUDED.username, password_hash = EXCLUDED.password_hash,
                                         expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`,
      [registration.username, registration.email, registration.passwordHash, registration.expiresAt, registration.now],
    );
    await this.repo.query(`DELETE FROM ${TABLE} WHERE id IN (SELECT id FROM ${TABLE} WHERE expires_at < $1 LIMIT 100)`, [registration.now]);
  }

  findLive(email: string, now: Date): Promise<PendingRegistrationEntity | null> {
    return this.repo.findOne({ where: { email, expiresAt: MoreThan(now) } });
  }

  async delete(email: string): Promise<void> {
    await this.repo.delete({ email });
  }
}
