import { createHmac } from 'node:crypto';
import { DomainError } from '@nivesh/proto';

/**
 * The device fingerprint of SPEC section 3, as the web sends it in `device_fingerprint`:
 *
 * - a browser fingerprint: a JSON object, sent as is or base64-encoded (the "encoded blob"), e.g.
 *   `{"userAgent":"Mozilla/5.0 ...","language":"en-IN","platform":"Linux x86_64","timezone":"Asia/Kolkata",
 *   "screen":"1920x1080x24","canvas":"<SHA-256 hex of the canvas data URL>","timestamp":1764000000000}`.
 *   Any member counts except `timestamp`, so the same browser stays the same device from one visit to
 *   the next. Values are strings, numbers, booleans, null or flat objects of those. Hashing the canvas
 *   image on the client keeps the whole fingerprint under proto's DEVICE_FINGERPRINT_MAX_LENGTH; a full
 *   data URL also works when it fits.
 * - a fallback id: any other non-empty string (the browser's stored random `device_id` when the
 *   fingerprint cannot be built), used as it is.
 *
 * The device id is the HMAC-SHA256, under a server secret, of the canonical fingerprint (keys sorted,
 * timestamp left out). The fingerprint itself is never stored.
 */
export const TIMESTAMP_KEY = 'timestamp';

/** A parsed fingerprint: the browser's components (timestamp removed) or a fallback id. */
export type Fingerprint = { kind: 'browser'; components: Record<string, unknown> } | { kind: 'fallback'; id: string };

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

const isPrimitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isComponent = (value: unknown) => isPrimitive(value) || (isPlainObject(value) && Object.values(value).every(isPrimitive));

/** The JSON object in `text`, when there is one. */
const jsonObject = (text: string): Record<string, unknown> | undefined => {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/** The object a fingerprint encodes: plain JSON, or base64 (standard or URL-safe) of JSON. */
const decodeObject = (raw: string): Record<string, unknown> | undefined =>
  jsonObject(raw) ?? (BASE64.test(raw) ? jsonObject(Buffer.from(raw, 'base64').toString('utf8').trim()) : undefined);

const invalid = () => new DomainError('bad_request', 'This device could not be recognised. Please reload the page and try again.');

/** Reads a fingerprint in the wire format above; throws bad_request when it is empty or an object with nothing but a timestamp. */
export const parseFingerprint = (raw: string): Fingerprint => {
  const trimmed = raw.trim();
  if (!trimmed) throw invalid();
  const object = decodeObject(trimmed);
  if (!object || !Object.values(object).every(isComponent)) return { kind: 'fallback', id: trimmed };
  const components = Object.fromEntries(Object.entries(object).filter(([key]) => key !== TIMESTAMP_KEY));
  if (Object.keys(components).length === 0) throw invalid();
  return { kind: 'browser', components };
};

/** JSON with object keys sorted at every level, so equal fingerprints hash equally whatever their key order. */
export const canonicalJson = (value: unknown): string => {
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

/** The text that is hashed: the kind first, so a fallback id can never collide with a browser fingerprint. */
export const canonicalFingerprint = (fingerprint: Fingerprint): string =>
  fingerprint.kind === 'browser' ? `browser\n${canonicalJson(fingerprint.components)}` : `fallback\n${fingerprint.id}`;

/** The device id (64 hex characters) of a fingerprint; `secret` is the server's device-id key. */
export const deviceIdOf = (rawFingerprint: string, secret: string): string => {
  if (!secret) throw new Error('The device id secret is not set.');
  return createHmac('sha256', secret).update(canonicalFingerprint(parseFingerprint(rawFingerprint))).digest('hex');
};
