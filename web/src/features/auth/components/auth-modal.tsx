import * as Dialog from '@radix-ui/react-dialog';
import { OTP_LENGTH } from '@nivesh/proto';
import { useCallback, useRef } from 'react';
import type { ReactNode } from 'react';
import type { AuthDialogView } from '../../../hooks/use-auth-dialog';
import { useAuthFlow } from '../hooks/use-auth-flow';
import type { Step } from '../hooks/use-auth-flow';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { ForgotPasswordView } from './forgot-password-view';
import { OtpView } from './otp-view';
import { RegisterView } from './register-view';
import { ResetPasswordView } from './reset-password-view';
import { SignInView } from './sign-in-view';
import './auth-modal.css';

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
  const { step, busy, error, notice, flow, isBusy } = useAuthFlow(initialView);
  const completeLogin = useCompleteLogin(onLoggedIn);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Read while rendering, before the dialog's autofocus moves focus inside it; focus returns here on close.
  const returnFocusRef = useRef<Element | null>(document.activeElement);

  const close = useCallback(() => {
    if (!isBusy()) onClose();
  }, [isBusy, onClose]);
  /** Escape and a press outside do nothing while a request is in flight. */
  const holdWhileBusy = (event: Event) => {
    if (isBusy()) event.preventDefault();
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
      view = <OtpView key={`code-${step.purpose}`} flow={flow} step={step} onLoggedIn={completeLogin} />;
      break;
    case 'forgot':
      view = <ForgotPasswordView key="forgot" flow={flow} initialUsername={step.username} />;
      break;
    case 'reset':
      view = <ResetPasswordView key="reset" flow={flow} step={step} />;
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
