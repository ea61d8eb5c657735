import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../components/icons';
import { useOpenedOnce } from '../hooks/use-opened-once';
import { useSelectedSymbol } from '../lib/market/selected-symbol';
import './floating-chat.css';

// The window, the conversation and its markdown renderer load when the chat is first opened (or about to be:
// the bubble is pointed at or focused), never with the page.
const loadChatWindow = () => import('../features/chat/components/chat-window');
const ChatWindow = lazy(loadChatWindow);
const preloadChatWindow = () => void loadChatWindow().catch(() => undefined);

/** The chat type the floating chat is forced to on a page, or null where it is closed (section 4). */
export type FloatingChatType = 'technical' | 'sentiment';
export type FloatingChatState = 'closed' | 'minimized' | 'open';

/**
 * Section 4: technical on the technical-analysis page; sentiment on the market-sentiment page and the dashboard
 * (/ and /dashboard); no floating chat anywhere else (the sidebar's AI Assistant opens /chat there).
 */
export const floatingChatTypeFor = (pathname: string): FloatingChatType | null => {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/technical-analysis') return 'technical';
  if (path === '/market-sentiment' || path === '/dashboard' || path === '/') return 'sentiment';
  return null;
};

/** What the sidebar's AI Assistant does to the floating chat: open it unless it is open. */
export const toggledFloatingChat = (state: FloatingChatState): FloatingChatState => (state === 'open' ? 'closed' : 'open');

export const FLOATING_CHAT_ID = 'floating-chat';

type FloatingChatProps = {
  type: FloatingChatType;
  state: FloatingChatState;
  onStateChange: (state: FloatingChatState) => void;
  /** Where the bubble goes: the layout's dock of floating controls (null until it is on the page); in place without. */
  dock?: HTMLElement | null;
};

/**
 * Warren AI's floating chat: a bubble when minimized, a window when open, nothing when closed. Minimizing keeps
 * the conversation. The technical chat is about the stock the page shows (its `?symbol=`); a window minimized on
 * one stock follows the page's stock when it is opened again.
 */
export function FloatingChat({ type, state, onStateChange, dock }: FloatingChatProps) {
  const [symbol] = useSelectedSymbol();
  const ticker = type === 'technical' ? symbol : null;
  const open = state === 'open';
  const opened = useOpenedOnce(open);
  const [chatFor, setChatFor] = useState({ type, ticker });
  if (open && (chatFor.type !== type || chatFor.ticker !== ticker)) setChatFor({ type, ticker });

  const bubbleRef = useRef<HTMLButtonElement>(null);
  const previous = useRef(state);
  // Minimizing the window gives focus back to the bubble (the window takes it when it opens).
  useEffect(() => {
    if (state === 'minimized' && previous.current === 'open') bubbleRef.current?.focus();
    previous.current = state;
  }, [state]);

  if (state === 'closed') return null;
  const bubble =
    state === 'minimized' ? (
      <button
        ref={bubbleRef}
        type="button"
        className="chat-bubble"
        aria-label="Open Warren AI chat"
        onClick={() => onStateChange('open')}
        onPointerEnter={preloadChatWindow}
        onFocus={preloadChatWindow}
      >
        <Icon name="message" />
      </button>
    ) : null;
  return (
    <>
      {dock === undefined ? bubble : dock && bubble ? createPortal(bubble, dock) : null}
      {opened ? (
        <Suspense
          fallback={
            <p className="chat-bubble-loading" role="status">
              Loading Warren AI...
            </p>
          }
        >
          <ChatWindow
            id={FLOATING_CHAT_ID}
            type={chatFor.type}
            ticker={chatFor.ticker}
            hidden={!open}
            onMinimize={() => onStateChange('minimized')}
            onClose={() => onStateChange('closed')}
          />
        </Suspense>
      ) : null}
    </>
  );
}
