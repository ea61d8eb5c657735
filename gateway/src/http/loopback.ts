import type { FastifyRequest } from 'fastify';

/** Loopback addresses: 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6. */
export const isLoopback = (ip: string | undefined): boolean =>
  ip !== undefined && (ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.'));

/**
 * Whether a request comes from this machine: its socket and, behind a trusted proxy, every address it was forwarded
 * for. Requiring all of them means a spoofed `X-Forwarded-For: 127.0.0.1` added to a remote client's does not pass.
 */
export const isLoopbackRequest = (request: FastifyRequest): boolean =>
  [request.socket.remoteAddress, request.ip, ...(request.ips ?? [])].every(isLoopback);
