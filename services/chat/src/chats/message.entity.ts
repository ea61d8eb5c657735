import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ChatType } from '@nivesh/proto';

/** A started chat: its type, its ticker (technical chats) and the session it belongs to. */
@Entity({ schema: 'chat', name: 'contexts' })
export class ContextEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  session_id!: string;

  @Column({ type: 'varchar', length: 16 })
  chat_type!: ChatType;

  @Column({ type: 'varchar', length: 32, nullable: true })
  ticker!: string | null;

  @Column({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz' })
  last_active_at!: Date;
}

/** Who wrote a message: the visitor or Warren AI. */
export type MessageRole = 'user' | 'assistant';
/** What wrote an answer: the built-in engine, the language model, or the guard (a block). */
export type AnswerEngine = 'builtin' | 'llm' | 'guard';

/** One message of a conversation. */
@Entity({ schema: 'chat', name: 'messages' })
export class MessageEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'uuid' })
  context_id!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: MessageRole;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'boolean', default: false })
  blocked!: boolean;

  /** The guard's category of a blocked message. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  category!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  engine!: AnswerEngine | null;

  @Column({ type: 'timestamptz' })
  created_at!: Date;
}

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
