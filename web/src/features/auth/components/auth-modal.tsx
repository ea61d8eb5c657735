import * as Dialog from '@radix-ui/react-dialog';
import { EmailSchema, OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS, OtpSchema, PasswordSchema, UsernameSchema } from '@nivesh/proto';
import type { LoginVerifyOtpResponse } from '@nivesh/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { AuthDialogView } from '../../../hooks/use-auth-dialog';
import { useCountdown } from '../../../hooks/use-countdown';
import { ApiError } from '../../../lib/api-client';
import { safeRedirectPath } from '../../../lib/navigation';
import { startSession } from '../../../lib/session';
import { useForgotPassword } from '../api/forgot-password';
import { meQueryOptions } from '../api/get-me';
import { useGetUserEmail } from '../api/get-user-email';
import { useLoginRequestOtp } from '../api/login-request-otp';
import { useLoginVerifyOtp } from '../api/login-verify-otp';
import { useRegisterRequestOtp } from '../api/register-request-otp';
import { useRegisterVerifyOtp } from '../api/register-verify-otp';
import { useResendOtp } from '../api/resend-otp';
import { useResetPassword } from '../api/reset-password';
import { AuthFlowError, authErrorMessage } from '../error-message';
import type { AuthErrorTexts } from '../error-message';
import { AUTH_TEXTS, AUTH_UI_TEXTS } from '../texts';

/** The five views of the login/registration screen (section 2); the code view serves two flows. */
type Step =
  | { kind: 'signin'; username?: string }
  | { kind: 'register' }
  | { kind: 'code'; purpose: 'registration'; username: string; email: string }
  | { kind: 'code'; purpose: 'login'; username: string }
  | { kind: 'forgot'; username?: string }
  | { kind: 'reset'; username: string; email: string };

type CodeStep = Extract<Step, { kind: 'code' }>;

type Flow = {
  busy: boolean;
  /** Runs one request step: blocks other submits meanwhile and shows its failure (never an aborted one). */
  run: (task: (signal: AbortSignal | undefined) => Promise<void>, texts: AuthErrorTexts) => Promise<void>;
  go: (step: Step, notice?: string) => void;
  fail: (message: string) => void;
  say: (notice: string) => void;
};

const DEFAULT_TEXTS: AuthErrorTexts = { network: AUTH_TEXTS.networkError, invalid: AUTH_TEXTS.unexpectedError };

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }): string | null =>
  result.success ? null : (result.error?.issues[0]?.message ?? AUTH_TEXTS.unexpectedError);

const TITLES: Record<Step['kind'], string> = {
  signin: 'Sign in',
  register: 'Create account',
  code: 'Enter verification code',
  forgot: 'Forgot password',
  reset: 'Reset password',
};

const leadOf = (step: Step): string => {
  switch (step.kind) {
    case 'signin':
      return 'Sign in with your username and password. We will email you a verification code.';
    case 'register':
      return 'Create a free account. We will email you a verification code to confirm it.';
    case 'code':
      return step.purpose === 'registration'
        ? `We sent a ${OTP_LENGTH}-digit code to ${step.email}.`
        : `We sent a ${OTP_LENGTH}-digit code to the email address of ${step.username}.`;
    case 'forgot':
      return 'Enter your username and the email address of your account. We will email you a code to reset your password.';
    case 'reset':
      return `Enter the code we sent to ${step.email} and choose a new password.`;
  }
};

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string };

