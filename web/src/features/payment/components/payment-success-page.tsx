import { PaymentsNotOpen } from './payments-not-open';

/** /payment/success: where a payment gateway would send the user back after paying; none is open yet. */
export function PaymentSuccessPage() {
  return <PaymentsNotOpen path="/payment/success" title="Payment confirmation" />;
}
