import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { useAuthDialog } from '../../../hooks/use-auth-dialog';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { usePremium } from '../../../hooks/use-premium';
import { formatIndianDay } from '../../../lib/format';
import type { PremiumState } from '../../../lib/premium-status';
import { useSession } from '../../../lib/session';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscribe } from '../api/subscribe';
import { DeviceConflictNotice } from './device-conflict';
import { PREMIUM_PAGE_TEXTS as TEXTS, PREMIUM_MONTHLY_PRICE, PREMIUM_WIDGET_TEXTS, premiumUntil } from './premium-widget-texts';
import './premium.css';

/** Subscribe: visitors log in first; the server's payment page follows, or its sentence when it refuses. */
function SubscribeAction({ pendingPayment }: { pendingPayment: boolean }) {
  const { session } = useSession();
  const authDialog = useAuthDialog();
  const subscription = useSubscribe();

  const onSubscribe = () => {
    if (!session) {
      authDialog.open('signin');
      return;
    }
    subscription.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.success && answer.payment_url) window.location.assign(answer.payment_url);
      },
    });
  };

  const answer = subscription.data;
  const leaving = answer?.success === true && answer.payment_url !== null;
  const error = subscription.isError
    ? subscription.error.message || TEXTS.subscribeFailed
    : answer && !leaving
      ? answer.error || TEXTS.subscribeFailed
      : null;

  return (
    <>
      {pendingPayment ? (
        <p className="notice" role="note">
          {TEXTS.pending}
        </p>
      ) : null}
      <div className="plan-actions">
        <button type="button" className="primary" onClick={onSubscribe} disabled={subscription.isPending || leaving}>
          {subscription.isPending || leaving ? TEXTS.subscribing : TEXTS.subscribe}
        </button>
        {session ? null : <p className="muted">{TEXTS.logInFirst}</p>}
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

type CancelMutation = ReturnType<typeof useCancelSubscription>;

/** Cancel subscription, after a confirm step; a refusal shows the server's sentence. */
function CancelAction({ cancel, until }: { cancel: CancelMutation; until: string | null }) {
  const [confirming, setConfirming] = useState(false);
  const answer = cancel.data;
  const error = cancel.isError ? cancel.error.message || TEXTS.cancelFailed : answer && !answer.success ? answer.message || TEXTS.cancelFailed : null;

  return (
    <>
      {confirming ? (
        <div className="premium-confirm" role="group" aria-label={TEXTS.cancel}>
          <p>{TEXTS.cancelConfirm(until)}</p>
          <div className="button-row">
            <button type="button" className="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {cancel.isPending ? TEXTS.cancelling : TEXTS.cancelYes}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              {TEXTS.cancelNo}
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="secondary" onClick={() => setConfirming(true)}>
            {TEXTS.cancel}
          </button>
        </div>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * The subscription of a premium user: plan, status and the until-date; cancelling, or that renewal is off. The
 * server's answer to a cancel stays in view while the status is re-checked.
 */
function PremiumAccount({ premium }: { premium: PremiumState }) {
  const { user } = useSession();
  const cancel = useCancelSubscription();
  const { subscription } = premium;
  const cancelledNow = cancel.data?.success === true;
  const expiresAt = (cancelledNow ? cancel.data?.premium_expires_at : null) ?? subscription?.expires_at ?? user?.premium_expires_at ?? null;
  const until = expiresAt ? formatIndianDay(expiresAt) : null;
  const cancelled = subscription?.status === 'cancelled' || cancelledNow;

  return (
    <section className="panel premium-account" aria-labelledby="premium-account-heading">
      <h2 id="premium-account-heading">{TEXTS.yourPremium}</h2>
      <dl className="premium-facts">
        <dt>{TEXTS.plan}</dt>
        <dd>{subscription?.plan_name ?? PREMIUM_WIDGET_TEXTS.previewTitle}</dd>
        {subscription || cancelledNow ? (
          <>
            <dt>{TEXTS.status}</dt>
            <dd>{cancelled ? TEXTS.statusCancelled : TEXTS.statusActive}</dd>
          </>
        ) : null}
      </dl>
      {until ? <p className="premium-until">{premiumUntil(until)}</p> : null}
      {cancelledNow ? (
        <p className="notice" role="status">
          {cancel.data?.message}
        </p>
      ) : null}
      {!cancelled ? <CancelAction cancel={cancel} until={until} /> : until ? <p>{TEXTS.renewalOff(until)}</p> : null}
    </section>
  );
}

/** /premium: the ₹200-a-month plan; subscribing, the subscription and cancelling it, and the one-device rule. */
export function PremiumPage() {
  usePageMeta({
    title: 'Premium',
    description: TEXTS.description,
    path: '/premium',
  });
  const { session } = useSession();
  const premium = usePremium();
  const conflict = session ? premium.conflict : null;

  const actions = premium.active ? (
    <p className="notice" role="status">
      {TEXTS.activeThanks}
    </p>
  ) : conflict ? null : session && premium.loading ? (
    <p className="muted" role="status">
      {TEXTS.checking}
    </p>
  ) : (
    <SubscribeAction pendingPayment={premium.subscription?.status === 'pending'} />
  );

  return (
    <div className="page-body">
      <PageHeader title={TEXTS.title} lead={TEXTS.lead} />
      {conflict ? <DeviceConflictNotice conflict={conflict} /> : null}
      <section className="panel plan-card" aria-labelledby="plan-heading">
        <div className="plan-head">
          <Icon name="crown" className="plan-icon" />
          <div>
            <h2 id="plan-heading">{PREMIUM_WIDGET_TEXTS.previewTitle}</h2>
            <p className="plan-price">
              <span className="plan-amount">{PREMIUM_MONTHLY_PRICE}</span> {PREMIUM_WIDGET_TEXTS.perMonth}
            </p>
          </div>
        </div>
        <ul className="plan-features">
          {PREMIUM_WIDGET_TEXTS.features.map((feature) => (
            <li key={feature.id}>
              <strong>{feature.path ? <Link to={feature.path}>{feature.title}</Link> : feature.title}</strong> — {feature.text}
            </li>
          ))}
        </ul>
        <p className="muted">{TEXTS.oneDevice}</p>
        {actions}
      </section>
      {session && premium.active ? <PremiumAccount premium={premium} /> : null}
    </div>
  );
}
