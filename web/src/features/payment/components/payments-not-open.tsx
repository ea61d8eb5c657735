import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** The sentence both payment pages show while Nivesh takes no payments: nothing was charged, nothing to confirm. */
export const PAYMENTS_NOT_OPEN = 'Nivesh does not take payments yet, so nothing has been charged and there is no payment to confirm here.';

/**
 * /payment/success and /payment/failure while Premium subscriptions are not open: the payment gateway that would send
 * a visitor here does not exist yet, so neither page claims an outcome.
 */
export function PaymentsNotOpen({ path, title }: { path: '/payment/success' | '/payment/failure'; title: string }) {
  usePageMeta({ title, description: 'Nivesh takes no payments yet: Premium subscriptions are not available.', path });
  return (
    <div className="page-body narrow">
      <PageHeader title={title} />
      <PendingPanel pending={PENDING.premium}>
        <p>{PAYMENTS_NOT_OPEN}</p>
        <p>
          <Link to="/">Back to the dashboard</Link>
        </p>
      </PendingPanel>
    </div>
  );
}
