import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type ChatQueryRequest,
  type ChatQueryResponse,
  type ChatStartResponse,
  type ChatSystemStatus,
  type ChatType,
  DEFAULT_TICKER,
  DomainError,
  type ResearchAnalyst,
} from '@nivesh/proto';
import { AuditTrail, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { answer, COMPLIANCE_NOTE, DISCLAIMER, find, greeting, type Grounding, groundingFacts, nearestTopics, otherStock, saysNoGuide, type Suggestion, type Turn } from '../engine';
import { withoutPersonalData } from '../engine/redact';
import { ComplianceGuard, type GuardContext, type GuardVerdict, LEAK_REASON, LEAK_SUGGESTION } from '../guard/guard';
import { KnowledgeBase } from '../knowledge/knowledge-base';
import type { AnswerEngine } from './message.entity';
import { ConversationsRepository, type Unanswered } from './conversations.repository';
import { GroundingClient } from './grounding.client';
import { LlmEngine, SYSTEM_PROMPT_CANARY } from './llm.engine';

/** Turns of the conversation so far that an engine sees with a question. */
const HISTORY_TURNS = 10;

export const CONTEXT_ENDED = 'This chat has ended or was not found. Please start a new chat.';

const HOUR_MS = 3_600_000;
const squash = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** Who answered, as an audit record names it; a language model is named by LLM_MODEL. */
const ENGINE_NAMES: Partial<Record<AnswerEngine, string>> = { builtin: "Warren AI's built-in educational engine", guard: "Warren AI's compliance guard" };

/**
 * A question's answer before it is stored and sent; `suggestions` when no guide answered it, and `unanswered`, the
 * question as it is logged for the knowledge base to grow.
 */
type Reply = { text: string; engine: AnswerEngine; verdict: GuardVerdict | null; status: ChatSystemStatus; suggestions?: Suggestion[]; unanswered?: Unanswered };

/**
 * Warren AI's conversations: starts chats, and answers each question through the compliance guard (before any engine
 * sees it), an engine (the language model when one is configured and answers in time, else the built-in engine), and
 * the guard's output rail (before anything leaves). A question and its answer are stored together before the answer is
 * sent, so an acknowledged exchange survives a restart.
 */
@Injectable()
export class ChatService {
  private readonly logger = new Logger(ChatService.name);
  private readonly knowledge = KnowledgeBase.load();

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly guard: ComplianceGuard,
    private readonly conversations: ConversationsRepository,
    private readonly groundingClient: GroundingClient,
    private readonly llm: LlmEngine,
    private readonly audit: AuditTrail,
  ) {}

  /** Under the `registered` compliance profile, the research analyst the opening message names. */
  private get analyst(): ResearchAnalyst | null {
    const { COMPLIANCE_PROFILE, RA_REGISTRATION_NUMBER, RA_NAME, RA_VALID_UNTIL } = this.config;
    return COMPLIANCE_PROFILE === 'registered' ? { registration_number: RA_REGISTRATION_NUMBER!, name: RA_NAME!, valid_until: RA_VALID_UNTIL! } : null;
  }

  /** The status a chat reports when nothing went wrong: online with a language model, else the built-in engine. */
  private get baseStatus(): ChatSystemStatus {
    return this.llm.configured ? 'online' : 'offline_mode';
  }

  async start(chatType: ChatType, requestedTicker?: string): Promise<ChatStartResponse> {
    const ticker = chatType === 'technical' ? (requestedTicker ?? DEFAULT_TICKER).trim().toUpperCase() : null;
    const grounding = ticker ? await this.groundingClient.requireTicker(ticker) : await this.sentimentGrounding();
    const context = { id: randomUUID(), session_id: randomUUID(), chat_type: chatType, ticker, at: new Date() };
    await this.conversations.createContext(context);
    return {
      session_id: context.session_id,
      context_id: context.id,
      chat_type: chatType,
      ticker,
      message: greeting(grounding, this.analyst),
      compliance_note: COMPLIANCE_NOTE,
      system_status: this.baseStatus,
    };
  }

  async query(chatType: ChatType, { context_id, session_id, user_query }: ChatQueryRequest): Promise<ChatQueryResponse> {
    const activeSince = new Date(Date.now() - this.config.CHAT_CONTEXT_IDLE_HOURS * HOUR_MS);
    const context = await this.conversations.findActive(context_id, session_id, chatType, activeSince).catch(() => null);
    if (!context) throw new DomainError('not_found', CONTEXT_ENDED);
    const guardContext: GuardContext = { chatType, ...(context.ticker ? { ticker: context.ticker } : {}) };

    const question = this.guard.checkQuestion(user_query, guardContext);
    const reply: Reply = question.blocked
      ? { text: question.block_reason ?? '', engine: 'guard', verdict: question, status: this.baseStatus }
      : await this.answer(user_query, context.id, chatType, context.ticker, guardContext);

    const at = new Date();
    await this.conversations.appendExchange(
      context.id,
      at,
      { role: 'user', content: user_query, blocked: question.blocked, category: question.category },
      { role: 'assistant', content: reply.text, blocked: reply.verdict !== null, category: reply.verdict?.category ?? null, engine: reply.engine },
      reply.unanswered ?? null,
    );
    const response: ChatQueryResponse = {
      response: reply.text,
      timestamp: at.toISOString(),
      compliance_note: COMPLIANCE_NOTE,
      disclaimer: DISCLAIMER,
      blocked: reply.verdict !== null,
      block_reason: reply.verdict?.block_reason ?? null,
      alternative_suggestion: reply.verdict?.alternative_suggestion ?? null,
      suggested_topics: reply.verdict ? [] : (reply.suggestions ?? []).map(({ title, question }) => ({ title, question })),
      system_status: reply.status,
    };
    if (this.analyst) {
      // The registered profile's audit record, kept before the answer is sent. Chats belong to no account: the record
      // names the conversation by its random id, and no person.
      await this.audit.record({
        kind: 'chat_answer',
        subject: context.ticker,
        data_version: await this.groundingClient.version(),
        model: ENGINE_NAMES[reply.engine] ?? this.config.LLM_MODEL,
        shown: { chat_type: chatType, context_id: context.id, question: user_query, ...response },
        at,
      });
    }
    return response;
  }

  /** Deletes conversations whose last message is older than the retention period. */
  purgeExpired(now = new Date()): Promise<number> {
    return this.conversations.purgeInactiveBefore(new Date(now.getTime() - this.config.CHAT_RETENTION_DAYS * 24 * HOUR_MS));
  }

  private async answer(question: string, contextId: string, chatType: ChatType, ticker: string | null, guardContext: GuardContext): Promise<Reply> {
    // A question naming another stock gets that stock's figures, in any chat: they are fetched beside the chat's own.
    const named = otherStock(question, { chatType, ticker, company: null }, this.knowledge);
    const [grounding, previous, other] = await Promise.all([
      this.groundingClient.grounding(chatType, ticker).catch((error: unknown) => {
        this.logger.warn(`grounding unavailable: ${error instanceof Error ? error.message : String(error)}`);
        return { chatType, ticker, company: null } satisfies Grounding;
      }),
      this.conversations.recentMessages(contextId, HISTORY_TURNS),
      named ? this.groundingClient.grounding('technical', named.symbol).catch(() => null) : Promise.resolve(undefined),
    ]);
    const history: Turn[] = previous.map((message) => ({ role: message.role, content: message.content }));

    // A language model explains only from the guide the retrieval is sure of, and says so when there is none.
    const found = this.llm.configured ? find(this.knowledge, question, chatType) : null;
    const guides = found?.confident ? found.matches.slice(0, 1).map(({ article }) => ({ title: article.title, text: article.body })) : [];
    const modelText = found ? await this.llm.answer(question, groundingFacts(grounding), history, guides).catch(() => null) : null;
    const engine: AnswerEngine = modelText !== null ? 'llm' : 'builtin';
    const builtin = modelText === null ? answer({ question, grounding, history, knowledge: this.knowledge, other }) : null;
    const text: string = modelText ?? builtin!.text;
    const status: ChatSystemStatus = engine === 'llm' ? 'online' : 'offline_mode';

    if (squash(text).includes(squash(SYSTEM_PROMPT_CANARY))) {
      return { text: LEAK_REASON, engine, status, verdict: { blocked: true, category: 'prompt_injection', block_reason: LEAK_REASON, alternative_suggestion: LEAK_SUGGESTION } };
    }
    const rail = this.guard.checkAnswer(text, guardContext);
    if (rail.blocked) return { text: rail.block_reason ?? '', engine, status, verdict: rail };
    const abstained = builtin ? builtin.abstained === true : saysNoGuide(text);
    if (!abstained) return { text, engine, status, verdict: null };
    const suggestions = builtin?.suggestions ?? (found ? nearestTopics(this.knowledge, found) : []);
    return { text, engine, status, verdict: null, suggestions, unanswered: { question: withoutPersonalData(question), chat_type: chatType, nearest: suggestions.map(({ id }) => id) } };
  }

  private sentimentGrounding(): Promise<Grounding> {
    return this.groundingClient.grounding('sentiment', null).catch(() => ({ chatType: 'sentiment', ticker: null, company: null }) satisfies Grounding);
  }
}
