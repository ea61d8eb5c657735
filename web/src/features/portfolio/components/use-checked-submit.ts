import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

/** A draft checked before sending: the body to send, or the sentences that say what to fix. */
export type Checked<B> = { body: B; errors: [] } | { body: null; errors: string[] };

/**
 * The submit of a form whose draft is checked here first: the problems are shown and nothing is sent, else the body
 * is sent once (a second press while sending does nothing) and `onSent` runs when the server took it. The server's
 * refusal is kept as it came, for the form to show; `invalid` is true while there is either.
 */
export function useCheckedSubmit<B>(mutation: UseMutationResult<unknown, Error, B>, check: () => Checked<B>, onSent: () => void, blocked = false) {
  const [errors, setErrors] = useState<string[]>([]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending || blocked) return;
    const checked = check();
    setErrors(checked.errors);
    mutation.reset();
    if (checked.body === null) return;
    mutation.mutate(checked.body, { onSuccess: onSent });
  };
  const serverError = mutation.error?.message ?? null;
  return { errors, onSubmit, serverError, invalid: errors.length > 0 || serverError !== null };
}
