import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { premiumStatusQueryOptions } from '../../../lib/premium-status';
import { useSession } from '../../../lib/session';
import { paymentOutcome } from '../payment-outcome';
import { PAYMENT_POLL_LIMIT_MS, PAYMENT_POLL_MS, PAYMENT_TEXTS as TEXTS } from '../texts';
import { PaymentActive, PaymentConfirming, PaymentFailed, PaymentLogIn } from './payment-states';

/** True once `ms` have passed since the page opened. */
const useElapsed = (ms: number): boolean => {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
};

/**
 * /payment/success: where the payment page sends the user back. The address proves nothing, so the outcome is the
 * server's: the premium status is asked every 2 seconds until the subscription named by `subscription_id` is active
 * or has failed, for about 90 seconds.
 */
export function PaymentSuccessPage() {
  usePageMeta({ title: TEXTS.successTitle, description: 'Whether your premium payment went through, as Nivesh confirms it.', path: '/payment/success' });
  const [params] = useSearchParams();
  const subscriptionId = params.get('subscription_id');
  const { user } = useSession();
  const timedOut = useElapsed(PAYMENT_POLL_LIMIT_MS);
  const status = useQuery({
    ...premiumStatusQueryOptions(user?.user_id ?? null),
    staleTime: 0,
    refetchInterval: (query) => (timedOut || paymentOutcome(query.state.data, subscriptionId) !== 'confirming' ? false : PAYMENT_POLL_MS),
  });
  const outcome = paymentOutcome(status.data, subscriptionId);

  return (
    <div className="page-body narrow">
      <PageHeader title={TEXTS.successTitle} />
      {!user ? (
        <PaymentLogIn />
      ) : outcome === 'active' ? (
        <PaymentActive expiresAt={status.data?.user.premium_expires_at ?? status.data?.subscription?.expires_at ?? null} />
      ) : outcome === 'failed' ? (
        <PaymentFailed />
      ) : (
        <PaymentConfirming text={TEXTS.confirming} slow={timedOut} />
      )}
    </div>
  );
}
