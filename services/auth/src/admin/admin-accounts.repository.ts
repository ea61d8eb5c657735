import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminAuditAction } from '@nivesh/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { SCHEMA } from '../migrations';
import { UserEntity } from '../users/user.entity';
import { AdminAuditEntity } from './admin-audit.entity';

const USERS = `"${SCHEMA}"."users"`;

/** An account as the audit log names it. */
export type AccountName = { id: string; username: string };

export type NewAuditEntry = { actor: AccountName; target: AccountName; action: AdminAuditAction; summary: string };

export type AuditPage = { entries: AdminAuditEntity[]; total: number };

/**
 * One admin change in one transaction: the rows it reads are locked until it commits, and the change and its audit
 * row are written together or not at all.
 */
export class AdminChange {
  constructor(private readonly manager: EntityManager) {}

  /**
   * The enabled admins, locked. Every admin change takes these locks first (in id order), so two admins changing
   * each other at the same moment go one after the other, and the second sees what the first did.
   */
  async lockActiveAdmins(): Promise<AccountName[]> {
    return (await this.manager.query(
      `SELECT id, username FROM ${USERS} WHERE is_admin AND disabled_at IS NULL ORDER BY id FOR UPDATE`,
    )) as AccountName[];
  }

  /** The account, locked; null when there is none. */
  lockUser(id: string): Promise<UserEntity | null> {
    return this.manager.getRepository(UserEntity).createQueryBuilder('user').where('user.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  async setAdmin(id: string, isAdmin: boolean): Promise<void> {
    await this.manager.update(UserEntity, { id }, { isAdmin });
  }

  async setDisabledAt(id: string, disabledAt: Date | null): Promise<void> {
    await this.manager.update(UserEntity, { id }, { disabledAt });
  }

  async audit(entry: NewAuditEntry, at: Date): Promise<void> {
    await this.manager.insert(AdminAuditEntity, {
      at,
      actorUserId: entry.actor.id,
      actorUsername: entry.actor.username,
      targetUserId: entry.target.id,
      targetUsername: entry.target.username,
      action: entry.action,
      summary: entry.summary,
    });
  }
}

/** PostgreSQL access for account administration: changes with their audit rows, and the audit log. */
@Injectable()
export class AdminAccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction; a throw rolls everything back. */
  change<T>(work: (change: AdminChange) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(new AdminChange(manager)));
  }

  /** The audit log, newest first, one page. */
  async auditPage(page: number, pageSize: number): Promise<AuditPage> {
    const [entries, total] = await this.dataSource.getRepository(AdminAuditEntity).findAndCount({
      order: { id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { entries, total };
  }
}
