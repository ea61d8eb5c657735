import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An account waiting for its e-mailed code; it becomes a user only when the code is verified. */
@Entity({ name: 'pending_registrations' })
export class PendingRegistrationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  username!: string;

  /** Lower-cased; one pending registration per address. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** argon2id of the chosen password. */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
