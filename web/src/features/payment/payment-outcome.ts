import type { PremiumStatusResponse } from '@nivesh/proto';
import { isTextForPeople } from '../../lib/api-client';
import { REASON_MAX_LENGTH } from './texts';

/** What the payment pages show: still confirming, premium active, or the payment did not go through. */
export type PaymentOutcome = 'confirming' | 'active' | 'failed';

/**
 * The outcome of the payment for `subscriptionId` (the one the address names; any when it names none), from the
 * server's status alone. Until the server reports that subscription it is still being confirmed.
 */
export const paymentOutcome = (status: PremiumStatusResponse | undefined, subscriptionId: string | null): PaymentOutcome => {
  const subscription = status?.success ? status.subscription : null;
  if (!subscription || (subscriptionId && subscription.subscription_id !== subscriptionId)) return 'confirming';
  if ((subscription.status === 'active' || subscription.status === 'cancelled') && status?.is_premium) return 'active';
  if (subscription.status === 'failed' || subscription.status === 'expired') return 'failed';
  return 'confirming';
};

/** The `reason` a payment page put in the address, when it is a sentence for people: trimmed and kept short. */
export const readableReason = (raw: string | null): string | null => {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!text || !isTextForPeople(text)) return null;
  return text.length <= REASON_MAX_LENGTH ? text : `${text.slice(0, REASON_MAX_LENGTH - 1).trimEnd()}…`;
};
