import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthDialogView } from '../../../hooks/use-auth-dialog';
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

/** What a view may do to the screen: run a request, change view, show an error or a notice. */
export type Flow = {
  busy: boolean;
  /** Runs one request step: blocks other submits meanwhile and shows its failure (never an aborted one). */
  run: (task: (signal: AbortSignal | undefined) => Promise<void>, texts: AuthErrorTexts) => Promise<void>;
  go: (step: Step, notice?: string) => void;
  fail: (message: string) => void;
  say: (notice: string) => void;
};

/** The failure texts of a request step without texts of its own. */
export const DEFAULT_TEXTS: AuthErrorTexts = { network: AUTH_TEXTS.networkError, invalid: AUTH_TEXTS.unexpectedError };

/** The screen's state: the current view, its error or notice, and whether a request is in flight. */
export const useAuthFlow = (initialView: AuthDialogView) => {
  const [step, setStep] = useState<Step>(() => (initialView === 'register' ? { kind: 'register' } : { kind: 'signin' }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busyRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => {
    // Requests still running when the screen goes away are cancelled (and stay silent).
    const controller = new AbortController();
    abortRef.current = controller;
    return () => controller.abort();
  }, []);

  /** Read at event time: the `busy` state of the last render may lag behind. */
  const isBusy = useCallback(() => busyRef.current, []);

  const run = useCallback<Flow['run']>(async (task, texts) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      await task(abortRef.current?.signal);
    } catch (failure) {
      const message = authErrorMessage(failure, texts);
      if (message !== null) {
        setNotice(null);
        setError(message);
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  const flow: Flow = {
    busy,
    run,
    go: (next, nextNotice) => {
      setStep(next);
      setError(null);
      setNotice(nextNotice ?? null);
    },
    fail: (message) => setError(message),
    say: (message) => {
      setError(null);
      setNotice(message);
    },
  };

  return { step, busy, error, notice, flow, isBusy };
};
