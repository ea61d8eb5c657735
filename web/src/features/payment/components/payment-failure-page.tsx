import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { premiumStatusQueryOptions } from '../../../lib/premium-status';
import { useSession } from '../../../lib/session';
import { readableReason } from '../payment-outcome';
import { PAYMENT_TEXTS as TEXTS } from '../texts';
import { PaymentActive, PaymentConfirming, PaymentFailed, PaymentLogIn } from './payment-states';

/**
 * /payment/failure: where the payment page sends the user back when paying failed. Its `reason` is shown as the
 * payment page's words; the outcome is the server's, asked once: should premium be active after all, it says so.
 */
export function PaymentFailurePage() {
  usePageMeta({ title: TEXTS.failureTitle, description: 'Your premium payment did not go through; no money was taken.', path: '/payment/failure' });
  const [params] = useSearchParams();
  const reason = readableReason(params.get('reason'));
  const { user } = useSession();
  const status = useQuery({ ...premiumStatusQueryOptions(user?.user_id ?? null), staleTime: 0 });
  const answer = status.data?.success ? status.data : null;

  return (
    <div className="page-body narrow">
      <PageHeader title={TEXTS.failureTitle} />
      {!user ? (
        <PaymentLogIn />
      ) : answer?.is_premium ? (
        <PaymentActive expiresAt={answer.user.premium_expires_at ?? answer.subscription?.expires_at ?? null} />
      ) : status.isPending ? (
        <PaymentConfirming text={TEXTS.checking} />
      ) : (
        <PaymentFailed reason={reason} />
      )}
    </div>
  );
}
