import type { FastifyRequest } from 'fastify';

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * The origin the browser used for this request, for the links a service sends it back to (the payment simulator's
 * page and its return). It is the request's own when its host is PUBLIC_URL's or a loopback name (a developer who
 * opened 127.0.0.1 while PUBLIC_URL says localhost stays on 127.0.0.1 and keeps the session stored there). Any other
 * Host header is not trusted: undefined, and the service uses its PUBLIC_URL.
 */
export const siteOriginOf = (request: FastifyRequest, publicUrl: string): string | undefined => {
  const host = request.headers.host;
  if (!host) return undefined;
  let asked: URL;
  try {
    asked = new URL(`${request.protocol}://${host}`);
  } catch {
    return undefined;
  }
  if (asked.host !== host.toLowerCase() || asked.username || asked.pathname !== '/') return undefined;
  const trusted = asked.hostname === new URL(publicUrl).hostname || LOOPBACK_HOSTS.test(asked.hostname);
  return trusted ? asked.origin : undefined;
};
