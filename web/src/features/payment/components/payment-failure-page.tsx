import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { useLayoutActions } from '../../../hooks/use-layout-actions';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** /payment/failure: where the payment page sends the user back when paying did not work. */
export function PaymentFailurePage() {
  usePageMeta({ title: 'Payment failed', description: 'Your Nivesh Premium payment did not go through.', path: '/payment/failure' });
  const { openContactDialog } = useLayoutActions();
  return (
    <div className="page-body narrow">
      <section className="panel outcome outcome-bad">
        <Icon name="info" className="outcome-icon" />
        <PageHeader title="Payment failed" />
        <p>
          The payment was not completed, so Premium has not been turned on. You can try again, or tell us what happened.
        </p>
        <div className="button-row">
          <Link to="/premium" className="button-link">
            Try again
          </Link>
          <button type="button" className="secondary" onClick={openContactDialog}>
            Contact Support
          </button>
        </div>
      </section>
    </div>
  );
}
