import { useId } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { CHAT_TEXTS, COUNTER_FROM_LENGTH, USER_QUERY_MAX_LENGTH, characterCount } from '../texts';

type ChatInputProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** While an answer is pending or the chat has no context. */
  disabled: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
};

/** The question box: Enter sends, Shift+Enter adds a line; at most 2,000 characters, counted near the limit. */
export function ChatInput({ value, onChange, onSend, disabled, inputRef }: ChatInputProps) {
  const hintId = useId();
  const counterId = useId();
  const nearLimit = value.length >= COUNTER_FROM_LENGTH;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  };

  return (
    <form
      className="chat-input"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <textarea
        ref={inputRef}
        aria-label={CHAT_TEXTS.inputLabel}
        aria-describedby={nearLimit ? `${hintId} ${counterId}` : hintId}
        placeholder={CHAT_TEXTS.placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value.slice(0, USER_QUERY_MAX_LENGTH))}
        onKeyDown={onKeyDown}
        maxLength={USER_QUERY_MAX_LENGTH}
        rows={1}
        disabled={disabled}
      />
      <button type="submit" className="primary" disabled={disabled || value.trim() === ''}>
        {CHAT_TEXTS.send}
      </button>
      <p id={hintId} className="visually-hidden">
        {CHAT_TEXTS.inputHint}
      </p>
      {nearLimit ? (
        <p id={counterId} className="chat-counter" data-full={value.length >= USER_QUERY_MAX_LENGTH || undefined}>
          {characterCount(value.length)}
        </p>
      ) : null}
    </form>
  );
}
