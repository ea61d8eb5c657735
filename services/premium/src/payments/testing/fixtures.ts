import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Names of the recorded Razorpay webhook bodies in ./fixtures. */
export const WEBHOOK_FIXTURES = [
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
  'payment.failed',
  'payment.captured',
] as const;
export type WebhookFixture = (typeof WEBHOOK_FIXTURES)[number];

/** A fixture's exact bytes, as Razorpay would have sent them. */
export const fixtureBytes = (name: string): Buffer => readFileSync(join(__dirname, 'fixtures', `${name}.json`));

/** A fixture parsed. */
export const fixtureJson = <T = unknown>(name: string): T => JSON.parse(fixtureBytes(name).toString('utf8')) as T;
