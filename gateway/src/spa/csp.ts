import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

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

/** The policy of HTML pages: scripts and styles only from this origin or with this response's nonce. */
const pagePolicy = (nonce?: string): string => {
  const withNonce = nonce ? ` 'nonce-${nonce}'` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${withNonce}`,
    `style-src 'self'${withNonce}`,
    "img-src 'self' data: https:",
    "connect-src 'self'",
    // Ads come later, in a sandboxed cross-origin iframe.
    'frame-src https:',
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
};

/** JSON answers are never rendered: nothing may load, nothing may frame them. Fixed, so it costs nothing per call. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Static files (scripts, the service worker, images) keep the page policy without a nonce. */
export const STATIC_CSP = pagePolicy();

/**
 * The Content-Security-Policy of one response, chosen by what it carries. Only HTML pages get a nonce,
 * and it is the same one the page's tags carry (see cspNonce).
 */
export const contentSecurityPolicy = (contentType: string, response: ServerResponse): string => {
  if (contentType.startsWith('text/html')) return pagePolicy(cspNonce(response));
  if (contentType.startsWith('application/json')) return API_CSP;
  return STATIC_CSP;
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

/**
 * helmet's headers other than the CSP (set per response above). They never change, so helmet runs once
 * at boot against a recording response and every response gets the recorded map in one call: helmet's
 * per-request middleware chain cost the gateway over a tenth of its CPU under load.
 */
export const staticSecurityHeaders = (): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  // Agrees with frame-ancestors 'none' for browsers that only read X-Frame-Options.
  helmet({ contentSecurityPolicy: false, frameguard: { action: 'deny' } })(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
};
