import type { ChatType } from '@nivesh/proto';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { isAbortedError } from '../../../lib/api-client';
import { askChat, askFailure } from '../api/ask-chat';
import { startChat, startErrorNotice } from '../api/start-chat';
import type { ChatSession, ChatState } from '../chat-state';
import {
  answerMessage,
  canAsk,
  chatKey,
  chatReducer,
  errorMessage,
  initialChatState,
  sessionOf,
  systemMessage,
  userMessage,
} from '../chat-state';
import { CHAT_TEXTS, QUERY_ERRORS, USER_QUERY_MAX_LENGTH, openingQuestion } from '../texts';

export type UseChat = ChatState & {
  /** Sends a question (trimmed); false when it cannot go now: empty, too long, no context, or an answer pending. */
  send: (text: string) => boolean;
  /** Starts the chat again after it failed to start. */
  retry: () => void;
  /** Whether the input takes a question now: ready, with a context, and nothing in progress. */
  canSend: boolean;
};

/**
 * One Warren AI conversation of `type` (and `ticker` for technical chats). It starts on mount and whenever the
 * type or ticker changes (the messages are cleared), sends the opening question once the chat is ready with no
 * messages, and starts a new chat once, transparently, when the server no longer knows the context.
 */
export const useChat = (type: ChatType, ticker: string | null): UseChat => {
  const key = chatKey(type, ticker);
  const [stored, dispatch] = useReducer(chatReducer, key, initialChatState);
  // Until the effect below starts the new chat, a changed type or ticker already shows an empty one.
  const state = stored.key === key ? stored : initialChatState(key);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(state);
  const busy = useRef(false);
  const query = useRef<AbortController | null>(null);

  useLayoutEffect(() => {
    latest.current = state;
  });

  useEffect(() => {
    const controller = new AbortController();
    busy.current = false;
    dispatch({ type: 'starting', key });
    startChat(type, ticker, controller.signal).then(
      (answer) => dispatch({ type: 'started', key, session: sessionOf(answer) }),
      (error: unknown) => {
        if (!isAbortedError(error)) dispatch({ type: 'startFailed', key, notice: systemMessage(startErrorNotice(error)) });
      },
    );
    return () => {
      controller.abort();
      query.current?.abort();
      busy.current = false;
    };
  }, [key, type, ticker, attempt]);

  const ask = useCallback(
    async (session: ChatSession, text: string, signal: AbortSignal, renewed: boolean): Promise<void> => {
      try {
        const answer = await askChat(type, { context_id: session.context_id, session_id: session.session_id, user_query: text }, signal);
        dispatch({ type: 'answered', key, message: answerMessage(answer) });
        return;
      } catch (error) {
        if (isAbortedError(error)) return;
        const failure = askFailure(error);
        if (failure.kind === 'notice') {
          dispatch({ type: 'askFailed', key, message: systemMessage(failure.notice) });
          return;
        }
        if (failure.kind === 'error' || renewed) {
          dispatch({ type: 'askFailed', key, message: errorMessage(failure.kind === 'error' ? failure.content : QUERY_ERRORS.generic) });
          return;
        }
      }
      // The context expired: a new chat, said once, then the same question again.
      let fresh: ChatSession;
      try {
        fresh = sessionOf(await startChat(type, ticker, signal));
      } catch (error) {
        if (!isAbortedError(error)) dispatch({ type: 'restartFailed', key, notice: systemMessage(startErrorNotice(error)) });
        return;
      }
      dispatch({ type: 'restarted', key, session: fresh, notice: systemMessage(CHAT_TEXTS.expired) });
      await ask(fresh, text, signal, true);
    },
    [key, type, ticker],
  );

  const send = useCallback(
    (text: string): boolean => {
      const current = latest.current;
      const question = text.trim();
      if (busy.current || current.key !== key || !canAsk(current, question) || question.length > USER_QUERY_MAX_LENGTH) return false;
      const session = current.session;
      if (!session) return false;
      busy.current = true;
      const controller = new AbortController();
      query.current = controller;
      dispatch({ type: 'asked', key, message: userMessage(question) });
      void ask(session, question, controller.signal, false).finally(() => {
        if (query.current === controller) busy.current = false;
      });
      return true;
    },
    [key, ask],
  );

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  const { status, messages, sending } = state;
  const opening = status === 'ready' && messages.length === 0 && !sending;
  // Before paint, so the input never shows enabled between the greeting and the opening question.
  useLayoutEffect(() => {
    if (opening) send(openingQuestion(type, ticker));
  }, [opening, send, type, ticker]);

  const canSend = status === 'ready' && state.session !== null && !sending && !opening;
  return { ...state, send, retry, canSend };
};
