type ResendButtonProps = { remaining: number; disabled: boolean; onClick: () => void };

/** Asks for a new code; counts down the seconds until that is allowed. */
export function ResendButton({ remaining, disabled, onClick }: ResendButtonProps) {
  return (
    <button type="button" className="secondary" aria-label="Resend code" disabled={disabled || remaining > 0} onClick={onClick}>
      {remaining > 0 ? `Resend code (${remaining}s)` : 'Resend code'}
    </button>
  );
}
