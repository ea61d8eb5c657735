import { useCallback, useState } from 'react';
import type { FloatingChatState, FloatingChatType } from '../floating-chat';

/** The floating chat's state on this page; it starts as a bubble on each chat page and is closed elsewhere. */
export const useFloatingChat = (type: FloatingChatType | null) => {
  const [state, setState] = useState<{ type: FloatingChatType | null; chat: FloatingChatState }>({ type, chat: 'minimized' });
  if (state.type !== type) setState({ type, chat: 'minimized' });
  const chat: FloatingChatState = type === null ? 'closed' : state.type === type ? state.chat : 'minimized';
  const setChat = useCallback((next: FloatingChatState) => setState({ type, chat: next }), [type]);
  return [chat, setChat] as const;
};
