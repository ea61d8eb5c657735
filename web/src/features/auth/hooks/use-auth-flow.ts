import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthDialogView } from '../../../hooks/use-auth-dialog';
import { useCountdown } from '../../../hooks/use-countdown';
import { ApiError } from '../../../lib/api-client';
import { messageWithWait } from '../../../lib/retry-after';
import { authErrorMessage } from '../error-message';
import type { AuthErrorTexts } from '../error-message';
import { AUTH_TEXTS } from '../texts';

/** The five views of the login/registration screen (section 2); the code view serves two flows. */
export type Step =
  | { kind: 'signin'; username?: string }
  | { kind: 'register' }
  | { kind: 'code'; purpose: 'registration'; username: string; email: string }
  | { kind: 'code'; purpose: 'login'; username: string }
  | { kind: 'forgot'; username?: string }
  | { kind: 'reset'; username: string; email: string };

/** The verification code view's step, for registration or login. */
export type CodeStep = Extract<Step, { kind: 'code' }>;

/** The reset password view's step. */
export type ResetStep = Extract<Step, { kind: 'reset' }>;

/** The buttons a refusal (429) can hold back: the view's submit button, or Resend code. */
export type WaitAction = 'submit' | 'resend';

/** What a view may do to the screen: run a request, change view, show an error or a notice. */
export type Flow = {
  busy: boolean;
  /** Seconds left before each button may try again after the server refused it (Retry-After); 0: it may. */
  waits: Readonly<Record<WaitAction, number>>;
  /**
   * Runs one request step for `action` (default 'submit'): blocks other submits meanwhile and shows its failure (never
   * an aborted one); a refusal with Retry-After holds that button back, counting the wait down in the error.
   */
  run: (task: (signal: AbortSignal | undefined) => Promise<void>, texts: AuthErrorTexts, action?: WaitAction) => Promise<void>;
  go: (step: Step, notice?: string) => void;
  fail: (message: string) => void;
  say: (notice: string) => void;
};

/** The failure texts of a request step without texts of its own. */
export const DEFAULT_TEXTS: AuthErrorTexts = { network: AUTH_TEXTS.networkError, invalid: AUTH_TEXTS.unexpectedError };

/** A shown error; a refusal's also names the button it holds back and the seconds the server asked for. */
type Failure = { text: string; wait?: { action: WaitAction; seconds: number; until: number } };

/** The seconds a refusal asks to wait, or null for any other failure. */
const retryAfterOf = (failure: unknown): number | null =>
  failure instanceof ApiError && failure.status === 429 ? failure.retryAfterSeconds : null;

/** The screen's state: the current view, its error or notice, and whether a request is in flight. */
export const useAuthFlow = (initialView: AuthDialogView) => {
  const [step, setStep] = useState<Step>(() => (initialView === 'register' ? { kind: 'register' } : { kind: 'signin' }));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busyRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  const failureRef = useRef<Failure | null>(null);
  const countdown = useCountdown(0);

  const setError = useCallback((next: Failure | null) => {
    failureRef.current = next;
    setFailure(next);
  }, []);

  // A refusal's error lasts as long as its wait: it counts down, and goes once the button may try again.
  const waiting = failure?.wait && countdown.remaining > 0 ? failure.wait : null;
  let error: string | null = failure?.text ?? null;
  if (failure?.wait) error = waiting ? messageWithWait(failure.text, failure.wait.seconds, countdown.remaining) : null;
  const waitFor = (action: WaitAction) => (waiting?.action === action ? countdown.remaining : 0);
  const waits: Flow['waits'] = { submit: waitFor('submit'), resend: waitFor('resend') };

  useEffect(() => {
    // Requests still running when the screen goes away are cancelled (and stay silent).
    const controller = new AbortController();
    abortRef.current = controller;
    return () => controller.abort();
  }, []);

  /** Read at event time: the `busy` state of the last render may lag behind. */
  const isBusy = useCallback(() => busyRef.current, []);

  const { restart } = countdown;
  const run = useCallback<Flow['run']>(
    async (task, texts, action = 'submit') => {
      const wait = failureRef.current?.wait;
      // Read at event time, like busy: a submit by the Enter key while the button waits does nothing.
      if (busyRef.current || (wait?.action === action && wait.until > Date.now())) return;
      busyRef.current = true;
      setBusy(true);
      setError(null);
      try {
        await task(abortRef.current?.signal);
      } catch (caught) {
        const message = authErrorMessage(caught, texts);
        if (message !== null) {
          setNotice(null);
          const seconds = retryAfterOf(caught);
          if (seconds === null) {
            setError({ text: message });
          } else {
            restart(seconds);
            setError({ text: message, wait: { action, seconds, until: Date.now() + seconds * 1000 } });
          }
        }
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [restart, setError],
  );

  const flow: Flow = {
    busy,
    waits,
    run,
    go: (next, nextNotice) => {
      setStep(next);
      setError(null);
      setNotice(nextNotice ?? null);
    },
    fail: (message) => setError({ text: message }),
    say: (message) => {
      setError(null);
      setNotice(message);
    },
  };

  return { step, busy, error, notice, flow, isBusy };
};
