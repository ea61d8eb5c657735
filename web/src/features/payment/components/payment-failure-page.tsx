import { PaymentsNotOpen } from './payments-not-open';

/** /payment/failure: where a payment gateway would send the user back when paying failed; none is open yet. */
export function PaymentFailurePage() {
  return <PaymentsNotOpen path="/payment/failure" title="Payment failure" />;
}
