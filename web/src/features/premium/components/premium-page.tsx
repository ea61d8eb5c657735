import { Icon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { useAuthDialog } from '../../../hooks/use-auth-dialog';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { formatINR } from '../../../lib/format';
import { PREMIUM_PRICE_INR_PER_MONTH } from '../../../lib/proto-values';
import { useSession } from '../../../lib/session';
import { useSubscribe } from '../api/subscribe';
import { PREMIUM_WIDGET_TEXTS } from './premium-widget-texts';
import './premium.css';

const SUBSCRIBE_FAILED = 'The subscription could not be started. Please try again.';

/** /premium: the ₹200-a-month plan and the Subscribe button. */
export function PremiumPage() {
  usePageMeta({
    title: 'Premium',
    description: `Nivesh Premium: no advertisements, on one device, for ${formatINR(PREMIUM_PRICE_INR_PER_MONTH, { fractionDigits: 0 })} per month. ${PREMIUM_WIDGET_TEXTS.notAvailable}`,
    path: '/premium',
  });
  const { session, user } = useSession();
  const authDialog = useAuthDialog();
  const subscription = useSubscribe();

  const onSubscribe = () => {
    if (!session) {
      authDialog.open('signin');
      return;
    }
    subscription.mutate(
      { device_fingerprint: session.device_id || 'unknown-device' },
      {
        onSuccess: (answer) => {
          if (answer.success && answer.payment_url) window.location.assign(answer.payment_url);
        },
      },
    );
  };

  const answer = subscription.data;
  const error = subscription.isError
    ? subscription.error.message || SUBSCRIBE_FAILED
    : answer && !(answer.success && answer.payment_url)
      ? (answer.error ?? SUBSCRIBE_FAILED)
      : null;

  return (
    <div className="page-body">
      <PageHeader title="Premium" lead="Support Nivesh and research without advertisements." />
      <section className="panel plan-card" aria-labelledby="plan-heading">
        <div className="plan-head">
          <Icon name="crown" className="plan-icon" />
          <div>
            <h2 id="plan-heading">{PREMIUM_WIDGET_TEXTS.previewTitle}</h2>
            <p className="plan-price">
              <span className="plan-amount">{formatINR(PREMIUM_PRICE_INR_PER_MONTH, { fractionDigits: 0 })}</span> per month
            </p>
          </div>
        </div>
        <ul className="plan-features">
          {PREMIUM_WIDGET_TEXTS.features.map((feature) => (
            <li key={feature.id}>
              <strong>{feature.title}</strong> — {feature.text}
            </li>
          ))}
        </ul>
        <p className="muted">
          Premium is tied to one device at a time. Everything in Nivesh is educational analysis, not investment advice.
        </p>
        {user?.is_premium ? null : (
          <p className="notice" role="note" data-testid="premium-not-available">
            {PREMIUM_WIDGET_TEXTS.notAvailable}
          </p>
        )}
        {user?.is_premium ? (
          <p className="notice" role="status">
            You already have Premium on this account. Thank you for supporting Nivesh.
          </p>
        ) : (
          <div className="plan-actions">
            <button type="button" className="primary" onClick={onSubscribe} disabled={subscription.isPending}>
              {subscription.isPending ? 'Starting…' : 'Subscribe'}
            </button>
            {session ? null : <p className="muted">You will be asked to log in first.</p>}
          </div>
        )}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </section>
    </div>
  );
}
