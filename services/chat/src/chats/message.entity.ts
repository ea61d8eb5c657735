import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

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
