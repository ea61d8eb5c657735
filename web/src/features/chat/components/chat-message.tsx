import type { ChatMessage, StandingNotes } from '../chat-state';
import { answerNotes } from '../chat-state';
import { CHAT_TEXTS } from '../texts';
import { AnswerMarkdown } from './answer-markdown';

type ChatMessageViewProps = {
  message: ChatMessage;
  standing: StandingNotes;
  /** Puts a suggested question in the input. */
  onSuggestion: (text: string) => void;
  /** Asks a suggested topic's question. */
  onTopic: (question: string) => void;
};

/** The nearest topics Warren AI has guides on, as buttons that ask about them. */
function TopicButtons({ message, onTopic }: Pick<ChatMessageViewProps, 'message' | 'onTopic'>) {
  const topics = message.suggested_topics ?? [];
  if (topics.length === 0) return null;
  return (
    <div className="chat-prompts chat-topics" role="group" aria-label={CHAT_TEXTS.nearestTopics}>
      {topics.map((topic) => (
        <button key={topic.title} type="button" className="chat-prompt" onClick={() => onTopic(topic.question)}>
          {topic.title}
        </button>
      ))}
    </div>
  );
}

/** The notes an answer carries that the chat does not already show below the conversation. */
function AnswerNotes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <div className="chat-answer-notes">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}

/** A refused question: 'SEBI Compliance Block', the reason, and an educational question to ask instead. */
function BlockCard({ message, onSuggestion }: Pick<ChatMessageViewProps, 'message' | 'onSuggestion'>) {
  const reason = message.block_reason?.trim() || null;
  const explanation = message.content.trim() !== '' && message.content.trim() !== reason ? message.content : null;
  return (
    <section className="chat-message" data-type="blocked" aria-label={CHAT_TEXTS.blockTitle}>
      <p className="chat-block-title">{CHAT_TEXTS.blockTitle}</p>
      {reason ? <p className="chat-block-reason">{reason}</p> : null}
      {explanation ? <AnswerMarkdown text={explanation} /> : null}
      {message.alternative_suggestion ? (
        <div className="chat-block-suggestion">
          <p>{CHAT_TEXTS.tryInstead}</p>
          <button type="button" className="chat-prompt" onClick={() => onSuggestion(message.alternative_suggestion ?? '')}>
            {message.alternative_suggestion}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** One message of the conversation, drawn by its type: user, bot, blocked, error or system. */
export function ChatMessageView({ message, standing, onSuggestion, onTopic }: ChatMessageViewProps) {
  switch (message.type) {
    case 'user':
      return (
        <div className="chat-message" data-type="user">
          <span className="visually-hidden">You: </span>
          <p className="chat-text">{message.content}</p>
        </div>
      );
    case 'bot':
      return (
        <div className="chat-message" data-type="bot">
          <span className="visually-hidden">Warren AI: </span>
          <AnswerMarkdown text={message.content} />
          <TopicButtons message={message} onTopic={onTopic} />
          <AnswerNotes notes={answerNotes(message, standing)} />
        </div>
      );
    case 'blocked':
      return <BlockCard message={message} onSuggestion={onSuggestion} />;
    case 'error':
      return (
        <div className="chat-message" data-type="error">
          <p className="chat-text">{message.content}</p>
        </div>
      );
    case 'system':
      return (
        <div className="chat-message" data-type="system">
          {message.title ? <p className="chat-notice-title">{message.title}</p> : null}
          <p className="chat-text">{message.content}</p>
        </div>
      );
  }
}

/** The greeting a chat starts with, drawn as Warren AI's first message. */
export function ChatGreeting({ text }: { text: string }) {
  return (
    <div className="chat-message" data-type="bot" data-greeting="true">
      <span className="visually-hidden">Warren AI: </span>
      <AnswerMarkdown text={text} />
    </div>
  );
}
