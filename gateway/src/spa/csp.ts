import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** What vite stamps on the tags of index.html (`html.cspNonce` in web/vite.config.ts). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The nonce of one response, made on first use. One nonce serves scripts and styles alike, because
 * vite writes one placeholder on both; the CSP header and index.html read it from here.
 */
export const cspNonce = (response: ServerResponse): string => {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(response, nonce);
  }
  return nonce;
};

const nonceSource = (_request: unknown, response: ServerResponse): string => `'nonce-${cspNonce(response)}'`;

/** The Content-Security-Policy of every response. Ads come later, in a sandboxed cross-origin iframe. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", nonceSource],
  styleSrc: ["'self'", nonceSource],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  frameSrc: ['https:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Swagger UI injects inline styles, so its pages get their own, nonce-free policy. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');
