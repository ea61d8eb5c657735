import type { ChatQueryRequest, ChatQueryResponse, ChatType } from '@nivesh/proto';
import { ApiError, apiPost, parseWith } from '../../../lib/api-client';
import type { ChatNotice } from '../texts';
import { QUERY_ERRORS } from '../texts';
import { CHAT_PATHS } from '@nivesh/proto/values';

/** A language-model answer may take a while (the server allows 45 s); the client waits a little longer. */
const QUERY_TIMEOUT_MS = 60_000;

/** POST /chat/{sentiment|technical}/query: one question of a started chat and its answer. No bearer token (section 7). */
export const askChat = (type: ChatType, body: ChatQueryRequest, signal?: AbortSignal): Promise<ChatQueryResponse> =>
  apiPost(type === 'technical' ? CHAT_PATHS.chatTechnicalQuery : CHAT_PATHS.chatSentimentQuery, body, {
    parse: parseWith((c) => c.ChatQueryResponseSchema),
    signal,
    timeoutMs: QUERY_TIMEOUT_MS,
    anonymous: true,
  });

/** What a failed question becomes: a new chat (expired context), a system notice, or an error message. */
export type AskFailure = { kind: 'expired' } | { kind: 'notice'; notice: ChatNotice } | { kind: 'error'; content: string };

/**
 * Section 8: 503 and 500 are system notices, anything else 'Sorry, I encountered an error. Please try again.'
 * A 404 means the chat's context is unknown or expired. A 400 or 429 whose detail is written for people (a message
 * too long, too many questions a minute) says that detail: asking again at once would not help there.
 */
export const askFailure = (error: unknown): AskFailure => {
  if (!(error instanceof ApiError) || error.kind !== 'http') return { kind: 'error', content: QUERY_ERRORS.generic };
  if (error.status === 404) return { kind: 'expired' };
  if (error.status === 503) return { kind: 'notice', notice: QUERY_ERRORS.unavailable };
  if (error.status === 500) return { kind: 'notice', notice: QUERY_ERRORS.serverError };
  if ((error.status === 400 || error.status === 429) && error.fromServer) return { kind: 'error', content: error.message };
  return { kind: 'error', content: QUERY_ERRORS.generic };
};
