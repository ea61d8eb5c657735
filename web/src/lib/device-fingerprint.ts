/**
 * The device fingerprint the premium calls send (section 3): an encoded blob of the user agent, language,
 * platform, timezone, screen size, a canvas image and a timestamp. The server hashes it without the
 * timestamp, so the same browser stays the same device from visit to visit. When the blob cannot be built
 * (no canvas, storage or encoder) the session's stored `device_id` stands in for it.
 */
import { getSession } from './session';
import { DEVICE_FINGERPRINT_MAX_LENGTH } from '@nivesh/proto/values';

/** What the blob holds, in the keys the server reads. */
export type FingerprintComponents = {
  userAgent: string;
  language: string;
  platform: string;
  timezone: string;
  /** 'WxH' in CSS pixels. */
  screen: string;
  /** A data URL of a small drawn text; a short hash of it when the full image would not fit. */
  canvas: string;
  timestamp: number;
};

/** Said when even the fallback is missing (no session, no storage): the server still gets a non-empty id. */
const LAST_RESORT_ID = 'unknown-device';

/** Text drawn on the canvas: fonts, anti-aliasing and the graphics stack make its pixels differ between devices. */
const CANVAS_TEXT = 'Nivesh ₹200 premium 🇮🇳';

/** The canvas image as a data URL; throws where the browser draws nothing (no 2D context, a blocked read-out). */
const canvasImage = (): string => {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 32;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas.');
  context.textBaseline = 'top';
  context.font = '14px Arial, sans-serif';
  context.fillStyle = '#f60';
  context.fillRect(96, 2, 60, 18);
  context.fillStyle = '#069';
  context.fillText(CANVAS_TEXT, 2, 4);
  context.fillStyle = 'rgba(102, 204, 0, 0.7)';
  context.fillText(CANVAS_TEXT, 4, 8);
  const image = canvas.toDataURL();
  if (typeof image !== 'string' || !image.startsWith('data:image/')) throw new Error('The canvas gave no image.');
  return image;
};

/** A short, stable hash of a text (cyrb53): keeps an oversized canvas image distinguishable without its bytes. */
export const shortHash = (text: string): string => {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
};

/** Base64 of the UTF-8 bytes of `text` (btoa alone only takes Latin-1). */
const base64 = (text: string): string => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** The browser's components, read now; throws when one cannot be read. */
export const readFingerprintComponents = (now: number = Date.now()): FingerprintComponents => ({
  userAgent: navigator.userAgent,
  language: navigator.language,
  platform: navigator.platform,
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  screen: `${window.screen.width}x${window.screen.height}`,
  canvas: canvasImage(),
  timestamp: now,
});

/** The encoded blob of `components`; the canvas image becomes its hash when the whole would pass the server's limit. */
export const encodeFingerprint = (components: FingerprintComponents): string => {
  const whole = base64(JSON.stringify(components));
  if (whole.length <= DEVICE_FINGERPRINT_MAX_LENGTH) return whole;
  return base64(JSON.stringify({ ...components, canvas: `hash:${shortHash(components.canvas)}` }));
};

const fallbackId = (): string => getSession()?.device_id || LAST_RESORT_ID;

let built: string | null | undefined;

/** This device's fingerprint, built once per page load; the stored `device_id` when it cannot be built. */
export const deviceFingerprint = (): string => {
  if (built === undefined) {
    try {
      built = encodeFingerprint(readFingerprintComponents());
    } catch {
      built = null;
    }
  }
  return built ?? fallbackId();
};
