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
    // Ads: the same-origin frame page /ads/frame.html, sandboxed without allow-same-origin (so an
    // opaque origin) by the app; the ad network's own frames inside it are https.
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
};

/** Where the app's ad slots point their sandboxed iframe (web/public/ads/frame.html). */
export const AD_FRAME_PATH = '/ads/frame.html';

/**
 * SHA-256 of the one inline script of web/public/ads/frame.html. From the frame's opaque origin the
 * Cross-Origin-Resource-Policy: same-origin of our static files blocks a /ads/frame.js, so the page
 * carries its script inline and this policy names it by hash (web-app.service.spec.ts checks they agree).
 */
export const AD_FRAME_SCRIPT_HASH = "'sha256-OVII1+RUcaLrXOHrwyHffPRsZdVX/VoUXmAU93xnraM='";

/**
 * The ad frame page runs the ad network's script, so it may load https scripts, styles, images and
 * frames, and only the app itself may frame it. Its code never runs in the app's origin: the app
 * embeds it sandboxed without allow-same-origin, so the frame cannot read the app's storage or token.
 * Its own script is allowed by hash, never 'unsafe-inline'.
 */
export const AD_FRAME_CSP = [
  "default-src 'none'",
  `script-src ${AD_FRAME_SCRIPT_HASH} https:`,
  "style-src 'unsafe-inline' https:",
  'img-src data: https:',
  'font-src data: https:',
  'connect-src https:',
  'frame-src https:',
  'media-src https:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** JSON answers are never rendered: nothing may load, nothing may frame them. Fixed, so it costs nothing per call. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Static files (scripts, the service worker, images) keep the page policy without a nonce. */
export const STATIC_CSP = pagePolicy();

const isAdFrame = (response: ServerResponse): boolean => {
  const url = response.req?.url;
  return typeof url === 'string' && url.split('?', 1)[0] === AD_FRAME_PATH;
};

/**
 * The Content-Security-Policy of one response, chosen by what it carries (and the ad frame page by
 * its path). Only HTML pages get a nonce,
 * and it is the same one the page's tags carry (see cspNonce).
 */
export const contentSecurityPolicy = (contentType: string, response: ServerResponse): string => {
  if (contentType.startsWith('text/html')) {
    if (isAdFrame(response)) return AD_FRAME_CSP;
    return pagePolicy(cspNonce(response));
  }
  if (isJsonAnswer(contentType)) return API_CSP;
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

/** Whether a response is a JSON answer (the API's answers and errors): never rendered, so it gets the API's policy. */
export const isJsonAnswer = (contentType: string): boolean => contentType.startsWith('application/json');

/**
 * helmet's headers that only a document acts on: opener isolation, origin-keyed agent clusters, the referrer of the
 * page's own requests, DNS prefetching of its links, and old browsers' XSS filter, download prompt and Flash/PDF
 * policy files. A JSON answer is never a document, so it goes without them (OWASP's REST Security Cheat Sheet lists
 * what an API response needs: the content type, nosniff, HSTS, a frame-ancestors policy and X-Frame-Options).
 */
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/** helmet's headers other than the CSP: those every response gets, and those added to anything but a JSON answer. */
export type SecurityHeaders = { readonly every: Record<string, string>; readonly documents: Record<string, string> };

/**
 * helmet's headers other than the CSP (set per response above). They never change, so helmet runs once
 * at boot against a recording response and every response gets the recorded maps in one call each: helmet's
 * per-request middleware chain cost the gateway over a tenth of its CPU under load.
 */
export const staticSecurityHeaders = (): SecurityHeaders => {
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
  const split: SecurityHeaders = { every: {}, documents: {} };
  for (const [name, value] of Object.entries(headers)) (DOCUMENT_ONLY.has(name) ? split.documents : split.every)[name] = value;
  return split;
};
