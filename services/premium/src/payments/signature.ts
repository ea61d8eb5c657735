import { isValidWebhookSignature, SIGNATURE_HEADER } from '@nivesh/platform';
import { headerValue, InvalidSignature, type WebhookHeaders } from './provider';

// The signing itself lives in proto: the gateway checks signatures before it queues a webhook.
export { isValidWebhookSignature, SIGNATURE_HEADER, signWebhookBody } from '@nivesh/platform';

/** Throws InvalidSignature unless the request's X-Razorpay-Signature signs its raw body. */
export const verifyWebhookSignature = (rawBody: Buffer, headers: WebhookHeaders, secret: string): void => {
  if (!isValidWebhookSignature(rawBody, headerValue(headers, SIGNATURE_HEADER), secret)) throw new InvalidSignature();
};
