import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { formatIndianDay } from '../../../lib/format';
import type { PaymentOutcome } from '../payment-outcome';
import { PAYMENT_TEXTS as TEXTS } from '../texts';
import './payment.css';

type PaymentStateProps = { state: PaymentOutcome; title: string; children: ReactNode };

/** One outcome of a payment, as the server reports it; tests and people find it by its state. */
function PaymentState({ state, title, children }: PaymentStateProps) {
  return (
    <section className={`panel payment-state payment-state--${state}`} data-testid="payment-state" data-state={state} aria-live="polite">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Premium is active: until when, and the way on. */
export function PaymentActive({ expiresAt }: { expiresAt: string | null }) {
  return (
    <PaymentState state="active" title={TEXTS.activeTitle}>
      <p>{expiresAt ? TEXTS.activeUntil(formatIndianDay(expiresAt)) : TEXTS.activeNoDate}</p>
      <p className="button-row">
        <Link to="/dashboard" className="button-link">
          {TEXTS.toDashboard}
        </Link>
      </p>
    </PaymentState>
  );
}

/** The payment did not go through: nothing was taken; the premium page to try again. */
export function PaymentFailed({ reason }: { reason?: string | null }) {
  return (
    <PaymentState state="failed" title={TEXTS.failedTitle}>
      <p>{TEXTS.failed}</p>
      {reason ? <p className="muted">{TEXTS.providerSaid(reason)}</p> : null}
      <p className="button-row">
        <Link to="/premium" className="button-link">
          {TEXTS.tryAgain}
        </Link>
      </p>
    </PaymentState>
  );
}

/** Still confirming with the bank (or, on the failure page, asking the server); the page updates by itself. */
export function PaymentConfirming({ text, slow = false }: { text: string; slow?: boolean }) {
  return (
    <PaymentState state="confirming" title={TEXTS.confirmingTitle}>
      <p className="payment-waiting">
        <span className="payment-spinner" aria-hidden="true" />
        <span>{text}</span>
      </p>
      {slow ? (
        <>
          <p>{TEXTS.slow}</p>
          <p>
            <Link to="/premium">{TEXTS.toPremium}</Link>
          </p>
        </>
      ) : null}
    </PaymentState>
  );
}

/** Logged out: the outcome belongs to an account, so log in first; the login screen brings the visitor back here. */
export function PaymentLogIn() {
  const { pathname, search } = useLocation();
  return (
    <section className="panel payment-state" data-testid="payment-login">
      <p>{TEXTS.logIn}</p>
      <p className="button-row">
        <Link to={`/login?callback=${encodeURIComponent(`${pathname}${search}`)}`} className="button-link">
          {TEXTS.logInLink}
        </Link>
      </p>
    </section>
  );
}
