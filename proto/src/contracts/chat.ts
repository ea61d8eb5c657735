import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc, systemPatterns } from '../rpc';
import { DEFAULT_TICKER, EmptyBodySchema, IdSchema, IsoDateTimeSchema, TickerSchema } from './common';
import { CHAT_PATHS } from '../values/chat';

const TAG = 'chat';
export const USER_QUERY_MAX_LENGTH = 2_000;

export const CHAT_TYPES = ['sentiment', 'technical'] as const;
export const ChatTypeSchema = z.enum(CHAT_TYPES);
export type ChatType = z.infer<typeof ChatTypeSchema>;

/** `offline_mode`: the language model is unreachable and the built-in educational engine answers. */
export const CHAT_SYSTEM_STATUSES = ['online', 'offline_mode'] as const;
export const ChatSystemStatusSchema = z.enum(CHAT_SYSTEM_STATUSES);
export type ChatSystemStatus = z.infer<typeof ChatSystemStatusSchema>;

// ---- bodies ---------------------------------------------------------------------------------

export const ChatSentimentStartRequestSchema = EmptyBodySchema;
export type ChatSentimentStartRequest = z.infer<typeof ChatSentimentStartRequestSchema>;

export const ChatTechnicalStartRequestSchema = z.object({ ticker: TickerSchema.default(DEFAULT_TICKER) });
export type ChatTechnicalStartRequest = z.infer<typeof ChatTechnicalStartRequestSchema>;

/** A new chat: its ids and the assistant's greeting. */
export const ChatStartResponseSchema = z.object({
  session_id: IdSchema,
  context_id: IdSchema,
  chat_type: ChatTypeSchema,
  /** The technical chat's symbol; null for sentiment chats. */
  ticker: z.string().nullable(),
  message: z.string(),
  compliance_note: z.string(),
  system_status: ChatSystemStatusSchema,
});
export type ChatStartResponse = z.infer<typeof ChatStartResponseSchema>;

export const ChatQueryRequestSchema = z.object({
  context_id: IdSchema,
  session_id: IdSchema,
  user_query: z
    .string()
    .trim()
    .min(1, { error: 'Message is empty' })
    .max(USER_QUERY_MAX_LENGTH, { error: `Message must be at most ${USER_QUERY_MAX_LENGTH} characters` }),
});
export type ChatQueryRequest = z.infer<typeof ChatQueryRequestSchema>;

/**
 * One answer. When `blocked` (the compliance guard refused, e.g. a buy/sell call or a price target)
 * `response` explains the refusal and `block_reason` / `alternative_suggestion` are set.
 */
/** A topic Warren AI has a guide on, offered as a button when it has none on the question asked. */
export const ChatTopicSuggestionSchema = z.object({
  /** The guide's title, the button's label. */
  title: z.string(),
  /** The question a tap asks. */
  question: z.string(),
});
export type ChatTopicSuggestion = z.infer<typeof ChatTopicSuggestionSchema>;

export const ChatQueryResponseSchema = z.object({
  response: z.string(),
  timestamp: IsoDateTimeSchema,
  compliance_note: z.string(),
  disclaimer: z.string(),
  blocked: z.boolean(),
  block_reason: z.string().nullable(),
  alternative_suggestion: z.string().nullable(),
  /** When Warren AI has no guide on the question: the three nearest topics it has guides on (else empty). */
  suggested_topics: z.array(ChatTopicSuggestionSchema).max(3),
  system_status: ChatSystemStatusSchema,
});
export type ChatQueryResponse = z.infer<typeof ChatQueryResponseSchema>;

// ---- AI News summaries (called by the market service; no HTTP route) -----------------------------

/** Press items summarised in one call. */
export const NEWS_SUMMARY_BATCH_MAX = 20;
/** A summary is one line of at most this many characters. */
export const NEWS_SUMMARY_MAX_LENGTH = 200;

/** One press item: its headline and the feed's short description, the only text a summary may be written from. */
export const NewsSummaryInputSchema = z.object({
  id: z.string().min(1).max(200),
  headline: z.string().trim().min(1).max(500),
  description: z.string().trim().max(1_000).nullable(),
});
export type NewsSummaryInput = z.infer<typeof NewsSummaryInputSchema>;

export const NewsSummaryRequestSchema = z.object({ items: z.array(NewsSummaryInputSchema).max(NEWS_SUMMARY_BATCH_MAX) });
export type NewsSummaryRequest = z.infer<typeof NewsSummaryRequestSchema>;

