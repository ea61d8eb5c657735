import { ApiError } from '../../lib/api-client';
import { AUTH_TEXTS } from './texts';

/** A failure whose text is already decided (e.g. 'Failed to set authentication state'). */
export class AuthFlowError extends Error {
  override readonly name = 'AuthFlowError';
}

export type AuthErrorTexts = {
  /** Shown when the server could not be reached. */
  network: string;
  /** Shown when the server's answer could not be used. */
  invalid: string;
  /** Registration: a detail containing 'exists' is shown, or 'User/email already exists'. */
  registration?: boolean;
};

/**
 * The message for a failed step, or null when nothing is to be shown: an aborted or timed-out
 * request stays silent (section 8). Server errors read `detail`, then `msg`, then 'Error'; a refusal's
 * wait is left out, since the screen counts it down (hooks/use-auth-flow.ts).
 */
export const authErrorMessage = (error: unknown, texts: AuthErrorTexts): string | null => {
  if (error instanceof AuthFlowError) return error.message;
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (!(error instanceof ApiError)) return AUTH_TEXTS.unexpectedError;
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'network':
      return texts.network;
    case 'invalid':
      return texts.invalid;
    case 'http':
      if (texts.registration && (error.baseMessage.includes('exists') || error.status === 409)) {
        return error.baseMessage.includes('exists') ? error.baseMessage : AUTH_TEXTS.userExists;
      }
      // No text for people in the answer (none, or an internal name): section 8's last resort.
      return error.fromServer ? error.baseMessage : 'Error';
  }
};
