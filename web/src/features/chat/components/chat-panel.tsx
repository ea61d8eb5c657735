import type { ChatType } from '@nivesh/proto';
import { useEffect, useRef, useState } from 'react';
import { chatKey, isOfflineMode, standingNotes } from '../chat-state';
import { useChat } from '../hooks/use-chat';
import { CHAT_TEXTS, USER_QUERY_MAX_LENGTH, shownPrompts, suggestedPrompts } from '../texts';
import { ChatGreeting, ChatMessageView } from './chat-message';
import { ChatInput } from './chat-input';
import { SuggestedPrompts } from './suggested-prompts';
import './chat.css';

export type ChatPanelProps = {
  type: ChatType;
  /** The technical chat's stock; ignored for sentiment chats. */
  ticker: string | null;
};

/** A line that says work is under way: 'Starting the chat...' or 'Thinking...'. */
function Pending({ text }: { text: string }) {
  return (
    <p className="chat-pending" role="status">
      <span className="chat-dots" aria-hidden="true" />
      {text}
    </p>
  );
}

/**
 * Warren AI's conversation: the messages with the compliance notes under the newest, two suggested questions and
 * the input. The /chat page and the floating window both show it; a new type or ticker starts a new chat.
 */
export function ChatPanel({ type, ticker }: ChatPanelProps) {
  const chatTicker = type === 'technical' ? ticker : null;
  const chat = useChat(type, chatTicker);
  const key = chatKey(type, chatTicker);
  const [draft, setDraft] = useState('');
  const [uses, setUses] = useState({ key, count: 0 });
  const promptUses = uses.key === key ? uses.count : 0;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  const standing = standingNotes(chat);
  const offline = isOfflineMode(chat);
  const prompts = shownPrompts(suggestedPrompts(type, chatTicker), promptUses);
  const starting = chat.status === 'not_started' || chat.status === 'initialising';

  // The newest message, and the notes under it, stay in view.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [chat.messages.length, chat.sending, chat.session, offline]);

  // The input is disabled while an answer is pending; the visitor who asked gets it back when the answer is in.
  useEffect(() => {
    if (!chat.canSend || !refocus.current) return;
    refocus.current = false;
    inputRef.current?.focus();
  }, [chat.canSend]);

  const submit = () => {
    if (!chat.send(draft)) return;
    refocus.current = true;
    setDraft('');
  };

  const pick = (prompt: string) => {
    if (!chat.send(prompt)) return;
    refocus.current = true;
    setUses({ key, count: promptUses + 1 });
  };

  const askTopic = (question: string) => {
    if (chat.send(question)) refocus.current = true;
  };

  const suggest = (text: string) => {
    setDraft(text.slice(0, USER_QUERY_MAX_LENGTH));
    inputRef.current?.focus();
  };

  return (
    <div className="chat-panel" data-status={chat.status}>
      {/* The notes follow the newest message, so they are in view whenever the conversation is. */}
      <div ref={scrollRef} className="chat-scroll" tabIndex={0} aria-label={CHAT_TEXTS.conversationLabel} role="region">
        <div className="chat-log" role="log" aria-label={CHAT_TEXTS.messagesLabel}>
          {chat.session ? <ChatGreeting text={chat.session.greeting} /> : null}
          {chat.messages.map((message) => (
            <ChatMessageView key={message.id} message={message} standing={standing} onSuggestion={suggest} onTopic={askTopic} />
          ))}
          {starting ? <Pending text={CHAT_TEXTS.starting} /> : null}
          {chat.sending ? <Pending text={CHAT_TEXTS.thinking} /> : null}
          {chat.status === 'failed' ? (
            <button type="button" className="secondary chat-retry" onClick={chat.retry}>
              {CHAT_TEXTS.retry}
            </button>
          ) : null}
        </div>
        {offline || standing.complianceNote || standing.disclaimer ? (
          <div className="chat-notes" data-testid="chat-notes">
            {offline ? (
              <p className="chat-offline" role="note">
                {CHAT_TEXTS.offline}
              </p>
            ) : null}
            {standing.complianceNote ? <p>{standing.complianceNote}</p> : null}
            {standing.disclaimer ? <p>{standing.disclaimer}</p> : null}
          </div>
        ) : null}
      </div>
      <SuggestedPrompts prompts={prompts} disabled={!chat.canSend} onPick={pick} />
      <ChatInput value={draft} onChange={setDraft} onSend={submit} disabled={!chat.canSend} inputRef={inputRef} />
    </div>
  );
}

export default ChatPanel;
