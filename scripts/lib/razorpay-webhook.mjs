// Razorpay's webhook body for one event of one subscription, as services/premium's own payload builders write it
// (`payloads` is services/premium/dist/payments/razorpay-payloads.js); used by bench:payments and the chaos suite.
import { randomBytes } from 'node:crypto';

const hex = (bytes) => randomBytes(bytes).toString('hex');

/**
 * The raw bytes of a `subscription.activated` or `subscription.charged` event; a charge carries its captured payment
 * as Razorpay's does. `tag` names the run in the ids Razorpay would make up ("bench", "chaos").
 */
export const razorpayEventBody = (payloads, { providerId, event, period, tag }) => {
  const subscription = payloads.buildSubscriptionEntity({
    id: providerId,
    planId: `plan_${tag}`,
    status: 'active',
    customerId: `cust_${tag}`,
    notes: {},
    createdAt: period.start - 60,
    currentStart: period.start,
    currentEnd: period.end,
    endedAt: null,
    totalCount: 120,
    paidCount: 1,
    authAttempts: 0,
    shortUrl: `https://rzp.io/i/${tag}`,
    expireBy: null,
    cancelAtCycleEnd: false,
  });
  const payment =
    event === 'subscription.charged'
      ? payloads.buildPaymentEntity({
          id: `pay_${hex(7)}`,
          amountPaise: 20_000,
          status: 'captured',
          createdAt: period.start,
          subscriptionId: providerId,
          customerId: `cust_${tag}`,
          email: null,
          orderId: `order_${hex(7)}`,
          invoiceId: `inv_${hex(7)}`,
          tokenId: null,
          description: 'Nivesh Premium Monthly',
        })
      : undefined;
  return Buffer.from(JSON.stringify(payloads.buildWebhookEvent({ accountId: `acc_${tag}`, event, createdAt: period.start, subscription, payment })), 'utf8');
};
