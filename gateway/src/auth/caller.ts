import type { Caller } from '@nivesh/proto';
import type { FastifyRequest } from 'fastify';

// The caller of a request, as RouteAccess established it; requests are not decorated.
const callers = new WeakMap<FastifyRequest, Caller>();

export const setCaller = (request: FastifyRequest, caller: Caller): void => {
  callers.set(request, caller);
};

/** The authenticated caller, or undefined for an anonymous request. */
export const callerOf = (request: FastifyRequest): Caller | undefined => callers.get(request);
