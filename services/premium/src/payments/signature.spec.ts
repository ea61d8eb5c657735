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

  describe('accepts exactly 64 lower-case hex digits and nothing else', () => {
    const good = signWebhookBody(body, SECRET);
    const compare = jest.mocked(timingSafeEqual);

    it('accepts the correct signature', () => {
      expect(good).toHaveLength(64);
      expect(isValidWebhookSignature(body, good, SECRET)).toBe(true);
    });

    it.each([
      // Node's hex decoding drops an odd trailing digit, so this one decoded to the correct digest.
      ['the correct signature plus one hex digit (65 characters, odd length)', `${good}0`],
      ['the correct signature plus another trailing digit', `${good}f`],
      ['the correct signature plus two hex digits (66 characters)', `${good}00`],
      ['the correct signature plus a non-hex character', `${good}z`],
      ['the correct signature plus a newline', `${good}\n`],
      ['a space before the correct signature', ` ${good}`],
      ['the correct signature in upper case', good.toUpperCase()],
      ['the correct signature with one upper-case digit', good.replace(/[a-f]/, (digit) => digit.toUpperCase())],
      ['63 characters (odd length)', good.slice(0, 63)],
      ['62 characters', good.slice(0, 62)],
      ['64 characters with a non-hex one', `${good.slice(0, 63)}z`],
      ['64 characters of non-hex text', 'g'.repeat(64)],
      ['the digest in base64', Buffer.from(good, 'hex').toString('base64')],
      ['a 0x prefix', `0x${good.slice(0, 62)}`],
      ['empty', ''],
      ['missing', undefined],
    ])('refuses %s without comparing it', (_label, signature) => {
      compare.mockClear();
      expect(isValidWebhookSignature(body, signature, SECRET)).toBe(false);
      expect(compare).not.toHaveBeenCalled();
      // The same through the header, as the webhook route reads it.
      expect(() => verifyWebhookSignature(body, signature === undefined ? {} : { 'x-razorpay-signature': signature }, SECRET)).toThrow(InvalidSignature);
    });
  });

  it('compares digests with crypto.timingSafeEqual, never with ===', () => {
    const compare = jest.mocked(timingSafeEqual);
    compare.mockClear();
    expect(isValidWebhookSignature(body, signWebhookBody(body, 'another-secret'), SECRET)).toBe(false);
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('refuses to work with an empty secret rather than accept anyone’s signature', () => {
    expect(() => signWebhookBody(body, '')).toThrow();
    expect(() => isValidWebhookSignature(body, createHmac('sha256', '').update(body).digest('hex'), '')).toThrow();
  });
});
