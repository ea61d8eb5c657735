import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** /payment/success: where the payment page sends the user back after paying. */
export function PaymentSuccessPage() {
  usePageMeta({ title: 'Payment successful', description: 'Your Nivesh Premium payment went through.', path: '/payment/success' });
  return (
    <div className="page-body narrow">
      <section className="panel outcome outcome-ok">
        <Icon name="shield" className="outcome-icon" />
        <PageHeader title="Payment successful" />
        <p>
          Thank you. Premium turns on for this device as soon as the payment is confirmed; this can take a minute. Your profile
          shows your premium status.
        </p>
        <div className="button-row">
          <Link to="/dashboard" className="button-link">
            Go to Dashboard
          </Link>
          <Link to="/profile" className="button-link secondary-link">
            View profile
          </Link>
        </div>
      </section>
    </div>
  );
}
