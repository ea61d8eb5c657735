/** Every sentence of the payment pages, in one place. The outcome always comes from the server, never from the address. */
export const PAYMENT_TEXTS = {
  successTitle: 'Payment confirmation',
  failureTitle: 'Payment failure',
  logIn: 'Log in to see whether your payment went through.',
  logInLink: 'Log in',
  checking: 'Checking your payment…',
  confirmingTitle: 'Confirming your payment',
  confirming: 'We are still confirming your payment with the bank. This page updates by itself.',
  slow: 'This is taking longer than usual. If you paid, premium turns on by itself as soon as the bank confirms it, and you can check the premium page later. You do not need to pay again.',
  activeTitle: 'Premium is active',
  activeUntil: (day: string) => `Premium until ${day}. Thank you for supporting Nivesh.`,
  activeNoDate: 'Thank you for supporting Nivesh.',
  toDashboard: 'Go to the dashboard',
  toPremium: 'See your premium',
  failedTitle: 'Payment not completed',
  failed: 'Your payment did not go through. No money was taken for premium.',
  /** The payment page's own sentence, from the address: shown as its words, not as the outcome. */
  providerSaid: (reason: string) => `The payment page said: “${reason}”`,
  tryAgain: 'Try again',
} as const;

/** How often /payment/success asks the server, and for how long before it says it is taking longer. */
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_POLL_LIMIT_MS = 90_000;
/** The longest `reason` from the address that is shown. */
export const REASON_MAX_LENGTH = 200;
