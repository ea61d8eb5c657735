import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The header Razorpay (and the payment simulator) sign each webhook in. */
export const SIGNATURE_HEADER = 'x-razorpay-signature';
/** The header that names one event; Razorpay repeats it on every retry of the same event. */
export const EVENT_ID_HEADER = 'x-razorpay-event-id';

const HEX = /^[0-9a-fA-F]+$/;

const hmac = (rawBody: Buffer, secret: string): Buffer => {
  // An empty key would make every signature forgeable by anyone who knows that.
  if (secret.length === 0) throw new Error('The webhook secret must not be empty.');
  return createHmac('sha256', secret).update(rawBody).digest();
};

/** HMAC-SHA256 of the raw body keyed by the webhook secret, as lower-case hex: what Razorpay puts in X-Razorpay-Signature. */
export const signWebhookBody = (rawBody: Buffer, secret: string): string => hmac(rawBody, secret).toString('hex');

/**
 * Whether `signature` is the body's HMAC under `secret`, compared in constant time. The SDK's
 * validateWebhookSignature compares strings with ===, which leaks how many leading characters matched.
 */
export const isValidWebhookSignature = (rawBody: Buffer, signature: string | undefined, secret: string): boolean => {
  const expected = hmac(rawBody, secret);
  if (!signature || !HEX.test(signature)) return false;
  const given = Buffer.from(signature, 'hex');
  // timingSafeEqual throws on different lengths; the length of a digest is no secret.
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
};

/**
 * The event id of a delivery: the x-razorpay-event-id header, or, should a body arrive without one, a hash
 * of the signed body, so a replay of that same body still deduplicates.
 */
export const webhookEventId = (rawBody: Buffer, eventIdHeader: string | undefined): string => {
  const header = eventIdHeader?.trim();
  return header ? header.slice(0, 200) : `body-sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
};
