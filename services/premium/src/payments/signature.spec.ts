import { createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidSignature } from './provider';
import { isValidWebhookSignature, signWebhookBody, verifyWebhookSignature } from './signature';
import { fixtureBytes } from './testing/fixtures';

jest.mock('node:crypto', () => {
  const actual = jest.requireActual('node:crypto');
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});

const SECRET = 'whsec_test_only_not_a_real_secret';
const body = fixtureBytes('subscription.charged');
const signed = (raw: Buffer, secret = SECRET) => ({ 'x-razorpay-signature': signWebhookBody(raw, secret) });

describe('webhook signature', () => {
  it('is the lower-case hex HMAC-SHA256 of the raw body, as Razorpay computes it', () => {
    expect(signWebhookBody(body, SECRET)).toBe(createHmac('sha256', SECRET).update(body).digest('hex'));
    expect(signWebhookBody(body, SECRET)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a valid signature over the exact bytes', () => {
    expect(isValidWebhookSignature(body, signWebhookBody(body, SECRET), SECRET)).toBe(true);
    expect(() => verifyWebhookSignature(body, signed(body), SECRET)).not.toThrow();
    // Header names arrive in any case from non-Node callers.
    expect(() => verifyWebhookSignature(body, { 'X-Razorpay-Signature': signWebhookBody(body, SECRET) }, SECRET)).not.toThrow();
  });

  it('rejects a tampered body, even one that parses to the same JSON', () => {
    const headers = signed(body);
    const tampered = Buffer.from(body.toString('utf8').replace('"amount": 20000', '"amount": 20'));
    expect(tampered.equals(body)).toBe(false);
    expect(() => verifyWebhookSignature(tampered, headers, SECRET)).toThrow(InvalidSignature);
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))));
    expect(() => verifyWebhookSignature(reformatted, headers, SECRET)).toThrow(InvalidSignature);
  });

  it('rejects a signature made with another secret', () => {
    expect(() => verifyWebhookSignature(body, signed(body, 'another-secret'), SECRET)).toThrow(InvalidSignature);
  });

  it('rejects a missing, empty or repeated header', () => {
    expect(() => verifyWebhookSignature(body, {}, SECRET)).toThrow(InvalidSignature);
    expect(() => verifyWebhookSignature(body, { 'x-razorpay-signature': '' }, SECRET)).toThrow(InvalidSignature);
    const good = signWebhookBody(body, SECRET);
    expect(() => verifyWebhookSignature(body, { 'x-razorpay-signature': [good, good] }, SECRET)).toThrow(InvalidSignature);
  });

  it('rejects signatures of a different length or alphabet without comparing them', () => {
    const good = signWebhookBody(body, SECRET);
    expect(isValidWebhookSignature(body, good.slice(0, 62), SECRET)).toBe(false);
    expect(isValidWebhookSignature(body, good.slice(0, 63), SECRET)).toBe(false);
    expect(isValidWebhookSignature(body, `${good}00`, SECRET)).toBe(false);
    expect(isValidWebhookSignature(body, `${good.slice(0, 63)}z`, SECRET)).toBe(false);
    expect(isValidWebhookSignature(body, Buffer.from(good, 'hex').toString('base64'), SECRET)).toBe(false);
  });

  it('compares digests with crypto.timingSafeEqual, never with ===', () => {
    const compare = jest.mocked(timingSafeEqual);
    compare.mockClear();
    expect(isValidWebhookSignature(body, signWebhookBody(body, 'another-secret'), SECRET)).toBe(false);
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('accepts upper-case hex of the right digest', () => {
    expect(isValidWebhookSignature(body, signWebhookBody(body, SECRET).toUpperCase(), SECRET)).toBe(true);
  });

  it('refuses to work with an empty secret rather than accept anyone’s signature', () => {
    expect(() => signWebhookBody(body, '')).toThrow();
    expect(() => isValidWebhookSignature(body, createHmac('sha256', '').update(body).digest('hex'), '')).toThrow();
  });
});
