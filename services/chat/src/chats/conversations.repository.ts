import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ChatType } from '@nivesh/proto';
import { type DataSource, LessThan, MoreThanOrEqual, type Repository } from 'typeorm';
import { ContextEntity } from './context.entity';
import { type AnswerEngine, MessageEntity } from './message.entity';
import { UnansweredQuestionEntity } from './unanswered-question.entity';

/** A question no guide answered, already stripped of personal data, with the guides offered instead. */
export type Unanswered = { question: string; chat_type: ChatType; nearest: string[] };

/** A message about to be stored. */
export type NewMessage = { role: 'user' | 'assistant'; content: string; blocked?: boolean; category?: string | null; engine?: AnswerEngine | null };

/** The one reader and writer of `chat.contexts` and `chat.messages`. */
@Injectable()
export class ConversationsRepository {
  constructor(
    @InjectRepository(ContextEntity) private readonly contexts: Repository<ContextEntity>,
    @InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async createContext(row: { id: string; session_id: string; chat_type: ChatType; ticker: string | null; at: Date }): Promise<void> {
    const { at, ...rest } = row;
    await this.contexts.insert({ ...rest, created_at: at, last_active_at: at });
  }

  /** The context `id` of `session_id` and `chatType`, when it was active at or after `activeSince`. */
  findActive(id: string, sessionId: string, chatType: ChatType, activeSince: Date): Promise<ContextEntity | null> {
    return this.contexts.findOneBy({ id, session_id: sessionId, chat_type: chatType, last_active_at: MoreThanOrEqual(activeSince) });
  }

  /** The last `limit` messages of a context, oldest first. */
  async recentMessages(contextId: string, limit: number): Promise<MessageEntity[]> {
    const rows = await this.messages.find({ where: { context_id: contextId }, order: { id: 'DESC' }, take: limit });
    return rows.reverse();
  }

  /**
   * Stores a question and its answer together and marks the context active; both or neither are kept. A question no
   * guide answered is also logged, apart from the conversation. One statement does all of it: PostgreSQL runs its
   * data-modifying parts as one, so no transaction has to be opened and committed around it.
   */
  async appendExchange(contextId: string, at: Date, question: NewMessage, answer: NewMessage, unanswered: Unanswered | null = null): Promise<void> {
    const message = ({ role, content, blocked, category, engine }: NewMessage, createdAt: Date) => [role, content, blocked ?? false, category ?? null, engine ?? null, createdAt];
    await this.dataSource.query(
      `WITH stored AS (
         INSERT INTO chat.messages (context_id, role, content, blocked, category, engine, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7), ($1, $8, $9, $10, $11, $12, $13)
       ), logged AS (
         INSERT INTO chat.unanswered_questions (question, chat_type, nearest, asked_at)
         SELECT $14::text, $15::varchar, $16::text[], $7 WHERE $14::text IS NOT NULL
       )
       UPDATE chat.contexts SET last_active_at = $7 WHERE id = $1`,
      [
        contextId,
        ...message(question, at),
        // The answer is a millisecond later so the two sort in order even by time.
        ...message(answer, new Date(at.getTime() + 1)),
        unanswered?.question ?? null,
        unanswered?.chat_type ?? null,
        unanswered?.nearest ?? [],
      ],
    );
  }

  /** The most recent questions no guide answered, newest first. */
  recentUnanswered(limit: number): Promise<UnansweredQuestionEntity[]> {
    return this.dataSource.getRepository(UnansweredQuestionEntity).find({ order: { id: 'DESC' }, take: limit });
  }

  /** Deletes conversations whose last message is older than `cutoff` (their messages go with them); returns how many. */
  async purgeInactiveBefore(cutoff: Date): Promise<number> {
    const result = await this.contexts.delete({ last_active_at: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}
