import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The header Razorpay (and the payment simulator) sign each webhook in. */
export const SIGNATURE_HEADER = 'x-razorpay-signature';
/** The header that names one event; Razorpay repeats it on every retry of the same event. */
export const EVENT_ID_HEADER = 'x-razorpay-event-id';

/**
 * The one form a signature takes: 64 lower-case hex digits, as Razorpay sends it. Anything else is refused before
 * decoding: Node's hex decoding stops at the first odd or non-hex digit, so a digest with a digit appended (or with
 * garbage after it) would otherwise decode to the very same bytes.
 */
const SIGNATURE_FORMAT = /^[0-9a-f]{64}$/;

const hmac = (rawBody: Buffer, secret: string): Buffer => {
  // An empty key would make every signature forgeable by anyone who knows that.
  if (secret.length === 0) throw new Error('The webhook secret must not be empty.');
  return createHmac('sha256', secret).update(rawBody).digest();
};

/** HMAC-SHA256 of the raw body keyed by the webhook secret, as lower-case hex: what Razorpay puts in X-Razorpay-Signature. */
export const signWebhookBody = (rawBody: Buffer, secret: string): string => hmac(rawBody, secret).toString('hex');

/**
 * Whether `signature` is exactly the body's HMAC under `secret`: 64 lower-case hex digits, compared in constant
 * time. The SDK's validateWebhookSignature compares strings with ===, which leaks how many leading characters matched.
 */
export const isValidWebhookSignature = (rawBody: Buffer, signature: string | undefined, secret: string): boolean => {
  const expected = hmac(rawBody, secret);
  // The format of a signature is no secret; only a well-formed one is compared, and then in constant time.
  if (signature === undefined || !SIGNATURE_FORMAT.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
};

/**
 * The event id of a delivery: the x-razorpay-event-id header, or, should a body arrive without one, a hash
 * of the signed body, so a replay of that same body still deduplicates.
 */
export const webhookEventId = (rawBody: Buffer, eventIdHeader: string | undefined): string => {
  const header = eventIdHeader?.trim();
  return header ? header.slice(0, 200) : `body-sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
};
