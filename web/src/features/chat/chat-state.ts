/**
 * The chat's state machine (section 4): not started → initialising → ready (session and context ids) or failed
 * (a system notice). A new chat type or ticker is a new chat: `starting` clears everything for its key, and
 * actions of an older key are ignored, so a late answer never lands in the wrong conversation.
 */
import type { ChatQueryResponse, ChatStartResponse, ChatSystemStatus, ChatTopicSuggestion, ChatType } from '@nivesh/proto';
import type { ChatNotice } from './texts';

export type ChatMessageType = 'user' | 'bot' | 'blocked' | 'error' | 'system';

/** One message of the conversation (section 3); `title` heads a system notice. */
export type ChatMessage = {
  id: string;
  type: ChatMessageType;
  content: string;
  timestamp: string;
  title?: string;
  compliance_note?: string;
  disclaimer?: string;
  blocked?: boolean;
  block_reason?: string | null;
  alternative_suggestion?: string | null;
  /** Topics Warren AI has guides on, offered when it had none on the question. */
  suggested_topics?: ChatTopicSuggestion[];
  system_status?: ChatSystemStatus;
};

/** A started chat: its ids, the greeting and the notes it started with. */
export type ChatSession = {
  session_id: string;
  context_id: string;
  greeting: string;
  compliance_note: string;
  system_status: ChatSystemStatus;
};

export type ChatStatus = 'not_started' | 'initialising' | 'ready' | 'failed';

/**
 * `messages` is the conversation only. The greeting is the session's and is shown before them, so "ready with no
 * messages" (when the opening question is sent) means nothing has been asked in this chat yet.
 */
export type ChatState = {
  key: string;
  status: ChatStatus;
  session: ChatSession | null;
  messages: ChatMessage[];
  sending: boolean;
};

export type ChatAction =
  | { type: 'starting'; key: string }
  | { type: 'started'; key: string; session: ChatSession }
  | { type: 'startFailed'; key: string; notice: ChatMessage }
  | { type: 'asked'; key: string; message: ChatMessage }
  | { type: 'answered'; key: string; message: ChatMessage }
  | { type: 'askFailed'; key: string; message: ChatMessage }
  | { type: 'restarted'; key: string; session: ChatSession; notice: ChatMessage }
  | { type: 'restartFailed'; key: string; notice: ChatMessage };

/** What makes a chat a new one: its type and, for technical chats, the ticker. */
export const chatKey = (type: ChatType, ticker: string | null): string => (type === 'technical' ? `technical:${ticker ?? ''}` : 'sentiment');

export const initialChatState = (key: string): ChatState => ({ key, status: 'not_started', session: null, messages: [], sending: false });

export const chatReducer = (state: ChatState, action: ChatAction): ChatState => {
  if (action.type === 'starting') return { ...initialChatState(action.key), status: 'initialising' };
  if (action.key !== state.key) return state;
  switch (action.type) {
    case 'started':
      return { ...state, status: 'ready', session: action.session };
    case 'startFailed':
      return { ...state, status: 'failed', session: null, messages: [action.notice], sending: false };
    case 'asked':
      return { ...state, messages: [...state.messages, action.message], sending: true };
    case 'answered':
      return { ...state, messages: [...state.messages, action.message], sending: false };
    case 'askFailed':
      return { ...state, messages: [...state.messages, action.message], sending: false };
    case 'restarted':
      return { ...state, session: action.session, messages: [...state.messages, action.notice] };
    case 'restartFailed':
      return { ...state, status: 'failed', session: null, messages: [...state.messages, action.notice], sending: false };
  }
};

/** Whether a question can go now: a ready chat with a context, nothing in progress, and words in it. */
export const canAsk = (state: ChatState, query: string): boolean =>
  state.status === 'ready' && state.session !== null && !state.sending && query.trim() !== '';

let lastId = 0;
const nextId = () => `chat-message-${++lastId}`;
const now = () => new Date().toISOString();

export const userMessage = (content: string): ChatMessage => ({ id: nextId(), type: 'user', content, timestamp: now() });

export const errorMessage = (content: string): ChatMessage => ({ id: nextId(), type: 'error', content, timestamp: now() });

export const systemMessage = ({ title, content }: ChatNotice): ChatMessage => ({ id: nextId(), type: 'system', title, content, timestamp: now() });

/** An answer as a message: a bot reply, or a SEBI compliance block. */
export const answerMessage = (answer: ChatQueryResponse): ChatMessage => ({
  id: nextId(),
  type: answer.blocked ? 'blocked' : 'bot',
  content: answer.response,
  timestamp: answer.timestamp,
  compliance_note: answer.compliance_note,
  disclaimer: answer.disclaimer,
  blocked: answer.blocked,
  block_reason: answer.block_reason,
  alternative_suggestion: answer.alternative_suggestion,
  suggested_topics: answer.suggested_topics,
  system_status: answer.system_status,
});

export const sessionOf = (answer: ChatStartResponse): ChatSession => ({
  session_id: answer.session_id,
  context_id: answer.context_id,
  greeting: answer.message,
  compliance_note: answer.compliance_note,
  system_status: answer.system_status,
});

const isAnswer = (message: ChatMessage) => message.type === 'bot' || message.type === 'blocked';

/** Whether answers come from the built-in engine now: the latest answer's status, else the session's. */
export const isOfflineMode = (state: Pick<ChatState, 'session' | 'messages'>): boolean => {
  const latest = state.messages.findLast((message) => isAnswer(message) && message.system_status !== undefined);
  return (latest?.system_status ?? state.session?.system_status) === 'offline_mode';
};

/** The notes kept in view under the conversation: the chat's compliance note and the latest answer's disclaimer. */
export type StandingNotes = { complianceNote: string | null; disclaimer: string | null };

export const standingNotes = (state: Pick<ChatState, 'session' | 'messages'>): StandingNotes => {
  const latest = state.messages.findLast((message) => isAnswer(message) && Boolean(message.disclaimer));
  const complianceNote = state.session?.compliance_note || null;
  const disclaimer = latest?.disclaimer || null;
  return { complianceNote, disclaimer: disclaimer === complianceNote ? null : disclaimer };
};

/** The notes an answer shows under itself: those the standing notes do not already say, so none repeats. */
export const answerNotes = (message: ChatMessage, standing: StandingNotes): string[] => {
  const shown = new Set([standing.complianceNote, standing.disclaimer]);
  const notes: string[] = [];
  for (const note of [message.compliance_note, message.disclaimer]) {
    if (!note || shown.has(note)) continue;
    shown.add(note);
    notes.push(note);
  }
  return notes;
};
