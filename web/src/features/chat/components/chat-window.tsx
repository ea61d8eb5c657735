import type { ChatType } from '@nivesh/proto';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { Icon } from '../../../components/icons';
import { useChatWindow } from '../hooks/use-chat-window';
import type { ChatWindowPlacement } from '../hooks/use-chat-window';
import { CHAT_TYPE_NAMES } from '../texts';
import type { ChatRect, Viewport } from '../widget-geometry';
import { keyDelta, movedRect, resizedRect } from '../widget-geometry';
import { ChatPanel } from './chat-panel';
import './chat-window.css';

/** Small line drawings for the window's own controls (decorative; each control has its label). */
function WindowIcon({ children }: { children: ReactNode }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

const MAXIMIZE_ICON = <rect x="4" y="4" width="16" height="16" rx="2" />;
const RESTORE_ICON = (
  <>
    <rect x="4" y="8" width="12" height="12" rx="2" />
    <path d="M8 8V5a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-3" />
  </>
);
const GRIP_ICON = (
  <>
    <circle cx="9" cy="6" r="1" />
    <circle cx="15" cy="6" r="1" />
    <circle cx="9" cy="12" r="1" />
    <circle cx="15" cy="12" r="1" />
    <circle cx="9" cy="18" r="1" />
    <circle cx="15" cy="18" r="1" />
  </>
);

type Reshape = (start: ChatRect, dx: number, dy: number, viewport: Viewport) => ChatRect;

/**
 * Pointer dragging and arrow keys for one handle: `reshape` turns the pointer's travel into the window's new
 * place (moved, or resized), which is shown as it changes and saved when the drag ends.
 */
const useHandle = ({ rect, viewport, place }: ChatWindowPlacement, reshape: Reshape) => {
  const drag = useRef<{ x: number; y: number; start: ChatRect; last: ChatRect } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || (event.target instanceof Element && event.target.closest('button'))) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, start: rect, last: rect };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    current.last = reshape(current.start, event.clientX - current.x, event.clientY - current.y, viewport);
    place(current.last, false);
  };
  const onPointerEnd = () => {
    const current = drag.current;
    if (!current) return;
    drag.current = null;
    place(current.last, true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const delta = keyDelta(event.key, event.shiftKey);
    if (!delta) return;
    event.preventDefault();
    event.stopPropagation();
    place(reshape(rect, delta[0], delta[1], viewport), true);
  };
  return { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onLostPointerCapture: onPointerEnd, onKeyDown };
};

export type ChatWindowProps = {
  id: string;
  type: ChatType;
  ticker: string | null;
  /** Minimized: the window stays mounted, hidden, so the conversation goes on when it is opened again. */
  hidden: boolean;
  onMinimize: () => void;
  onClose: () => void;
};

/**
 * Warren AI's floating window: a header to drag it by (or move it with the arrow keys), maximize, minimize and
 * close buttons, the conversation, and a bottom left corner to resize it from. Its place is kept in local storage.
 */
export function ChatWindow({ id, type, ticker, hidden, onMinimize, onClose }: ChatWindowProps) {
  const placement = useChatWindow();
  const { rect, maximized, toggleMaximized } = placement;
  const { onKeyDown: onMoveKey, ...dragHeader } = useHandle(placement, movedRect);
  const resizer = useHandle(placement, resizedRect);
  const titleId = useId();
  const moveHintId = useId();
  const resizeHintId = useId();
  const windowRef = useRef<HTMLElement>(null);
  const subtitle = type === 'technical' && ticker ? `${CHAT_TYPE_NAMES.technical.subtitle} · ${ticker}` : CHAT_TYPE_NAMES[type].subtitle;

  // Focus moves into the window whenever it opens.
  useEffect(() => {
    if (!hidden) windowRef.current?.focus();
  }, [hidden]);

  return (
    <section
      id={id}
      ref={windowRef}
      className="floating-chat"
      hidden={hidden}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-chat-type={type}
      data-maximized={maximized || undefined}
      style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onMinimize();
      }}
    >
      <header className="floating-chat-head" {...dragHeader}>
        <div className="floating-chat-grip" role="button" tabIndex={0} aria-label="Move chat" aria-describedby={moveHintId} onKeyDown={onMoveKey}>
          <WindowIcon>{GRIP_ICON}</WindowIcon>
        </div>
        <div className="floating-chat-heading">
          <h2 id={titleId}>Warren AI</h2>
          <p className="floating-chat-type">{subtitle}</p>
        </div>
        <div className="floating-chat-actions">
          <button type="button" className="icon-only" aria-label={maximized ? 'Restore chat size' : 'Maximize chat'} onClick={toggleMaximized}>
            <WindowIcon>{maximized ? RESTORE_ICON : MAXIMIZE_ICON}</WindowIcon>
          </button>
          <button type="button" className="icon-only" aria-label="Minimize chat" onClick={onMinimize}>
            <Icon name="minus" />
          </button>
          <button type="button" className="icon-only" aria-label="Close chat" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
      </header>
      <div className="floating-chat-body">
        <ChatPanel type={type} ticker={ticker} />
      </div>
      <div className="floating-chat-resize" role="button" tabIndex={0} aria-label="Resize chat" aria-describedby={resizeHintId} {...resizer} />
      <p id={moveHintId} className="visually-hidden">
        Drag the header, or press the arrow keys here, to move the chat.
      </p>
      <p id={resizeHintId} className="visually-hidden">
        Drag this corner, or press the arrow keys here, to resize the chat from its bottom left corner.
      </p>
    </section>
  );
}

export default ChatWindow;
