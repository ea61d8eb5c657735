import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ChatType } from '@nivesh/proto';

/** A question Warren AI had no guide for, without personal data: what guides the knowledge base needs next. */
@Entity({ schema: 'chat', name: 'unanswered_questions' })
export class UnansweredQuestionEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The question with anything identifying (e-mail addresses, phone, PAN, Aadhaar or account numbers) removed. */
  @Column({ type: 'text' })
  question!: string;

  @Column({ type: 'varchar', length: 16 })
  chat_type!: ChatType;

  /** The ids of the nearest guides it was offered. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  nearest!: string[];

  @Column({ type: 'timestamptz' })
  asked_at!: Date;
}
