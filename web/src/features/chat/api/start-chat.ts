import type { ChatStartResponse, ChatType } from '@nivesh/proto';
import { ApiError, apiPost, parseWith } from '../../../lib/api-client';
import type { ChatNotice } from '../texts';
import { START_ERRORS } from '../texts';
import { CHAT_PATHS } from '@nivesh/proto/values';

/** Starting a chat waits this long (the server's own deadline is 15 s). */
const START_TIMEOUT_MS = 20_000;

/**
 * POST /chat/sentiment/start with an empty body, or /chat/technical/start with the ticker: a new chat's ids and
 * greeting. No bearer token is sent (section 7).
 */
export const startChat = (type: ChatType, ticker: string | null, signal?: AbortSignal): Promise<ChatStartResponse> =>
  apiPost(type === 'technical' ? CHAT_PATHS.chatTechnicalStart : CHAT_PATHS.chatSentimentStart, type === 'technical' && ticker ? { ticker } : {}, {
    parse: parseWith((c) => c.ChatStartResponseSchema),
    signal,
    timeoutMs: START_TIMEOUT_MS,
    anonymous: true,
  });

const SERVICE_UNAVAILABLE = /\b503\b|service_unavailable/i;

/**
 * Section 8's notice for a chat that could not start. A 404 or an unlisted status keeps its title and says the
 * server's own words when they are meant for people (e.g. an unknown ticker); the other titles keep their sentence.
 */
export const startErrorNotice = (error: unknown): ChatNotice => {
  const message = error instanceof Error ? error.message : String(error);
  const status = error instanceof ApiError ? error.status : 0;
  const serverText = error instanceof ApiError && error.kind === 'http' && error.fromServer ? error.message : null;
  if (status === 503 || SERVICE_UNAVAILABLE.test(message)) return START_ERRORS.configuring;
  if (status === 500) return START_ERRORS.serverError;
  if (status === 404) return { ...START_ERRORS.notFound, content: serverText ?? START_ERRORS.notFound.content };
  if ((error instanceof ApiError && error.kind === 'network') || /failed to fetch/i.test(message)) return START_ERRORS.connection;
  return { ...START_ERRORS.unavailable, content: serverText ?? START_ERRORS.unavailable.content };
};
