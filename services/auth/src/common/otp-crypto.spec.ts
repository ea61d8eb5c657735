import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { deriveSealKey, generateCode, hashCode, hashesMatch, OtpCrypto, sealCode, unsealCode } from './otp-crypto';

const SECRET = 'a'.repeat(32);

describe('OTP crypto', () => {
  it('generates six-digit codes, leading zeros included, spread over the whole range', () => {
    const codes = Array.from({ length: 5_000 }, generateCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(4_900);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('hashes purpose|email|code with HMAC-SHA256 keyed by the secret', () => {
    const hash = hashCode(SECRET, 'login', 'a@example.in', '123456');
    expect(hash).toHaveLength(32);
    expect(hashesMatch(hash, hashCode(SECRET, 'login', 'a@example.in', '123456'))).toBe(true);
    expect(hashesMatch(hash, hashCode(SECRET, 'registration', 'a@example.in', '123456'))).toBe(false);
    expect(hashesMatch(hash, hashCode(SECRET, 'login', 'b@example.in', '123456'))).toBe(false);
    expect(hashesMatch(hash, hashCode(SECRET, 'login', 'a@example.in', '123457'))).toBe(false);
    expect(hashesMatch(hash, hashCode('b'.repeat(32), 'login', 'a@example.in', '123456'))).toBe(false);
    expect(hashesMatch(hash, hash.subarray(0, 16))).toBe(false);
  });

  it('seals with AES-256-GCM as base64url(iv | tag | ciphertext) and opens only with the same key', () => {
    const key = deriveSealKey(SECRET);
    const sealed = sealCode(key, '042317');
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed, 'base64url')).toHaveLength(12 + 16 + 6);
    expect(sealed).not.toContain('042317');
    expect(sealCode(key, '042317')).not.toBe(sealed);
    expect(unsealCode(key, sealed)).toBe('042317');

    expect(() => unsealCode(deriveSealKey('c'.repeat(32)), sealed)).toThrow();
    const tampered = Buffer.from(sealed, 'base64url');
    tampered[tampered.length - 1]! ^= 1;
    expect(() => unsealCode(key, tampered.toString('base64url'))).toThrow();
    expect(() => unsealCode(key, 'short')).toThrow();
  });

  it('derives the sealing key with HKDF-SHA256 (info otp-mail), not the raw secret', () => {
    const key = deriveSealKey(SECRET);
    expect(key).toHaveLength(32);
    expect(key.equals(Buffer.from(SECRET).subarray(0, 32))).toBe(false);
    expect(deriveSealKey(SECRET).equals(key)).toBe(true);
  });

  it('OtpCrypto uses OTP_SECRET from the config for both', () => {
    const secret = randomBytes(32).toString('hex');
    const crypto = new OtpCrypto({ OTP_SECRET: secret } as Config);
    expect(crypto.hash('login', 'a@example.in', '000001').equals(hashCode(secret, 'login', 'a@example.in', '000001'))).toBe(true);
    expect(unsealCode(deriveSealKey(secret), crypto.seal('999999'))).toBe('999999');
    expect(crypto.unseal(crypto.seal('123456'))).toBe('123456');
  });
});