function Field({ label, hint, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint ? hintId : undefined} {...input} />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A password being chosen (registration, reset): the specification's input title, shown as a hint too. */
function NewPasswordField({ label, name, value, onChange }: { label: string; name: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      title={AUTH_TEXTS.passwordInputTitle}
      hint={AUTH_TEXTS.passwordInputTitle}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

type LinkButtonProps = { children: ReactNode; onClick: () => void; disabled?: boolean };

function LinkButton({ children, onClick, disabled }: LinkButtonProps) {
  return (
    <button type="button" className="link-button" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

const onSubmit = (handler: () => void) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  handler();
};

function SignInView({ flow, initialUsername }: { flow: Flow; initialUsername?: string }) {
  const [username, setUsername] = useState(initialUsername ?? '');
  const [password, setPassword] = useState('');
  const loginRequest = useLoginRequestOtp();

  const submit = () => {
    if (flow.busy) return;
    const name = username.trim();
    if (name === '' || password === '') return flow.fail(AUTH_UI_TEXTS.signInMissingFields);
    void flow.run(async (signal) => {
      await loginRequest.mutateAsync({ body: { username: name, password }, signal });
      flow.go({ kind: 'code', purpose: 'login', username: name });
    }, DEFAULT_TEXTS);
  };

  return (
    <>
      <form className="auth-form" noValidate onSubmit={onSubmit(submit)} aria-busy={flow.busy}>
        <Field label="Username" name="username" autoComplete="username" required autoFocus value={username} onChange={(e) => setUsername(e.target.value)} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          title={AUTH_TEXTS.passwordInputTitle}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="auth-row">
          <LinkButton onClick={() => flow.go({ kind: 'forgot', username: username.trim() })} disabled={flow.busy}>
            Forgot password?
          </LinkButton>
        </div>
        <button type="submit" className="primary" disabled={flow.busy}>
          Sign in
        </button>
      </form>
      <p className="auth-switch">
        <LinkButton onClick={() => flow.go({ kind: 'register' })} disabled={flow.busy}>
          Don&apos;t have an account? Create one
        </LinkButton>
      </p>
    </>
  );
}

function RegisterView({ flow }: { flow: Flow }) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const registerRequest = useRegisterRequestOtp();

  const submit = () => {
    if (flow.busy) return;
    const name = username.trim();
    const address = email.trim();
    if (name === '' || address === '' || password === '') return flow.fail(AUTH_UI_TEXTS.registerMissingFields);
    const problem =
      firstIssue(UsernameSchema.safeParse(name)) ??
      firstIssue(EmailSchema.safeParse(address)) ??
      (PasswordSchema.safeParse(password).success ? null : AUTH_TEXTS.passwordRule);
    if (problem) return flow.fail(problem);
    void flow.run(
      async (signal) => {
        await registerRequest.mutateAsync({ body: { username: name, email: address, password }, signal });
        flow.go({ kind: 'code', purpose: 'registration', username: name, email: address });
      },
      { ...DEFAULT_TEXTS, registration: true },
    );
  };

  return (
    <>
      <form className="auth-form" noValidate onSubmit={onSubmit(submit)} aria-busy={flow.busy}>
        <Field label="Username" name="username" autoComplete="username" required autoFocus value={username} onChange={(e) => setUsername(e.target.value)} />
        <Field label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <NewPasswordField label="Password" name="password" value={password} onChange={setPassword} />
        <button type="submit" className="primary" disabled={flow.busy}>
          Create account
        </button>
      </form>
      <p className="auth-switch">
        <LinkButton onClick={() => flow.go({ kind: 'signin' })} disabled={flow.busy}>
          Already have an account? Sign in
        </LinkButton>
      </p>
    </>
  );
}

type ResendButtonProps = { remaining: number; disabled: boolean; onClick: () => void };

function ResendButton({ remaining, disabled, onClick }: ResendButtonProps) {
  return (
    <button type="button" className="secondary" aria-label="Resend code" disabled={disabled || remaining > 0} onClick={onClick}>
      {remaining > 0 ? `Resend code (${remaining}s)` : 'Resend code'}
    </button>
  );
}

/** Resends a code; the countdown starts when the code step opens and again after each resend. */
const useResend = (flow: Flow, otpType: 'registration' | 'login' | 'password_reset', username: string, knownEmail?: string) => {
  const { remaining, restart } = useCountdown(OTP_RESEND_COOLDOWN_SECONDS);
  const getUserEmail = useGetUserEmail();
  const resendOtp = useResendOtp();

  useEffect(() => {
    restart();
  }, [restart]);

  const resend = () => {
    if (flow.busy || remaining > 0) return;
    void flow.run(async (signal) => {
      let email = knownEmail;
      if (email === undefined) {
        try {
          email = (await getUserEmail.mutateAsync({ body: { username }, signal })).email;
        } catch (error) {
          if (error instanceof ApiError && (error.kind === 'aborted' || error.kind === 'network')) throw error;
          throw new AuthFlowError(AUTH_TEXTS.resendEmailNotFound);
        }
      }
      await resendOtp.mutateAsync({ body: { email, otp_type: otpType }, signal });
      restart();
      flow.say(AUTH_UI_TEXTS.codeResent);
    }, DEFAULT_TEXTS);
  };

  return { remaining, resend };
};

type CodeViewProps = { flow: Flow; step: CodeStep; onLoggedIn: (response: LoginVerifyOtpResponse) => Promise<void> };

function CodeView({ flow, step, onLoggedIn }: CodeViewProps) {
  const [otp, setOtp] = useState('');
  const registerVerify = useRegisterVerifyOtp();
  const loginVerify = useLoginVerifyOtp();
  const { remaining, resend } = useResend(flow, step.purpose, step.username, step.purpose === 'registration' ? step.email : undefined);

  const submit = () => {
    if (flow.busy) return;
    const code = otp.trim();
    if (code === '') return flow.fail(AUTH_UI_TEXTS.codeMissing);
    const problem = firstIssue(OtpSchema.safeParse(code));
    if (problem) return flow.fail(problem);
    if (step.purpose === 'registration') {
      void flow.run(
        async (signal) => {
          await registerVerify.mutateAsync({ body: { email: step.email, otp: code }, signal });
          flow.go({ kind: 'signin', username: step.username }, AUTH_TEXTS.registrationSuccess);
        },
        { network: AUTH_TEXTS.otpNetworkError, invalid: AUTH_TEXTS.otpVerificationFailed, registration: true },
      );
      return;
    }
    void flow.run(
      async (signal) => {
        const response = await loginVerify.mutateAsync({ body: { username: step.username, otp: code }, signal });
        await onLoggedIn(response);
      },
      { network: AUTH_TEXTS.otpNetworkError, invalid: AUTH_TEXTS.otpVerificationFailed },
    );
  };

  return (
    <>
      <form className="auth-form" noValidate onSubmit={onSubmit(submit)} aria-busy={flow.busy}>
        <Field
          label="Verification code"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          required
          autoFocus
          className="otp-input"
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
        />
        <button type="submit" className="primary" disabled={flow.busy}>
          Verify
        </button>
        <ResendButton remaining={remaining} disabled={flow.busy} onClick={resend} />
      </form>
      <p className="auth-switch">
        <LinkButton onClick={() => flow.go({ kind: 'signin', username: step.username })} disabled={flow.busy}>
          Back to sign in
        </LinkButton>
      </p>
    </>
  );
}

function ForgotView({ flow, initialUsername }: { flow: Flow; initialUsername?: string }) {
  const [username, setUsername] = useState(initialUsername ?? '');
  const [email, setEmail] = useState('');
  const forgotPassword = useForgotPassword();

  const submit = () => {
    if (flow.busy) return;
    const name = username.trim();
    const address = email.trim();
    if (name === '' || address === '') return flow.fail(AUTH_TEXTS.forgotPasswordMissingField);
    const problem = firstIssue(EmailSchema.safeParse(address));
    if (problem) return flow.fail(problem);
    void flow.run(async (signal) => {
      await forgotPassword.mutateAsync({ body: { username: name, email: address }, signal });
      flow.go({ kind: 'reset', username: name, email: address });
    }, DEFAULT_TEXTS);
  };

  return (
    <>
      <form className="auth-form" noValidate onSubmit={onSubmit(submit)} aria-busy={flow.busy}>
        <Field label="Username" name="username" autoComplete="username" required autoFocus value={username} onChange={(e) => setUsername(e.target.value)} />
        <Field label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="primary" disabled={flow.busy}>
          Send code
        </button>
      </form>
      <p className="auth-switch">
        <LinkButton onClick={() => flow.go({ kind: 'signin', username: username.trim() })} disabled={flow.busy}>
          Back to sign in
        </LinkButton>
      </p>
    </>
  );
}

function ResetView({ flow, step }: { flow: Flow; step: Extract<Step, { kind: 'reset' }> }) {
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const resetPassword = useResetPassword();
  const { remaining, resend } = useResend(flow, 'password_reset', step.username, step.email);

  const submit = () => {
    if (flow.busy) return;
    const code = otp.trim();
    if (code === '') return flow.fail(AUTH_UI_TEXTS.codeMissing);
    if (!PasswordSchema.safeParse(newPassword).success) return flow.fail(AUTH_TEXTS.passwordRule);
    void flow.run(async (signal) => {
      await resetPassword.mutateAsync({ body: { username: step.username, email: step.email, otp: code, new_password: newPassword }, signal });
      flow.go({ kind: 'signin', username: step.username }, AUTH_TEXTS.passwordResetSuccess);
    }, DEFAULT_TEXTS);
  };

  return (
    <>
      <form className="auth-form" noValidate onSubmit={onSubmit(submit)} aria-busy={flow.busy}>
        <Field label="Username" name="username" readOnly value={step.username} className="read-only" />
        <Field
          label="Verification code"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          className="otp-input"
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
        />
        <NewPasswordField label="New password" name="new_password" value={newPassword} onChange={setNewPassword} />
        <button type="submit" className="primary" disabled={flow.busy}>
          Reset password
        </button>
        <ResendButton remaining={remaining} disabled={flow.busy} onClick={resend} />
      </form>
      <p className="auth-switch">
        <LinkButton onClick={() => flow.go({ kind: 'signin', username: step.username })} disabled={flow.busy}>
          Back to sign in
        </LinkButton>
      </p>
    </>
  );
}

export type AuthModalProps = {
  /** The view the screen opens on: sign in (/login) or create account (/register). */
  initialView: AuthDialogView;
  /** The user dismissed the screen (Escape or the close button). */
  onClose: () => void;
  /** Logged in: go to `target` (the `callback` query path, else /dashboard). */
  onLoggedIn: (target: string) => void;
};

/** The full-screen login/registration dialog (sections 2, 4, 5 and 8). */
export function AuthModal({ initialView, onClose, onLoggedIn }: AuthModalProps) {
  const [step, setStep] = useState<Step>(() => (initialView === 'register' ? { kind: 'register' } : { kind: 'signin' }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busyRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Read while rendering, before the dialog's autofocus moves focus inside it; focus returns here on close.
  const returnFocusRef = useRef<Element | null>(document.activeElement);
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();

  useEffect(() => {
    // Requests still running when the screen goes away are cancelled (and stay silent).
    const controller = new AbortController();
    abortRef.current = controller;
    return () => controller.abort();
  }, []);

  const close = useCallback(() => {
    if (!busyRef.current) onClose();
  }, [onClose]);
  /** Escape and a press outside do nothing while a request is in flight. */
  const holdWhileBusy = (event: Event) => {
    if (busyRef.current) event.preventDefault();
  };

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

  const completeLogin = async (response: LoginVerifyOtpResponse) => {
    try {
      startSession(response);
    } catch {
      throw new AuthFlowError(AUTH_TEXTS.authStateFailed);
    }
    try {
      try {
        await queryClient.fetchQuery({ ...meQueryOptions(response.user_id), staleTime: 0 });
      } catch (failure) {
        // The login stands; the flags are re-checked on the next load.
        console.log('Could not refresh the user after login', failure);
      }
      onLoggedIn(safeRedirectPath(searchParams.get('callback')));
    } catch {
      throw new AuthFlowError(AUTH_TEXTS.loginProcessingFailed);
    }
  };

  let view: ReactNode;
  switch (step.kind) {
    case 'signin':
      view = <SignInView key="signin" flow={flow} initialUsername={step.username} />;
      break;
    case 'register':
      view = <RegisterView key="register" flow={flow} />;
      break;
    case 'code':
      view = <CodeView key={`code-${step.purpose}`} flow={flow} step={step} onLoggedIn={completeLogin} />;
      break;
    case 'forgot':
      view = <ForgotView key="forgot" flow={flow} initialUsername={step.username} />;
      break;
    case 'reset':
      view = <ResetView key="reset" flow={flow} step={step} />;
      break;
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="auth-modal-overlay" />
        <Dialog.Content
          ref={dialogRef}
          className="auth-modal"
          aria-modal="true"
          onEscapeKeyDown={holdWhileBusy}
          onPointerDownOutside={holdWhileBusy}
          onOpenAutoFocus={(event) => {
            // The view's first field has focus already (autoFocus); else the first field, else the dialog.
            event.preventDefault();
            const dialog = dialogRef.current;
            if (dialog && !dialog.contains(document.activeElement)) (dialog.querySelector<HTMLElement>('input:not([disabled])') ?? dialog).focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const previous = returnFocusRef.current;
            if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
          }}
        >
          <div className="auth-modal-aside" aria-hidden="true">
            <p className="brand">Nivesh</p>
            <p className="auth-modal-tagline">Analysis of NSE stocks, in rupees.</p>
          </div>
          <div className="auth-modal-main">
            <Dialog.Close asChild>
              <button type="button" className="auth-close" aria-label="Close" disabled={busy}>
                <span aria-hidden="true">×</span>
              </button>
            </Dialog.Close>
            <div className="auth-card">
              <p className="brand auth-card-brand" aria-hidden="true">
                Nivesh
              </p>
              <Dialog.Title className="auth-title">{TITLES[step.kind]}</Dialog.Title>
              <Dialog.Description className="auth-lead">{leadOf(step)}</Dialog.Description>
              <div className="auth-notice" role="status">
                {notice}
              </div>
              {error ? (
                <p className="auth-error" role="alert">
                  {error}
                </p>
              ) : null}
              {view}
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
