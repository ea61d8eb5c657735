import { cooldownKey, retryAfterSeconds } from './otp-cooldown.repository';

describe('resend cooldown', () => {
  it('rounds the time left up to whole seconds, between 1 and the cooldown', () => {
    expect(retryAfterSeconds(30_000, 30)).toBe(30);
    expect(retryAfterSeconds(29_001, 30)).toBe(30);
    expect(retryAfterSeconds(29_000, 30)).toBe(29);
    expect(retryAfterSeconds(1, 30)).toBe(1);
    expect(retryAfterSeconds(0, 30)).toBe(1);
    // The key vanished between SET NX and PTTL (-2), or has no expiry (-1).
    expect(retryAfterSeconds(-2, 30)).toBe(1);
    expect(retryAfterSeconds(-1, 30)).toBe(1);
    expect(retryAfterSeconds(45_000, 30)).toBe(30);
  });

  it('keys by purpose and a hash of the address, never the address itself', () => {
    const key = cooldownKey('nivesh', 'login', 'asha@example.in');
    expect(key).toMatch(/^nivesh:otp-cooldown:login:[0-9a-f]{64}$/);
    expect(key).not.toContain('asha');
    expect(cooldownKey('nivesh', 'password_reset', 'asha@example.in')).not.toBe(key);
  });
});
