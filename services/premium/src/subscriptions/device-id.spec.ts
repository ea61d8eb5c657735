import { DomainError } from '@nivesh/proto';
import { deviceCheckFor } from './device-check';
import { canonicalJson, deviceIdOf, parseFingerprint } from './device-id';
import { DEVICE_MESSAGES } from './messages';

const SECRET = 'device-secret-for-tests-0123456789';

const browser = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  language: 'en-IN',
  platform: 'Linux x86_64',
  timezone: 'Asia/Kolkata',
  screen: '1920x1080x24',
  canvas: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
  timestamp: 1_764_000_000_000,
};
const json = (value: unknown) => JSON.stringify(value);
const base64 = (value: unknown) => Buffer.from(json(value)).toString('base64');

describe('device id', () => {
  it('is a 64-character hex HMAC, the same for the same fingerprint', () => {
    const id = deviceIdOf(base64(browser), SECRET);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(deviceIdOf(base64(browser), SECRET)).toBe(id);
  });

  it('ignores the timestamp, so the same browser stays the same device on its next visit', () => {
    expect(deviceIdOf(base64({ ...browser, timestamp: browser.timestamp + 86_400_000 }), SECRET)).toBe(deviceIdOf(base64(browser), SECRET));
  });

  it('is another device when the canvas image differs', () => {
    expect(deviceIdOf(base64({ ...browser, canvas: `${browser.canvas.slice(0, -1)}0` }), SECRET)).not.toBe(deviceIdOf(base64(browser), SECRET));
  });

  it.each(['userAgent', 'language', 'platform', 'timezone', 'screen'] as const)('is another device when %s differs', (key) => {
    expect(deviceIdOf(base64({ ...browser, [key]: `${browser[key]}-other` }), SECRET)).not.toBe(deviceIdOf(base64(browser), SECRET));
  });

  it('reads plain JSON, standard and URL-safe base64 alike, whatever the key order', () => {
    const reordered = Object.fromEntries(Object.entries(browser).reverse());
    const expected = deviceIdOf(base64(browser), SECRET);
    expect(deviceIdOf(json(browser), SECRET)).toBe(expected);
    expect(deviceIdOf(json(reordered), SECRET)).toBe(expected);
    expect(deviceIdOf(Buffer.from(json(browser)).toString('base64url'), SECRET)).toBe(expected);
    expect(deviceIdOf(`  ${base64(browser)}\n`, SECRET)).toBe(expected);
  });

  it('accepts a screen given as an object', () => {
    const fingerprint = parseFingerprint(json({ ...browser, screen: { width: 1920, height: 1080 } }));
    expect(fingerprint).toEqual({ kind: 'browser', components: expect.objectContaining({ screen: { width: 1920, height: 1080 } }) });
  });

  it('uses a fallback id as it is', () => {
    expect(parseFingerprint('3f0c6a4e-1b5d-4c1e-9f3a-7d2b8e6c5a10')).toEqual({ kind: 'fallback', id: '3f0c6a4e-1b5d-4c1e-9f3a-7d2b8e6c5a10' });
    expect(parseFingerprint('unknown-device')).toEqual({ kind: 'fallback', id: 'unknown-device' });
    expect(deviceIdOf('fallback-1', SECRET)).not.toBe(deviceIdOf('fallback-2', SECRET));
  });

  it('treats JSON it cannot read as a fallback id rather than failing', () => {
    expect(parseFingerprint('{"userAgent":')).toEqual({ kind: 'fallback', id: '{"userAgent":' });
    expect(parseFingerprint(json({ nested: { deeper: { too: 'deep' } } }))).toMatchObject({ kind: 'fallback' });
    expect(parseFingerprint(json([1, 2]))).toMatchObject({ kind: 'fallback' });
  });

  it('never lets a fallback id collide with a browser fingerprint', () => {
    expect(deviceIdOf(`browser\n${canonicalJson({ language: 'en-IN' })}`, SECRET)).not.toBe(deviceIdOf(json({ language: 'en-IN' }), SECRET));
  });

  it('refuses an empty fingerprint or one with nothing but a timestamp', () => {
    expect(() => parseFingerprint('   ')).toThrow(DomainError);
    expect(() => parseFingerprint(json({ timestamp: 1 }))).toThrow('This device could not be recognised. Please reload the page and try again.');
  });

  it('depends on the secret', () => {
    expect(deviceIdOf(base64(browser), SECRET)).not.toBe(deviceIdOf(base64(browser), `${SECRET}-rotated`));
    expect(() => deviceIdOf(base64(browser), '')).toThrow('The device id secret is not set.');
  });
});

describe('device check', () => {
  const claim = { device_id: 'device-b', claimed_at: new Date('2026-11-24T12:00:00Z'), previous_device_id: 'device-a' };

  it('allows the device holding premium, and any device while nobody holds it', () => {
    expect(deviceCheckFor(claim, 'device-b')).toEqual({ allowed: true, reason: null, logout_message: null });
    expect(deviceCheckFor(null, 'device-a')).toEqual({ allowed: true, reason: null, logout_message: null });
  });

  it('tells the device premium moved away from, with a logout message', () => {
    expect(deviceCheckFor(claim, 'device-a')).toEqual({
      allowed: false,
      reason: 'Premium was moved to another device on 24 Nov 2026.',
      logout_message: DEVICE_MESSAGES.movedAwayLogout,
    });
  });

  it('refuses any other device without logging it out', () => {
    expect(deviceCheckFor(claim, 'device-c')).toEqual({ allowed: false, reason: DEVICE_MESSAGES.inUseElsewhere, logout_message: null });
  });
});
