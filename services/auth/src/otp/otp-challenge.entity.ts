import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OtpPurpose } from '@nivesh/proto';

/**
 * One e-mailed code. Only its HMAC is stored. At most one unconsumed challenge exists per
 * (purpose, email) (a partial unique index); a new code replaces the old one.
 */
@Entity({ name: 'otp_challenges' })
export class OtpChallengeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  purpose!: OtpPurpose;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'code_hash', type: 'bytea' })
  codeHash!: Buffer;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
