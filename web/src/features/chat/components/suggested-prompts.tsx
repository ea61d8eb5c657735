import { CHAT_TEXTS } from '../texts';

type SuggestedPromptsProps = {
  prompts: readonly string[];
  disabled: boolean;
  onPick: (prompt: string) => void;
};

/** The educational questions offered beside the input; one click asks it. */
export function SuggestedPrompts({ prompts, disabled, onPick }: SuggestedPromptsProps) {
  return (
    <div className="chat-prompts" role="group" aria-label={CHAT_TEXTS.suggestionsLabel}>
      {prompts.map((prompt) => (
        <button key={prompt} type="button" className="chat-prompt" disabled={disabled} onClick={() => onPick(prompt)}>
          {prompt}
        </button>
      ))}
    </div>
  );
}
