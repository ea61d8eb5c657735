import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { OTP_LENGTH, type OtpPurpose } from '@nivesh/proto';
import { SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';

/** A code lives at most this long. */
export const OTP_TTL_SECONDS = 10 * 60;
/** After this many verification attempts a challenge is dead, even for the right code. */
export const OTP_MAX_ATTEMPTS = 5;

const SEAL_INFO = 'otp-mail';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Six random digits from the CSPRNG (crypto.randomInt is uniform, no modulo bias). */
export const generateCode = (): string => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** What is stored instead of a code: HMAC-SHA256 keyed by OTP_SECRET over purpose|email|code. */
export const hashCode = (secret: string, purpose: OtpPurpose, email: string, code: string): Buffer =>
  createHmac('sha256', secret).update(`${purpose}|${email}|${code}`).digest();

/** Constant-time comparison of two code hashes. */
export const hashesMatch = (stored: Buffer, candidate: Buffer): boolean =>
  stored.length === candidate.length && timingSafeEqual(stored, candidate);

/** The AES-256 key that seals codes for the mail queue: HKDF-SHA256 of OTP_SECRET, info 'otp-mail'. */
export const deriveSealKey = (secret: string): Buffer => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), SEAL_INFO, 32));

/** AES-256-GCM; base64url of iv | tag | ciphertext. */
export const sealCode = (key: Buffer, code: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
};

/** Opens a sealed code; throws when it was altered or sealed under another key. */
export const unsealCode = (key: Buffer, sealed: string): string => {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error('sealed code is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
};

/** The service's keyed operations on one-time codes. */
@Injectable()
export class OtpCrypto {
  private readonly sealKey: Buffer;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: Config) {
    this.sealKey = deriveSealKey(config.OTP_SECRET);
  }

  generate(): string {
    return generateCode();
  }

  hash(purpose: OtpPurpose, email: string, code: string): Buffer {
    return hashCode(this.config.OTP_SECRET, purpose, email, code);
  }

  matches(stored: Buffer, candidate: Buffer): boolean {
    return hashesMatch(stored, candidate);
  }

  seal(code: string): string {
    return sealCode(this.sealKey, code);
  }

  unseal(sealed: string): string {
    return unsealCode(this.sealKey, sealed);
  }
}
