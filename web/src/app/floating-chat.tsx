import { Icon } from '../components/icons';
import { PENDING } from '../lib/pending';
import './floating-chat.css';

/** The chat type the floating chat is forced to on a page, or null where it is closed (section 4). */
export type FloatingChatType = 'technical' | 'sentiment';
export type FloatingChatState = 'closed' | 'minimized' | 'open';

/** The floating chat appears only on the technical-analysis and market-sentiment pages. */
export const floatingChatTypeFor = (pathname: string): FloatingChatType | null => {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/technical-analysis') return 'technical';
  if (path === '/market-sentiment') return 'sentiment';
  return null;
};

/** What the sidebar's AI Assistant does to the floating chat: open it unless it is open. */
export const toggledFloatingChat = (state: FloatingChatState): FloatingChatState => (state === 'open' ? 'closed' : 'open');

const TYPE_LABELS: Record<FloatingChatType, string> = {
  technical: 'Technical analysis chat',
  sentiment: 'Market sentiment chat',
};

type FloatingChatProps = {
  type: FloatingChatType;
  state: FloatingChatState;
  onStateChange: (state: FloatingChatState) => void;
};

export const FLOATING_CHAT_ID = 'floating-chat';

/** Warren AI's floating window: a bubble when minimized, a panel when open, nothing when closed. */
export function FloatingChat({ type, state, onStateChange }: FloatingChatProps) {
  if (state === 'closed') return null;
  if (state === 'minimized') {
    return (
      <button type="button" className="chat-bubble" aria-label="Open Warren AI chat" onClick={() => onStateChange('open')}>
        <Icon name="message" />
      </button>
    );
  }
  return (
    <section
      id={FLOATING_CHAT_ID}
      className="floating-chat"
      aria-labelledby="floating-chat-title"
      data-chat-type={type}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onStateChange('minimized');
      }}
    >
      <header className="floating-chat-head">
        <div>
          <h2 id="floating-chat-title">Warren AI</h2>
          <p className="floating-chat-type">{TYPE_LABELS[type]}</p>
        </div>
        <div className="floating-chat-actions">
          <button type="button" className="icon-only" aria-label="Minimize chat" onClick={() => onStateChange('minimized')}>
            <Icon name="minus" />
          </button>
          <button type="button" className="icon-only" aria-label="Close chat" onClick={() => onStateChange('closed')}>
            <Icon name="close" />
          </button>
        </div>
      </header>
      <div className="floating-chat-body">
        <p>{PENDING.chat}</p>
      </div>
    </section>
  );
}