/** `llm`: the language model wrote a line (shown, or withheld by the output rail); `none`: no line was written. */
export const NEWS_SUMMARY_ENGINES = ['llm', 'none'] as const;
export const NewsSummaryEngineSchema = z.enum(NEWS_SUMMARY_ENGINES);
export type NewsSummaryEngine = z.infer<typeof NewsSummaryEngineSchema>;

/**
 * One item's summary, null when none was written (no language model configured, or it failed or was too slow) or
 * when the compliance guard's output rail withheld it (`withheld`: it read as a call to act, a target or a promise).
 */
export const NewsSummarySchema = z.object({
  id: z.string(),
  summary: z.string().max(NEWS_SUMMARY_MAX_LENGTH).nullable(),
  engine: NewsSummaryEngineSchema,
  withheld: z.boolean(),
});
export type NewsSummary = z.infer<typeof NewsSummarySchema>;

export const NewsSummaryResultSchema = z.object({ items: z.array(NewsSummarySchema) });
export type NewsSummaryResult = z.infer<typeof NewsSummaryResultSchema>;

// ---- RPC ------------------------------------------------------------------------------------

const CHAT_START_DEADLINE_MS = 15_000;
/** A language-model answer can take a while; the client does not abort chat calls. */
const CHAT_QUERY_DEADLINE_MS = 45_000;
/** A question is appended to the conversation with its answer: asked once per request. */
const CHAT_QUERY = { deadlineMs: CHAT_QUERY_DEADLINE_MS, sideEffects: true };
/** Longer than the longest LLM_TIMEOUT_MS (60 s), which bounds the chat service's work on one batch. */
const NEWS_SUMMARY_DEADLINE_MS = 65_000;

/** RPC patterns answered by services/chat. */
export const CHAT = {
  ...systemPatterns('chat'),
  sentimentStart: defineRpc('chat', 'sentimentStart', ChatSentimentStartRequestSchema, ChatStartResponseSchema, CHAT_START_DEADLINE_MS),
  technicalStart: defineRpc('chat', 'technicalStart', ChatTechnicalStartRequestSchema, ChatStartResponseSchema, CHAT_START_DEADLINE_MS),
  sentimentQuery: defineRpc('chat', 'sentimentQuery', ChatQueryRequestSchema, ChatQueryResponseSchema, CHAT_QUERY),
  technicalQuery: defineRpc('chat', 'technicalQuery', ChatQueryRequestSchema, ChatQueryResponseSchema, CHAT_QUERY),
  /** One-line summaries of AI News press items by the language model, through the output rail. */
  summariseNews: defineRpc('chat', 'summariseNews', NewsSummaryRequestSchema, NewsSummaryResultSchema, {
    deadlineMs: NEWS_SUMMARY_DEADLINE_MS,
    feature: { name: 'AI News summaries', plural: true },
  }),
};

// ---- HTTP routes ----------------------------------------------------------------------------

export const CHAT_ROUTES = {
  chatSentimentStart: defineRoute({
    method: 'POST',
    path: CHAT_PATHS.chatSentimentStart,
    tag: TAG,
    summary: 'Start a market-sentiment chat with Warren AI.',
    auth: 'none',
    input: ChatSentimentStartRequestSchema,
    response: ChatStartResponseSchema,
    rpc: CHAT.sentimentStart,
    rateLimitPerMinute: 30,
  }),
  chatTechnicalStart: defineRoute({
    method: 'POST',
    path: CHAT_PATHS.chatTechnicalStart,
    tag: TAG,
    summary: 'Start a technical-analysis chat about one NSE stock (default RELIANCE).',
    auth: 'none',
    input: ChatTechnicalStartRequestSchema,
    response: ChatStartResponseSchema,
    rpc: CHAT.technicalStart,
    rateLimitPerMinute: 30,
  }),
  chatSentimentQuery: defineRoute({
    method: 'POST',
    path: CHAT_PATHS.chatSentimentQuery,
    tag: TAG,
    summary: 'Ask the sentiment chat a question; educational answers only.',
    auth: 'none',
    input: ChatQueryRequestSchema,
    response: ChatQueryResponseSchema,
    rpc: CHAT.sentimentQuery,
    rateLimitPerMinute: 30,
  }),
  chatTechnicalQuery: defineRoute({
    method: 'POST',
    path: CHAT_PATHS.chatTechnicalQuery,
    tag: TAG,
    summary: 'Ask the technical chat a question; educational answers only.',
    auth: 'none',
    input: ChatQueryRequestSchema,
    response: ChatQueryResponseSchema,
    rpc: CHAT.technicalQuery,
    rateLimitPerMinute: 30,
  }),
};
