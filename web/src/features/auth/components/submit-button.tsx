import { shortWait } from '../../../lib/retry-after';

type SubmitButtonProps = { label: string; busy: boolean; wait: number };

/** A view's submit button: held back while a request runs, and while the server's wait (Retry-After) lasts, counted down. */
export function SubmitButton({ label, busy, wait }: SubmitButtonProps) {
  return (
    <button type="submit" className="primary" aria-label={label} disabled={busy || wait > 0}>
      {wait > 0 ? `${label} (${shortWait(wait)})` : label}
    </button>
  );
}
