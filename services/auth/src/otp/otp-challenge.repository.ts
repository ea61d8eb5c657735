import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OtpPurpose } from '@nivesh/proto';
import { IsNull, Repository } from 'typeorm';
import { SCHEMA } from '../migrations';
import { OtpChallengeEntity } from './otp-challenge.entity';
import { OTP_MAX_ATTEMPTS } from '../common/otp-crypto';

const TABLE = `"${SCHEMA}"."otp_challenges"`;
/** Challenges are kept a day past their expiry (for support questions), then removed. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

export type NewChallenge = {
  purpose: OtpPurpose;
  email: string;
  userId: string | null;
  codeHash: Buffer;
  expiresAt: Date;
  now: Date;
};

/** The unconsumed challenge of a (purpose, email), as verification needs it. */
export type OpenChallenge = { id: string; codeHash: Buffer; attempts: number; expiresAt: Date; userId: string | null };

type Row = { id: string; code_hash: Buffer; attempts: number; expires_at: Date; user_id: string | null };

/** PostgreSQL access for OTP challenges; the counting and consuming statements are single atomic UPDATEs. */
@Injectable()
export class OtpChallengeRepository {
  constructor(@InjectRepository(OtpChallengeEntity) private readonly repo: Repository<OtpChallengeEntity>) {}

  /** Stores a new challenge, replacing the unconsumed one of the same purpose and address (attempts reset). */
  async replace(challenge: NewChallenge): Promise<void> {
    await this.repo.query(
      `INSERT INTO ${TABLE} (purpose, email, user_id, code_hash, attempts, expires_at, created_at)
       VALUES ($1, $2, $3, $4, 0, $5, $6)
       ON CONFLICT (purpose, email) WHERE consumed_at IS NULL
       DO UPDATE SET id = gen_random_uuid(), user_id = EXCLUDED.user_id, code_hash = EXCLUDED.code_hash,
                     attempts = 0, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`,
      [challenge.purpose, challenge.email, challenge.userId, challenge.codeHash, challenge.expiresAt, challenge.now],
    );
    await this.repo.query(
      `DELETE FROM ${TABLE} WHERE id IN (SELECT id FROM ${TABLE} WHERE expires_at < $1 LIMIT 100)`,
      [new Date(challenge.now.getTime() - RETENTION_MS)],
    );
  }

  async findOpen(purpose: OtpPurpose, email: string): Promise<OpenChallenge | undefined> {
    const rows: Row[] = await this.repo.query(
      `SELECT id, code_hash, attempts, expires_at, user_id FROM ${TABLE}
       WHERE purpose = $1 AND email = $2 AND consumed_at IS NULL`,
      [purpose, email],
    );
    const row = rows[0];
    return row && { id: row.id, codeHash: row.code_hash, attempts: row.attempts, expiresAt: row.expires_at, userId: row.user_id };
  }

  /**
   * Consumes a challenge whose code matched: counts the attempt and marks it used in one statement, so of
   * any number of concurrent verifications exactly one succeeds. False when it was consumed, replaced,
   * used up or expired meanwhile.
   */
  async consume(id: string, codeHash: Buffer, now: Date): Promise<boolean> {
    const [rows] = (await this.repo.query(
      `UPDATE ${TABLE} SET attempts = attempts + 1, consumed_at = $3
       WHERE id = $1 AND code_hash = $2 AND consumed_at IS NULL AND attempts < $4 AND expires_at > $3
       RETURNING id`,
      [id, codeHash, now, OTP_MAX_ATTEMPTS],
    )) as [unknown[], number];
    return rows.length === 1;
  }

  /** Counts a wrong code atomically; the attempts made so far, or undefined when nothing was counted. */
  async countWrongCode(id: string): Promise<number | undefined> {
    const [rows] = (await this.repo.query(
      `UPDATE ${TABLE} SET attempts = attempts + 1
       WHERE id = $1 AND consumed_at IS NULL AND attempts < $2
       RETURNING attempts`,
      [id, OTP_MAX_ATTEMPTS],
    )) as [{ attempts: number }[], number];
    return rows[0]?.attempts;
  }

  /** Whether the address has an unconsumed challenge of this purpose (expired or used up included). */
  async hasOpen(purpose: OtpPurpose, email: string): Promise<boolean> {
    return this.repo.exists({ where: { purpose, email, consumedAt: IsNull() } });
  }

  /** Ends the open challenge of a purpose, if any (a password reset voids a pending login code). */
  async discard(purpose: OtpPurpose, email: string, now: Date): Promise<void> {
    await this.repo.query(`UPDATE ${TABLE} SET consumed_at = $3 WHERE purpose = $1 AND email = $2 AND consumed_at IS NULL`, [
      purpose,
      email,
      now,
    ]);
  }
}
